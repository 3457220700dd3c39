#include "sgmc/verdict/step_bias.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/diagnostics/normal_quantile.hpp"

namespace sgmc {

std::vector<Check> step_bias_checks(const RecordedRun& run) {
  if (run.chains.empty() || !run.chains.front().stein) return {};
  Check check{"step_bias", 0.0, 0.2, true, "",
              "the draws break Stein's identity E[(x - mu) dU/dx] = tau by more than their "
              "error allows: the step size (or the gradient noise of the batch) inflates or "
              "shrinks the spread; set a smaller step_size or step_bias, or a larger batch_size"};
  const auto dim = static_cast<double>(run.chains.front().stein->ratio.size());
  const double q = normal_quantile(1.0 - 0.01 / (2.0 * dim * static_cast<double>(run.chains.size())));
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    const SteinRatios& stein = *run.chains[c].stein;
    for (Index i = 0; i < stein.ratio.size(); ++i) {
      if (std::isnan(stein.ratio[i])) {  // fewer than two blocks hold draws
        check.value = stein.ratio[i];
        check.where = "chain " + show(c) + " (too few draws)";
        return {check};
      }
      const double bound = std::max(0.0, std::abs(stein.ratio[i] - 1.0) - q * stein.se[i]);
      if (bound > check.value) {
        check.value = bound;
        check.where = "chain " + show(c) + ", coordinate " + show(i) + " (ratio " +
                      shown(stein.ratio[i]) + " +- " + shown(stein.se[i]) + ")";
      }
    }
  }
  return {check};
}

}  // namespace sgmc
