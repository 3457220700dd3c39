#include "sgmc/samplers/swap_rule.hpp"

#include <limits>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {

void ReplicaSettings::validate(double temperature, double step_size) const {
  require(temperature > 0, "temperature", temperature,
          "must be > 0 for replica exchange (it divides the swap rule)");
  require(auto_temperature || (std::isfinite(temperature_max) && temperature_max > temperature),
          "temperature_max", temperature_max,
          ("must be finite and > temperature = " + show(temperature) +
           " (temperatures must increase along the ladder; not set, the warm-up chooses it when "
           "step_size is not set either)")
              .c_str());
  require(std::isfinite(step_size_max) && step_size_max >= 0, "step_size_max", step_size_max,
          ("must be finite and >= 0 (0 = step_size = " + show(step_size) + ")").c_str());
  require(swap_every >= 1, "swap_every", swap_every, "must be >= 1");
  require(std::isfinite(correction) && correction >= 1, "swap_correction", correction,
          "must be finite and >= 1");
  require(std::isfinite(variance) && variance >= 0, "swap_variance", variance,
          "must be finite and >= 0");
}

double swap_log_ratio(double tau_l, double tau_h, double energy_l, double energy_h, double sigma2,
                      double correction) {
  const double dbeta = 1.0 / tau_l - 1.0 / tau_h;  // > 0
  return dbeta * (energy_l - energy_h - dbeta * sigma2 / correction);
}

void NoiseVariance::add(double energy) {
  if (has_previous_) {
    sum_squares_ += (energy - previous_) * (energy - previous_);
    ++count_;
  }
  previous_ = energy;
  has_previous_ = true;
}

void NoiseVariance::save(ByteWriter& out) const {
  out.flag(has_previous_);
  out.f64(previous_);
  out.f64(sum_squares_);
  out.i64(count_);
}

void NoiseVariance::load(ByteReader& in) {
  has_previous_ = in.flag("sigma2: has previous");
  previous_ = in.finite("sigma2: previous energy");
  sum_squares_ = in.finite("sigma2: sum of squares");
  if (sum_squares_ < 0) in.fail("sigma2: sum of squares", "negative");
  count_ = in.index("sigma2: count", 0, std::numeric_limits<Index>::max());
}

}  // namespace sgmc
