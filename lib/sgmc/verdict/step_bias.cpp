#include "sgmc/verdict/step_bias.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/core/shown.hpp"
#include "sgmc/diagnostics/normal_quantile.hpp"

namespace sgmc {

namespace {

/// The largest, over the chains that make the estimates and the
/// coordinates of `run`, lower confidence bound max(0, |deviation_i| -
/// q se_i) into `check`, `deviation` and `se` reading chain c's i-th
/// value; NaN when a chain has too few draws. A bias that reSGLD's hotter
/// replicas pass down through swaps is in chain 0's draws, which it reads.
template <typename Deviation, typename Error>
Check worst_bound(Check check, const RecordedRun& run, Deviation deviation, Error se) {
  const auto dim = static_cast<double>(run.chains.front().stein->ratio.size());
  double judged = 0;
  for (std::size_t c = 0; c < run.chains.size(); ++c) judged += run.makes_estimates(c) ? 1 : 0;
  const double q = normal_quantile(1.0 - 0.01 / (2.0 * dim * judged));
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    if (!run.makes_estimates(c)) continue;
    const SteinRatios& stein = *run.chains[c].stein;
    for (Index i = 0; i < stein.ratio.size(); ++i) {
      const double value = deviation(stein, i);
      if (std::isnan(value)) {  // fewer than two blocks hold draws
        check.value = value;
        check.where = "chain " + show(c) + " (too few draws)";
        return check;
      }
      const double bound = std::max(0.0, std::abs(value) - q * se(stein, i));
      if (bound > check.value) {
        check.value = bound;
        check.where = "chain " + show(c) + ", coordinate " + show(i) + " (" + shown(value) +
                      " +- " + shown(se(stein, i)) + ")";
      }
    }
  }
  return check;
}

}  // namespace

std::vector<Check> step_bias_checks(const RecordedRun& run) {
  if (run.chains.empty() || !run.chains.front().stein) return {};
  const Check spread{"step_bias", 0.0, 0.2, true, "",
                     "the draws break Stein's identity E[(x - mu) dU/dx] = tau by more than their "
                     "error allows: the step size (or the gradient noise of the batch) inflates or "
                     "shrinks the spread; set a smaller step_size or step_bias, or a larger "
                     "batch_size"};
  const Check mean{"mean_bias", 0.0, 0.1, true, "",
                   "the draws break Stein's identity E[dU/dx] = 0 by more than their error "
                   "allows: their mean is shifted (by about this many posterior sds); set a "
                   "smaller step_size or step_bias, or run longer"};
  return {worst_bound(spread, run, [](const SteinRatios& s, Index i) { return s.ratio[i] - 1.0; },
                      [](const SteinRatios& s, Index i) { return s.se[i]; }),
          worst_bound(mean, run, [](const SteinRatios& s, Index i) { return s.shift[i]; },
                      [](const SteinRatios& s, Index i) { return s.shift_se[i]; })};
}

}  // namespace sgmc
