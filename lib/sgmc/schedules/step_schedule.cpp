#include "sgmc/schedules/step_schedule.hpp"

#include <cmath>
#include <numbers>

#include "sgmc/core/error.hpp"

namespace sgmc {

void StepSchedule::validate() const {
  require(std::isfinite(step_size) && step_size > 0, "step_size", step_size, "must be finite and > 0");
  if (kind == ScheduleKind::kPolynomial) {
    require(std::isfinite(offset) && offset >= 0, "step_offset", offset, "must be finite and >= 0");
    require(power > 0.5 && power <= 1, "step_power", power, "must be in (0.5, 1]");
  }
  if (kind == ScheduleKind::kCyclical) {
    require(total >= 1, "n_steps", total, "must be >= 1");
    require(cycles >= 1, "cycles", cycles, "must be >= 1");
    require(cycles <= total, "cycles", cycles, "must not exceed n_steps");
    require(exploration >= 0 && exploration < 1, "exploration", exploration, "must be in [0, 1)");
  }
}

double StepSchedule::cycle_position(Index k) const {
  const Index length = cycle_length();
  return static_cast<double>((k - 1) % length) / static_cast<double>(length);
}

double StepSchedule::at(Index k) const {
  switch (kind) {
    case ScheduleKind::kConstant:
      return step_size;
    case ScheduleKind::kPolynomial:
      return step_size * std::pow(offset + static_cast<double>(k), -power);
    case ScheduleKind::kCyclical:  // cSG-MCMC eq. (1)
      return 0.5 * step_size * (std::cos(std::numbers::pi * cycle_position(k)) + 1.0);
  }
  return step_size;
}

}  // namespace sgmc
