#include "sgmc/verdict/stationarity.hpp"

#include <cmath>
#include <limits>

namespace sgmc {

namespace {

/// Batch means over the second half: their spread estimates the error of a
/// half's mean when a block is longer than the autocorrelation (ESS >= 400
/// over a run, ess_bulk's limit, leaves 10 effective draws a block). Only
/// the second half's blocks: a trend in the first half would inflate its own
/// error and hide itself.
constexpr Index kBlocks = 20;

}  // namespace

double energy_drift(const Eigen::Ref<const Vec>& energies) {
  const Index half = energies.size() / 2;
  if (half < kBlocks) return std::numeric_limits<double>::quiet_NaN();
  const auto second = energies.tail(half);
  const Index length = half / kBlocks;
  Vec means(kBlocks);
  for (Index b = 0; b < kBlocks; ++b) means[b] = second.segment(b * length, length).mean();
  const double spread = (means.array() - means.mean()).square().sum() / (kBlocks - 1);
  // Each half's mean has variance spread / kBlocks under stationarity.
  const double se = std::sqrt(2.0 * spread / kBlocks);
  return std::abs(second.mean() - energies.head(half).mean()) / se;  // NaN: energies do not vary
}

std::vector<Check> stationarity_checks(const RecordedRun& run) {
  if (run.chains.empty() || run.chains.front().contour) return {};
  // Under stationarity z is about Student t with 19 degrees of freedom;
  // |t| > 4 has probability 8e-4, so that 8 chains raise a false alarm
  // less than once in 150 runs.
  Check check{"energy_drift", 0.0, 4.0, true, "",
              "the mean energy of the second half of a chain's draws differs from the first "
              "half's beyond their Monte Carlo error: the chain was still moving (towards the "
              "typical set, or between modes); run a longer burn_in"};
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    const double z = energy_drift(run.chains[c].draws.energies());
    if (std::isnan(z) || !(z <= check.value)) {
      check.value = z;
      check.where = "chain " + show(c);
      if (std::isnan(z)) break;
    }
  }
  return {check};
}

}  // namespace sgmc
