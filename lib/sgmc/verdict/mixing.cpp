#include "sgmc/verdict/mixing.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/core/shown.hpp"
#include "sgmc/diagnostics/convergence.hpp"
#include "sgmc/diagnostics/normal_quantile.hpp"
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

/// The upper 1 - alpha quantile of chi-square with k degrees of freedom, by
/// Wilson and Hilferty's cube-root normal approximation: above the exact
/// value for k = 1 (by 3% at alpha = 0.001, 11% at 1e-5), closer for more
/// degrees of freedom; a lenient limit by at most that much.
double chi_square_quantile(double alpha, double k) {
  const double h = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - h + normal_quantile(1.0 - alpha) * std::sqrt(h), 3);
}

}  // namespace

double rhat_limit(double ess_bulk, Index segments, Index coordinates) {
  // Split R-hat^2 = (n - 1)/n + (B/n)/W over M = 2 x segments halves, and
  // for stationary chains B/n, the spread of the M halves' means, is about
  // W chi2_(M-1) / ((M - 1) n_e) with n_e = ESS / M effective draws per
  // half: R-hat^2 - 1 < q / ((M - 1) n_e) but with probability alpha.
  // Below the ESS that ess_bulk accepts the run fails that check anyway,
  // and R-hat keeps the limit of a run it accepts (its noise there would
  // pass chains stuck in different modes: their ESS is tiny).
  const double m = 2.0 * static_cast<double>(segments);
  const double q = chi_square_quantile(0.01 / static_cast<double>(coordinates), m - 1.0);
  const double noise = std::sqrt(1.0 + q * m / ((m - 1.0) * std::max(ess_bulk, kEssLimit)));
  return std::isnan(noise) ? kRhatLimit : std::max(kRhatLimit, noise);
}

std::vector<Eigen::Ref<const Eigen::MatrixXd>> target_segments(const RecordedRun& run) {
  struct Span {
    const DrawStore* draws;
    Index start, length;
  };
  std::vector<Span> spans;
  if (run.chains.empty() || run.chains.front().contour) return {};
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    const RecordedChain& chain = run.chains[c];
    if (!run.makes_estimates(c) || chain.draws.size() == 0) continue;
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
  Check rhat_check{"rhat", std::nan(""), kRhatLimit, true, "",
                   "the " + unit + " (or the halves of one) disagree beyond their spread: not "
                   "mixed, stuck in different modes, or still moving; run longer or start "
                   "chains apart"};
  Check bulk{"ess_bulk", std::nan(""), kEssLimit, false, "",
             "too few effective draws for the mean: its Monte Carlo error exceeds 0.05 sd; "
             "run longer"};
  Check tail{"ess_tail", std::nan(""), kEssLimit, false, "",
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
  const auto at_coordinate = [&](Index j) { return "coordinate " + show(coordinates[static_cast<std::size_t>(j)]); };
  const auto fill = [&](Check& check, const Vec& values) {
    const auto [value, at] = worst(values, check.fails_above);
    check.value = value;
    check.where = at_coordinate(at);
  };
  const Vec ess_bulk = convergence_per_coordinate(refs, ConvergenceStat::kEssBulk);
  fill(bulk, ess_bulk);
  fill(tail, convergence_per_coordinate(refs, ConvergenceStat::kEssTail));
  // R-hat against each coordinate's own limit: shown at the coordinate
  // nearest it (or furthest past it).
  const Vec rhat = convergence_per_coordinate(refs, ConvergenceStat::kRhat);
  Vec excess(rhat.size()), limit(rhat.size());
  for (Index j = 0; j < rhat.size(); ++j) {
    limit[j] = rhat_limit(ess_bulk[j], std::ssize(segments), rhat.size());
    excess[j] = rhat[j] - limit[j];
  }
  const Index at = worst(excess, true).second;
  rhat_check.value = rhat[at];
  rhat_check.limit = limit[at];
  rhat_check.where = at_coordinate(at) + (limit[at] > kRhatLimit ? " (its limit from its bulk ESS " + shown(ess_bulk[at]) + ")" : "");
  return {rhat_check, bulk, tail};
}

}  // namespace sgmc
