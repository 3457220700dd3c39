// The contour part of one chain's step (SPEC §4): from the energy of the
// evaluation it finds J_k, updates theta with it, records the draw's index
// and weights, and returns the gradient multiplier g_k that the kernel's
// move applies. CSGLD, CSGHMC and pCSGLD are SGLD, SGHMC and pSGLD with
// grad U_hat replaced by g_k grad U_hat; KSGLD keeps theta fixed.
//
// With an automatic partition (SPEC §4.4) the first K_pilot iterations are
// the pilot: the move is the plain one (g = 1), nothing is recorded, and
// the energies are kept; after the last one the partition, zeta and
// theta_0 are chosen from them (contour/auto_partition.hpp) — by the chain
// itself, or for a shared theta by the driver, from all chains' pilots.
#pragma once

#include <memory>
#include <optional>

#include "sgmc/contour/auto_partition.hpp"
#include "sgmc/contour/contour_trace.hpp"
#include "sgmc/contour/theta.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// A contour chain's record as handed to users: its trace, final theta
/// (which carries the partition, zeta and field), and what the
/// convergence diagnostics need beside them.
struct ContourDraws {
  ContourTrace trace;
  Theta theta;
  /// theta after iteration late_from() (SPEC §4.4 "theta drift"); empty
  /// when the run stopped before it.
  Vec theta_late;
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
  /// J_k, then theta updated with J_k and omega_(k - K_pilot), then g_k
  /// from the updated theta at temperature tau, then (when `record`) the
  /// draw's index, running weights and g_k (SPEC §4 step order). During
  /// the pilot: keeps u and returns 1. Never allocates, but at the end of
  /// the pilot of a chain that owns its theta (the partition is chosen).
  double step(double u, Index k, double tau, bool record);

  /// True while iteration k belongs to the pilot of an automatic partition.
  bool piloting(Index k) const { return k <= pilot_steps_; }
  Index pilot_steps() const { return pilot_steps_; }
  /// The pilot's energies so far (K_pilot once the pilot is over).
  ConstVecRef pilot_energies() const { return pilot_energies_.head(pilot_seen_); }
  /// Ends the pilot with `choice`: the partition, zeta and theta_0 the
  /// contour phase runs with. A chain that shares its theta does not reset
  /// it (its owner does). Allocates.
  void configure(const PartitionChoice& choice);
  /// The iteration after which theta_late is kept: the start of the last
  /// quarter of the contour phase.
  Index late_from() const { return late_from_; }

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
  Index pilot_seen_ = 0;
  Vec pilot_energies_;
  bool configured_;
  Index late_from_;
  bool has_late_ = false;
  std::shared_ptr<Theta> theta_;
  ContourTrace trace_;
  Vec theta_late_;
};

/// Checkpoints of an automatic partition: whether it was chosen, and then
/// its m, u1, du and zeta (the theta_0 is not needed: theta is saved).
void save_choice(ByteWriter& out, const std::optional<PartitionChoice>& choice);
/// What save_choice() wrote, checked (m >= 2, du > 0, zeta > 0, all finite).
std::optional<PartitionChoice> load_choice(ByteReader& in);

}  // namespace sgmc
