#include "measure.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "sgmc/diagnostics/ess.hpp"
#include "sgmc/estimators/batch_means.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "../common/target_chains.hpp"

namespace sgmc::bench {

namespace {

/// The error of a weighted mean by batch means: this many blocks per chain,
/// as the verdict's weighted_ess cuts them.
constexpr Index kBlocks = 20;

/// Per parameter j: the ESS of the mean of x_j and of (x_j - mean_j)^2,
/// and the sd of the latter. Unweighted draws: Geyer's ESS of all chains
/// (mcse_mean's) and the bulk ESS; weighted ones: the batch-means ESS of
/// the weighted means (sgmc/estimators/batch_means.hpp) for all three.
struct Spread {
  Vec ess_mean, ess_sq, ess_bulk, sq_sd;
};

Spread unweighted_spread(const Eigen::MatrixXd& x, const Vec& mean, Index n, Index n_chains) {
  const Index p = x.rows();
  Spread out{Vec(p), Vec(p), Vec(p), Vec(p)};
  for (Index j = 0; j < p; ++j) {
    const Eigen::Map<const ChainDraws, 0, Eigen::InnerStride<>> by_chain(x.data() + j, n, n_chains,
                                                                        Eigen::InnerStride<>(p));
    const ChainDraws draws = by_chain;
    const ChainDraws sq = (draws.array() - mean[j]).square().matrix();
    out.ess_mean[j] = ess_basic(draws);
    out.ess_sq[j] = ess_basic(sq);
    out.ess_bulk[j] = ess_bulk(draws);
    out.sq_sd[j] = std::sqrt((sq.array() - sq.mean()).square().mean());
  }
  return out;
}

Spread weighted_spread(const Eigen::MatrixXd& x, const Vec& log_w, const Vec& mean, Index n, Index n_chains) {
  const Eigen::MatrixXd sq = (x.colwise() - mean).cwiseAbs2();
  const auto by_chain = [&](const Eigen::MatrixXd& values) {
    std::vector<WeightedDraws> chains;
    for (Index c = 0; c < n_chains; ++c) chains.push_back({values.middleCols(c * n, n), log_w.segment(c * n, n)});
    return weighted_batch_means(chains, kBlocks);
  };
  const WeightedMeanError of_mean = by_chain(x);
  const WeightedMeanError of_sq = by_chain(sq);
  if (of_mean.error.size() == 0) {
    throw std::runtime_error("a chain recorded " + std::to_string(n) + " draws, fewer than the " +
                             std::to_string(kBlocks) + " batches of its error: run more steps");
  }
  const Vec ess = weighted_ess(of_mean);
  return {ess, weighted_ess(of_sq), ess, of_sq.variance.cwiseSqrt()};
}

}  // namespace

std::vector<ParameterCell> measure(const Posterior& posterior, const ReferenceMoments& reference,
                                   const ChainList& chains) {
  const auto n_chains = static_cast<Index>(target_chains(chains).size());  // reSGLD: replica 0
  const Index n = chains.front()->draws().size();
  const auto p = static_cast<Index>(posterior.names.size());
  // All draws in the reference's parameters, chain after chain.
  Eigen::MatrixXd x(p, n * n_chains);
  Vec log_w = Vec::Zero(n * n_chains);
  const bool weighted = chains.front()->contour() != nullptr;
  const bool shared = weighted && chains.front()->contour()->shares_theta();
  for (Index c = 0; c < n_chains; ++c) {
    const auto& chain = *chains[static_cast<std::size_t>(c)];
    for (Index i = 0; i < n; ++i) x.col(c * n + i) = posterior.constrained(chain.draws().draws().col(i));
    if (!weighted) continue;
    const Vec w = chain.contour()->snapshot().log_weights(WeightKind::kInterpolated, WeightTheta::kRunning);
    // Chains that share theta share the weights' scale and are pooled, as
    // the library's estimates pool them; chains of their own thetas each
    // get weights summing to 1, so that they are pooled with equal shares.
    log_w.segment(c * n, n) = shared ? w : normalised_log_weights(w);
  }
  const auto moments = weighted_moments(x, log_w);
  const Spread spread = weighted ? weighted_spread(x, log_w, moments.mean, n, n_chains)
                                 : unweighted_spread(x, moments.mean, n, n_chains);
  std::vector<ParameterCell> out;
  for (Index j = 0; j < p; ++j) {
    const double sd = std::sqrt(moments.variance[j]);
    const double ref_sd = reference.sd[j];
    ParameterCell cell;
    cell.mean_error = (moments.mean[j] - reference.mean[j]) / ref_sd;
    cell.sd_ratio = sd / ref_sd;
    cell.ess = spread.ess_bulk[j];
    cell.mean_se = std::sqrt(sd * sd / spread.ess_mean[j] + ref_sd * ref_sd / reference.ess[j]) / ref_sd;
    // Var of (x - m)^2 for the sd's error: sd_se = sd((x - m)^2) / (2 var sqrt(ESS)).
    const double rel = spread.sq_sd[j] / (2.0 * sd * sd * std::sqrt(spread.ess_sq[j]));
    cell.sd_se = cell.sd_ratio * std::sqrt(rel * rel + reference.sd_rel_se[j] * reference.sd_rel_se[j]);
    out.push_back(cell);
  }
  return out;
}

}  // namespace sgmc::bench
