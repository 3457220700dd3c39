// The contour part of one chain's step (SPEC §4): from the energy of the
// evaluation it finds J_k, updates theta with it, records the draw's index
// and weights, and returns the gradient multiplier g_k that the kernel's
// move applies. CSGLD, CSGHMC and pCSGLD are SGLD, SGHMC and pSGLD with
// grad U_hat replaced by g_k grad U_hat; KSGLD keeps theta fixed.
//
// With an automatic partition (SPEC §4.4) the first K_pilot iterations are
// the pilot, in two stages (contour/auto_partition.hpp): the first half
// moves with the plain step (g = 1), the second with the contour step on
// the partition the first half chose; the energies (and in stage 2 the
// running log-weights) are kept, nothing is recorded, and at the end of
// each stage the partition, zeta and theta_0 are chosen again — by the
// chain itself, or for a shared theta by the driver, from all chains.
#pragma once

#include <memory>
#include <optional>

#include "sgmc/contour/auto_partition.hpp"
#include "sgmc/contour/contour_trace.hpp"
#include "sgmc/contour/theta.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// theta_drift's blocks (lib/sgmc/diagnostics/contour_convergence.hpp
/// derives the number): the last half of the iterations after the pilot is
/// cut into this many, and theta is averaged over each.
inline constexpr Index kThetaBlocks = 16;

/// A contour chain's record as handed to users: its trace, final theta
/// (which carries the partition, zeta and field), and what the
/// convergence diagnostics need beside them.
struct ContourDraws {
  ContourTrace trace;
  Theta theta;
  /// m x F: column b the mean of theta over the iterations of block b of
  /// the last half after the pilot (SPEC §4.4 "theta drift"), for the F
  /// blocks the run reached (0 when it stopped before the last half).
  Eigen::MatrixXd theta_blocks;
  bool automatic = false;  ///< the partition was chosen by the pilot
  Index pilot_steps = 0;   ///< K_pilot of an automatic partition
  bool configured = true;  ///< false when the run stopped during the pilot

  /// log w of every recorded draw (SPEC §4.1): the stored running weights,
  /// or recomputed from the final theta.
  Vec log_weights(WeightKind kind, WeightTheta when) const;
};

class Contour {
 public:
  /// `adaptive` = false for KSGLD (theta fixed at settings.theta0);
  /// `capacity` draws and n_steps iterations are recorded at most.
  /// With `shared` set (ICSGLD, SPEC §5) the chain reads that theta and its
  /// owner updates it before each step; `adaptive` must then be false.
  /// Precondition: settings validated.
  Contour(const ContourSettings& settings, bool adaptive, Index capacity, Index n_steps,
          std::shared_ptr<Theta> shared = nullptr);

  /// One step at iteration k (1-based) for a finite energy u = U_hat(x_k):
  /// J_k, then theta updated with J_k and omega_(k - k0) (k0 the end of
  /// the last pilot stage, else 0), then g_k from the updated theta at
  /// temperature tau, then (when `record`) the draw's index, running
  /// weights and g_k (SPEC §4 step order). In pilot stage 1 it only keeps
  /// u and returns 1. Never allocates, but at the end of a pilot stage of a
  /// chain that owns its theta (the partition is chosen).
  double step(double u, Index k, double tau, bool record);

  /// The pilot stage of iteration k: 1 or 2, or 0 after the pilot (and for
  /// a fixed partition).
  Index stage_of(Index k) const { return k <= stage1_ ? 1 : k <= pilot_steps_ ? 2 : 0; }
  /// The last iteration of pilot stage `stage` (1 or 2).
  Index stage_end(Index stage) const { return stage == 1 ? stage1_ : pilot_steps_; }
  Index pilot_steps() const { return pilot_steps_; }
  /// What a pilot stage kept: the energies of stage 1 or 2 (and the
  /// running log-weights of stage 2) so far.
  ConstVecRef stage_energies(Index stage) const;
  ConstVecRef stage_log_weights() const;
  /// Ends pilot stage `stage` with `choice`: the partition, zeta and
  /// theta_0 the chain moves with from the next iteration. A chain that
  /// shares its theta does not reset it (its owner does). Allocates.
  void configure(Index stage, const PartitionChoice& choice);
  const Theta& theta() const { return *theta_; }
  /// True when the theta is shared with other chains and updated by its owner.
  bool shares_theta() const { return shared_; }
  const ContourTrace& trace() const { return trace_; }
  /// A copy of what has been recorded so far.
  ContourDraws snapshot() const;

  /// Checkpoints: theta (unless shared: its owner saves it) and the trace
  /// of `draws` draws after `steps` iterations.
  void save(ByteWriter& out) const;
  void load(ByteReader& in, Index draws, Index steps);

 private:
  /// The thetas of the trace after `steps` iterations.
  Index thetas_after(Index steps) const;

  ContourSettings settings_;
  bool adaptive_;
  bool shared_;
  bool automatic_;
  Index capacity_;
  Index n_steps_;
  Index pilot_steps_;
  Index stage1_;
  Index pilot_seen_ = 0;
  Vec pilot_energies_;     ///< both stages' energies
  Vec pilot_log_weights_;  ///< stage 2's running log-weights
  Index stage_done_;       ///< the last pilot stage ended (2 for a fixed partition)
  Index sa_origin_ = 0;    ///< k0 of the SA steps omega_(k - k0)
  Index half_from_;  ///< the last iteration before the last half
  std::shared_ptr<Theta> theta_;
  ContourTrace trace_;
  Eigen::MatrixXd theta_sums_;  ///< m x kThetaBlocks: sum of theta over each block's iterations
  Vec block_iterations_;        ///< the iterations summed into each block
};

}  // namespace sgmc
