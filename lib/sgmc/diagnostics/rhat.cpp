#include "sgmc/diagnostics/rhat.hpp"

#include <cmath>
#include <limits>

namespace sgmc {

double rhat_of(ConstChainDrawsRef draws) {
  if (is_degenerate(draws)) return std::numeric_limits<double>::quiet_NaN();
  const Index m = draws.cols();
  const double n = static_cast<double>(draws.rows());
  const Vec chain_mean = draws.colwise().mean().transpose();
  double within = 0;
  for (Index c = 0; c < m; ++c) within += sample_variance(draws.col(c)) / static_cast<double>(m);
  const double between = n * sample_variance(chain_mean);
  return std::sqrt((between / within + n - 1) / n);
}

double rhat_basic(ConstChainDrawsRef draws) { return rhat_of(split_chains(draws)); }

double rhat(ConstChainDrawsRef draws) {
  const double bulk = rhat_of(z_scale(split_chains(draws)));
  const double tail = rhat_of(z_scale(split_chains(fold(draws))));
  return std::isnan(bulk) || std::isnan(tail) ? std::numeric_limits<double>::quiet_NaN()
                                              : std::max(bulk, tail);
}

}  // namespace sgmc
