#include "measure.hpp"

#include <cmath>

#include "sgmc/diagnostics/ess.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "../common/target_chains.hpp"

namespace sgmc::bench {

std::vector<ParameterCell> measure(const Posterior& posterior, const ReferenceMoments& reference,
                                   const ChainList& chains) {
  const auto n_chains = static_cast<Index>(target_chains(chains).size());  // reSGLD: replica 0
  const Index n = chains.front()->draws().size();
  const auto p = static_cast<Index>(posterior.names.size());
  // All draws in the reference's parameters, chain after chain.
  Eigen::MatrixXd x(p, n * n_chains);
  Vec log_w = Vec::Zero(n * n_chains);
  double kish = 0;
  for (Index c = 0; c < n_chains; ++c) {
    const auto& chain = *chains[static_cast<std::size_t>(c)];
    for (Index i = 0; i < n; ++i) x.col(c * n + i) = posterior.constrained(chain.draws().draws().col(i));
    if (chain.contour() == nullptr) {
      kish += 1.0 / static_cast<double>(n_chains);
      continue;
    }
    const Vec w = chain.contour()->snapshot().log_weights(WeightKind::kInterpolated, WeightTheta::kRunning);
    // Each chain's weights sum to 1 / n_chains: equal shares.
    log_w.segment(c * n, n) = normalised_weights(w).array().log();
    kish += kish_ess(normalised_weights(w)) / static_cast<double>(n * n_chains);
  }
  const auto moments = weighted_moments(x, log_w);
  std::vector<ParameterCell> out;
  for (Index j = 0; j < p; ++j) {
    const double sd = std::sqrt(moments.variance[j]);
    const Eigen::Map<const ChainDraws, 0, Eigen::InnerStride<>> by_chain(
        x.data() + j, n, n_chains, Eigen::InnerStride<>(p));
    const ChainDraws draws = by_chain;
    const ChainDraws sq = (draws.array() - moments.mean[j]).square().matrix();
    const double ess_mean = ess_basic(draws) * kish;
    const double ess_sq = ess_basic(sq) * kish;
    // Var of (x - m)^2 for the sd's error: sd_se = sd((x - m)^2) / (2 var sqrt(ESS)).
    const double sq_sd = std::sqrt((sq.array() - sq.mean()).square().mean());
    const double ref_sd = reference.sd[j];
    ParameterCell cell;
    cell.mean_error = (moments.mean[j] - reference.mean[j]) / ref_sd;
    cell.sd_ratio = sd / ref_sd;
    cell.ess = ess_bulk(draws) * kish;
    cell.mean_se = std::sqrt(sd * sd / ess_mean + ref_sd * ref_sd / reference.ess[j]) / ref_sd;
    const double rel = sq_sd / (2.0 * sd * sd * std::sqrt(ess_sq));
    cell.sd_se = cell.sd_ratio * std::sqrt(rel * rel + reference.sd_rel_se[j] * reference.sd_rel_se[j]);
    out.push_back(cell);
  }
  return out;
}

}  // namespace sgmc::bench
