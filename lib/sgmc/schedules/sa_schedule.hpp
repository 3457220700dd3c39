// Stochastic-approximation step sizes omega_k of the contour samplers (SPEC §1).
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

/// omega_k = min(omega_max, A / (k^alpha + B)), or a constant omega when
/// `constant` is set.
struct SaSchedule {
  bool constant = false;
  double omega = 0.01;      ///< the constant omega
  double omega_max = 1.0;   ///< cap of the decaying form
  double scale = 1.0;       ///< A
  double power = 0.6;       ///< alpha
  double offset = 100.0;    ///< B

  void validate() const;
  /// omega_k; k is 1-based.
  double at(Index k) const;
};

}  // namespace sgmc
