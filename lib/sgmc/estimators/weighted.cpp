#include "sgmc/estimators/weighted.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "sgmc/core/error.hpp"
#include "sgmc/random/rng.hpp"

namespace sgmc {

namespace {

void check_log_weights(ConstVecRef log_weights) {
  require(log_weights.size() > 0, "log_weights", "an empty array", "must hold at least one draw");
  require(log_weights.allFinite(), "log_weights", "an array with a non-finite entry",
          "must be finite");
}

}  // namespace

Vec normalised_weights(ConstVecRef log_weights) {
  check_log_weights(log_weights);
  const double top = log_weights.maxCoeff();
  Vec w = (log_weights.array() - top).exp();
  return w / w.sum();
}

Vec normalised_log_weights(ConstVecRef log_weights) {
  check_log_weights(log_weights);
  const double top = log_weights.maxCoeff();
  return log_weights.array() - top - std::log((log_weights.array() - top).exp().sum());
}

double kish_ess(ConstVecRef weights) {
  return weights.sum() * weights.sum() / weights.squaredNorm();
}

WeightedMoments weighted_moments(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                                 ConstVecRef log_weights) {
  const Vec w = normalised_weights(log_weights);
  WeightedMoments out;
  out.mean = draws * w;
  out.variance = (draws.colwise() - out.mean).array().square().matrix() * w;
  out.ess = kish_ess(w);
  return out;
}

Eigen::MatrixXd weighted_quantiles(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                                   ConstVecRef log_weights, std::span<const double> probs) {
  for (const double p : probs) require(p >= 0 && p <= 1, "probs", p, "must be in [0, 1]");
  const Vec w = normalised_weights(log_weights);
  Eigen::MatrixXd out(draws.rows(), static_cast<Index>(probs.size()));
  std::vector<Index> order(static_cast<std::size_t>(draws.cols()));
  for (Index d = 0; d < draws.rows(); ++d) {
    std::iota(order.begin(), order.end(), Index{0});
    std::sort(order.begin(), order.end(), [&](Index a, Index b) { return draws(d, a) < draws(d, b); });
    for (std::size_t q = 0; q < probs.size(); ++q) {
      double cumulative = 0;
      std::size_t i = 0;
      while (i + 1 < order.size() && cumulative + w[order[i]] < probs[q]) cumulative += w[order[i++]];
      out(d, static_cast<Index>(q)) = draws(d, order[i]);
    }
  }
  return out;
}

std::vector<Index> systematic_resample(ConstVecRef log_weights, Index n_out, std::uint64_t seed) {
  require(n_out >= 1, "n_out", n_out, "must be >= 1");
  const Vec w = normalised_weights(log_weights);
  Rng rng(seed);
  const double start = rng.uniform();
  std::vector<Index> picks;
  picks.reserve(static_cast<std::size_t>(n_out));
  double cumulative = w[0];
  Index j = 0;
  for (Index i = 0; i < n_out; ++i) {
    const double point = (start + static_cast<double>(i)) / static_cast<double>(n_out);
    while (point >= cumulative && j + 1 < w.size()) cumulative += w[++j];
    picks.push_back(j);
  }
  return picks;
}

}  // namespace sgmc
