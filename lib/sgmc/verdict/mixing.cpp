#include "sgmc/verdict/mixing.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/diagnostics/convergence.hpp"
#include "sgmc/estimators/cycle_weights.hpp"

namespace sgmc {

namespace {

/// Above this many coordinates the checks read this many, evenly spaced:
/// each costs a sort of all draws, and a model that large (a network's
/// weights) has no meaningful per-coordinate R-hat to find the worst of.
constexpr Index kMaxCoordinates = 1000;

/// R-hat and ESS need two draws in each half of a segment.
constexpr Index kMinSegment = 4;

/// The coordinates the checks read.
std::vector<Index> checked_coordinates(Index dim) {
  const Index n = std::min(dim, kMaxCoordinates);
  std::vector<Index> out(static_cast<std::size_t>(n));
  for (Index j = 0; j < n; ++j) out[static_cast<std::size_t>(j)] = j * dim / n;
  return out;
}

/// The worst value of `values` (largest, or smallest when `largest` is
/// false) and its coordinate; NaN when any value is NaN.
std::pair<double, Index> worst(const Vec& values, bool largest) {
  Index at = 0;
  for (Index j = 0; j < values.size(); ++j) {
    if (std::isnan(values[j])) return {values[j], j};
    if (largest ? values[j] > values[at] : values[j] < values[at]) at = j;
  }
  return {values[at], at};
}

}  // namespace

std::vector<Eigen::Ref<const Eigen::MatrixXd>> target_segments(const RecordedRun& run) {
  struct Span {
    const DrawStore* draws;
    Index start, length;
  };
  std::vector<Span> spans;
  if (run.chains.empty() || run.chains.front().contour) return {};
  for (const auto& chain : run.chains) {
    if (chain.temperature != 1.0 || chain.draws.size() == 0) continue;
    if (!run.cyclical) {
      spans.push_back({&chain.draws, 0, chain.draws.size()});
      continue;
    }
    const auto cycles = draw_cycles(chain.draws, *run.cyclical);
    for (Index start = 0, n = std::ssize(cycles); start < n;) {
      Index end = start;
      while (end < n && cycles[static_cast<std::size_t>(end)] == cycles[static_cast<std::size_t>(start)]) ++end;
      spans.push_back({&chain.draws, start, end - start});
      start = end;
    }
  }
  Index shortest = spans.empty() ? 0 : spans.front().length;
  for (const auto& span : spans) shortest = std::min(shortest, span.length);
  std::vector<Eigen::Ref<const Eigen::MatrixXd>> out;
  for (const auto& span : spans) out.emplace_back(span.draws->draws().middleCols(span.start, shortest));
  return out;
}

std::vector<Check> mixing_checks(const RecordedRun& run) {
  const auto segments = target_segments(run);
  if (run.chains.empty() || run.chains.front().contour) return {};
  const std::string unit = run.cyclical ? "cycles" : "chains";
  Check rhat_check{"rhat", std::nan(""), 1.01, true, "",
                   "the " + unit + " (or the halves of one) disagree beyond their spread: not "
                   "mixed, stuck in different modes, or still moving; run longer or start "
                   "chains apart"};
  Check bulk{"ess_bulk", std::nan(""), 400.0, false, "",
             "too few effective draws for the mean: its Monte Carlo error exceeds 0.05 sd; "
             "run longer"};
  Check tail{"ess_tail", std::nan(""), 400.0, false, "",
             "too few effective draws in the tails for the 5% and 95% quantiles; run longer"};
  if (segments.empty() || segments.front().cols() < kMinSegment) {
    for (Check* check : {&rhat_check, &bulk, &tail}) check->where = "too few draws";
    return {rhat_check, bulk, tail};
  }
  const auto coordinates = checked_coordinates(segments.front().rows());
  std::vector<Eigen::MatrixXd> kept;
  kept.reserve(segments.size());
  for (const auto& segment : segments) kept.emplace_back(segment(coordinates, Eigen::all));
  const std::vector<Eigen::Ref<const Eigen::MatrixXd>> refs(kept.begin(), kept.end());
  const auto fill = [&](Check& check, ConvergenceStat stat) {
    const auto [value, at] = worst(convergence_per_coordinate(refs, stat), check.fails_above);
    check.value = value;
    check.where = "coordinate " + show(coordinates[static_cast<std::size_t>(at)]);
  };
  fill(rhat_check, ConvergenceStat::kRhat);
  fill(bulk, ConvergenceStat::kEssBulk);
  fill(tail, ConvergenceStat::kEssTail);
  return {rhat_check, bulk, tail};
}

}  // namespace sgmc
