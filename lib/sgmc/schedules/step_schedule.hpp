// Step-size schedules of SPEC §1.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

enum class ScheduleKind {
  kConstant,    ///< eps_k = eps
  kPolynomial,  ///< eps_k = a (b + k)^(-gamma)
  kCyclical,    ///< cSG-MCMC eq. (1): eps_k = eps0/2 (cos(pi r(k)) + 1)
};

/// Step size eps_k for iterations k = 1..K.
struct StepSchedule {
  ScheduleKind kind = ScheduleKind::kConstant;
  double step_size = 1e-3;  ///< eps, a, or eps0
  double offset = 0.0;      ///< b of the polynomial decay
  double power = 0.55;      ///< gamma of the polynomial decay, in (0.5, 1]
  Index total = 1;          ///< K of the cyclical schedule
  Index cycles = 1;         ///< M of the cyclical schedule
  /// beta in [0, 1) of cSG-MCMC §3: iterations with r(k) < beta are the
  /// exploration stage. 0 (no exploration stage) unless a cyclical sampler
  /// (cycsgld, cycsghmc) sets it.
  double exploration = 0.0;

  /// Throws sgmc::Error naming the first invalid field.
  void validate() const;

  /// eps_k; k is 1-based.
  double at(Index k) const;

  /// Cycle length L = ceil(K / M).
  Index cycle_length() const { return (total + cycles - 1) / cycles; }
  /// r(k) = mod(k - 1, L) / L in [0, 1): the position inside the cycle.
  double cycle_position(Index k) const;
  /// c = floor((k - 1) / L), the 0-based cycle of iteration k.
  Index cycle_of(Index k) const { return (k - 1) / cycle_length(); }
  /// True in the exploration stage of a cyclical schedule (SPEC §3): the
  /// step runs with tau = 0 and records nothing.
  bool exploring(Index k) const {
    return kind == ScheduleKind::kCyclical && cycle_position(k) < exploration;
  }
};

}  // namespace sgmc
