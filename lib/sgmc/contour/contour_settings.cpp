#include "sgmc/contour/contour_settings.hpp"

#include <cmath>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {

void validate_theta0(std::span<const double> theta0) {
  const auto m = static_cast<Index>(theta0.size());
  require(m >= 2, "contour_theta0", "an array of length " + show(m), "must have length m >= 2");
  double sum = 0;
  for (Index i = 0; i < m; ++i) {
    const double t = theta0[static_cast<std::size_t>(i)];
    require(std::isfinite(t) && t > 0, "contour_theta0",
            "an array with entry " + show(i) + " = " + show(t), "entries must be finite and > 0");
    sum += t;
  }
  require(std::abs(sum - 1.0) <= 1e-9, "contour_theta0", "an array summing to " + show(sum),
          "must sum to 1 (within 1e-9)");
}

void ContourSettings::validate() const {
  partition.validate();
  require(!std::isnan(clip_lo) && !std::isnan(clip_hi) && clip_lo <= clip_hi, "contour_clip_lo",
          clip_lo, ("must be <= contour_clip_hi = " + show(clip_hi)).c_str());
  if (!theta0.empty()) {
    validate_theta0(theta0);
    require(static_cast<Index>(theta0.size()) == partition.m, "contour_theta0",
            "an array of length " + show(theta0.size()),
            ("must have length contour_m = " + show(partition.m)).c_str());
  }
  sa.validate();
  require(theta_thin >= 0, "theta_thin", theta_thin, "must be >= 0 (0 = no trajectory)");
  require(vr_period >= 0, "contour_vr_period", vr_period, "must be >= 0 (0 = off)");
  require(pilot_steps >= 0, "contour_pilot_steps", pilot_steps, "must be >= 0 (0 = no pilot)");
  if (auto_partition) {
    require(pilot_steps >= kMinAutoPilot, "contour_pilot_steps", pilot_steps,
            ("must be >= " + show(kMinAutoPilot) + " with contour_partition = \"auto\"").c_str());
    require(theta0.empty(), "contour_theta0", "an array of length " + show(theta0.size()),
            "belongs to a fixed partition: set contour_u1 and contour_du (or contour_partition = "
            "\"fixed\") with it");
  }
}

}  // namespace sgmc
