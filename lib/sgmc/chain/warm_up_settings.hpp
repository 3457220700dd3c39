// The automatic warm-up (docs/warm_up.md): on when the user sets no step size.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

/// delta of the step rule (step_rule.hpp) by default: the variance's relative
/// bias, 5% (about 2.5% on standard deviations).
inline constexpr double kDefaultStepBias = 0.05;
/// The range of an automatic SGHMC friction eta is [kMinAutoFriction, 1].
inline constexpr double kMinAutoFriction = 0.01;

/// The shortest burn-in an automatic warm-up accepts: its typical-set stage
/// needs two blocks of 25 iterations and its step rule a window after them.
inline constexpr Index kMinAutoWarmUp = 100;

/// Throws Error naming 'burn_in' when it is too short for an automatic warm-up.
void check_warm_up_burn_in(Index burn_in);

struct WarmUpSettings {
  /// The step size (and SGHMC's friction, unless `auto_friction` is false)
  /// is chosen during the burn-in; `SamplerConfig::schedule.step_size` is
  /// then set from it.
  bool automatic = false;
  bool auto_friction = false;   ///< SGHMC kernels: choose the friction too
  double bias = kDefaultStepBias;  ///< delta of the step rule (step_rule.hpp)
};

}  // namespace sgmc
