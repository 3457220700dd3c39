// The contour part of one chain's step (SPEC §4): from the energy of the
// evaluation it finds J_k, updates theta with it, records the draw's index
// and weights, and returns the gradient multiplier g_k that the kernel's
// move applies. CSGLD, CSGHMC and pCSGLD are SGLD, SGHMC and pSGLD with
// grad U_hat replaced by g_k grad U_hat; KSGLD keeps theta fixed.
#pragma once

#include <memory>

#include "sgmc/contour/contour_trace.hpp"
#include "sgmc/contour/theta.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// A contour chain's record as handed to users: its trace and final theta.
struct ContourDraws {
  ContourTrace trace;
  Theta theta;

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
  /// J_k, then theta updated with J_k and omega_k, then (when `record`) the
  /// draw's index and running weights, then g_k from the updated theta at
  /// temperature tau (SPEC §4 step order). Never allocates.
  double step(double u, Index k, double tau, bool record);

  const Theta& theta() const { return *theta_; }
  /// True when the theta is shared with other chains and updated by its owner.
  bool shares_theta() const { return shared_; }
  const ContourTrace& trace() const { return trace_; }
  /// A copy of what has been recorded so far.
  ContourDraws snapshot() const { return {trace_.trimmed(), *theta_}; }

  /// Checkpoints: theta (unless shared: its owner saves it) and the trace
  /// of `draws` draws after `steps` iterations.
  void save(ByteWriter& out) const;
  void load(ByteReader& in, Index draws, Index steps);

 private:
  ContourSettings settings_;
  bool adaptive_;
  bool shared_;
  std::shared_ptr<Theta> theta_;
  ContourTrace trace_;
};

}  // namespace sgmc
