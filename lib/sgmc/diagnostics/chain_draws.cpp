#include "sgmc/diagnostics/chain_draws.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/normal_quantile.hpp"
#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {
namespace {

/// All values in ascending order.
std::vector<double> sorted_values(ConstChainDrawsRef draws) {
  std::vector<double> v(draws.data(), draws.data() + draws.size());
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

void require_chain_draws(ConstChainDrawsRef draws, const char* argument) {
  require(draws.rows() >= 4, "n_draws", draws.rows(), "must be at least 4");
  require(draws.cols() >= 1, "n_chains", draws.cols(), "must be at least 1");
  require_finite(draws.data(), draws.size(), argument);
}

ChainDraws split_chains(ConstChainDrawsRef draws) {
  const Index n = draws.rows(), half = n / 2, m = draws.cols();
  ChainDraws out(half, 2 * m);
  out.leftCols(m) = draws.topRows(half);
  out.rightCols(m) = draws.bottomRows(half);
  return out;
}

bool is_degenerate(ConstChainDrawsRef draws) {
  if (!draws.allFinite()) return true;
  return draws.maxCoeff() - draws.minCoeff() < std::numeric_limits<double>::epsilon();
}

ChainDraws average_ranks(ConstChainDrawsRef draws) {
  const Index s = draws.size();
  const double* x = draws.data();
  std::vector<Index> order(static_cast<std::size_t>(s));
  std::iota(order.begin(), order.end(), Index{0});
  std::sort(order.begin(), order.end(), [x](Index a, Index b) { return x[a] < x[b]; });
  ChainDraws ranks(draws.rows(), draws.cols());
  for (Index i = 0; i < s;) {
    Index j = i;
    while (j < s && x[order[j]] == x[order[i]]) ++j;
    // Positions i..j-1 share the ranks i+1..j; each gets their mean.
    const double rank = 0.5 * static_cast<double>(i + 1 + j);
    for (Index k = i; k < j; ++k) ranks.data()[order[k]] = rank;
    i = j;
  }
  return ranks;
}

ChainDraws z_scale(ConstChainDrawsRef draws) {
  const double s = static_cast<double>(draws.size());
  return average_ranks(draws).unaryExpr(
      [s](double r) { return normal_quantile((r - 0.375) / (s - 2 * 0.375 + 1)); });
}

ChainDraws fold(ConstChainDrawsRef draws) {
  const auto v = sorted_values(draws);
  const std::size_t half = v.size() / 2;
  // R's mean() of the two middle values sums in long double.
  const double median =
      v.size() % 2 == 1
          ? v[half]
          : static_cast<double>((static_cast<long double>(v[half - 1]) + v[half]) / 2);
  return (draws.array() - median).abs().matrix();
}

double quantile(ConstChainDrawsRef draws, double prob) {
  const auto v = sorted_values(draws);
  // R's quantile(type = 7), in its own arithmetic: 1-based index 1 + (n-1) p.
  const double index = 1.0 + static_cast<double>(v.size() - 1) * prob;
  const double lo = std::floor(index), hi = std::ceil(index);
  const double q = v[static_cast<std::size_t>(lo) - 1], q_hi = v[static_cast<std::size_t>(hi) - 1];
  if (!(index > lo && q_hi != q)) return q;
  const double h = index - lo;
  return (1 - h) * q + h * q_hi;
}

double sample_variance(const Vec& values) {
  const double mean = values.mean();
  return (values.array() - mean).square().sum() / static_cast<double>(values.size() - 1);
}

}  // namespace sgmc
