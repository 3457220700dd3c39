#include "sgmc/estimators/batch_means.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace sgmc {

WeightedMeanError weighted_batch_means(std::span<const WeightedDraws> chains, Index blocks_per_chain) {
  const Index d = chains.front().draws.rows();
  // Weights relative to the largest log-weight of all draws (exp stays finite).
  double top = -std::numeric_limits<double>::infinity();
  for (const auto& chain : chains) {
    if (chain.log_weights.size() < blocks_per_chain) return {};
    top = std::max(top, chain.log_weights.maxCoeff());
  }
  // Per block: the sum of the weights W_b and of w x.
  const Index blocks = blocks_per_chain * std::ssize(chains);
  Vec weight = Vec::Zero(blocks);
  Eigen::MatrixXd weighted_sum = Eigen::MatrixXd::Zero(d, blocks);
  for (std::size_t c = 0; c < chains.size(); ++c) {
    const auto& chain = chains[c];
    const Index n = chain.log_weights.size();
    for (Index k = 0; k < n; ++k) {
      const Index b = static_cast<Index>(c) * blocks_per_chain + k * blocks_per_chain / n;
      const double w = std::exp(chain.log_weights[k] - top);
      weight[b] += w;
      weighted_sum.col(b) += w * chain.draws.col(k);
    }
  }
  const double total = weight.sum();
  WeightedMeanError out{weighted_sum.rowwise().sum() / total, Vec::Zero(d), Vec::Zero(d)};
  for (const auto& chain : chains) {
    for (Index k = 0; k < chain.log_weights.size(); ++k) {
      out.variance += std::exp(chain.log_weights[k] - top) / total * (chain.draws.col(k) - out.mean).cwiseAbs2();
    }
  }
  for (Index b = 0; b < blocks; ++b) {
    if (weight[b] == 0) continue;
    out.error += (weighted_sum.col(b) / weight[b] - out.mean).cwiseAbs2() * std::pow(weight[b] / total, 2);
  }
  out.error *= static_cast<double>(blocks) / static_cast<double>(blocks - 1);
  return out;
}

Vec weighted_ess(const WeightedMeanError& estimate) {
  Vec ess(estimate.variance.size());
  for (Index j = 0; j < ess.size(); ++j) {
    ess[j] = estimate.error[j] > 0 ? estimate.variance[j] / estimate.error[j]
                                   : std::numeric_limits<double>::infinity();
  }
  return ess;
}

}  // namespace sgmc
