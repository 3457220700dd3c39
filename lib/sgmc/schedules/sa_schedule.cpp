#include "sgmc/schedules/sa_schedule.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {

void SaSchedule::validate() const {
  if (constant) {
    require(omega > 0 && omega <= 1, "sa_omega", omega, "must be in (0, 1]");
    return;
  }
  require(omega_max > 0 && omega_max <= 1, "sa_omega_max", omega_max, "must be in (0, 1]");
  require(std::isfinite(scale) && scale > 0, "sa_scale", scale, "must be finite and > 0");
  require(std::isfinite(power) && power > 0, "sa_power", power, "must be finite and > 0");
  require(std::isfinite(offset) && offset >= 0, "sa_offset", offset, "must be finite and >= 0");
}

double SaSchedule::at(Index k) const {
  if (constant) return omega;
  return std::min(omega_max, scale / (std::pow(static_cast<double>(k), power) + offset));
}

}  // namespace sgmc
