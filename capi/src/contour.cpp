// sgmc_*theta*, contour indices, importance weights, weighted estimates and
// resampling of the contour samplers (SPEC §4, §4.1).
#include <algorithm>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/estimators/weighted.hpp"

using sgmc::capi::ContourChain;
using sgmc::capi::contour_chain;
using sgmc::capi::enum_arg;
using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace sgmc::capi {

ContourChain contour_chain(const sgmc_draws* draws, int64_t chain) {
  require_non_null(draws, "draws");
  const auto n = static_cast<int64_t>(draws->chains.size());
  sgmc::require(chain >= 0 && chain < n, "chain", chain,
                ("must be in [0, n_chains) with n_chains = " + sgmc::show(n)).c_str());
  const auto c = static_cast<std::size_t>(chain);
  const auto& recorded = draws->chains[c];
  if (!recorded.contour) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "the draws are not from a contour sampler (csgld, csghmc, pcsgld, ksgld)");
  }
  return {recorded.draws, *recorded.contour};
}

}  // namespace sgmc::capi

namespace {

/// The log-weights of one chain, after checking the enum arguments (as
/// enum_arg() reads them: any int).
sgmc::Vec log_weights(const ContourChain& c, int kind, int when) {
  sgmc::require(kind == SGMC_WEIGHT_INTERPOLATED || kind == SGMC_WEIGHT_BIN, "kind", kind,
                "must be SGMC_WEIGHT_INTERPOLATED or SGMC_WEIGHT_BIN");
  sgmc::require(when == SGMC_WEIGHT_RUNNING || when == SGMC_WEIGHT_FINAL, "when", when,
                "must be SGMC_WEIGHT_RUNNING or SGMC_WEIGHT_FINAL");
  if (c.store.size() == 0) {
    throw sgmc::Error(sgmc::ErrorKind::kState, "the chain has recorded no draws");
  }
  return c.contour.log_weights(
      kind == SGMC_WEIGHT_BIN ? sgmc::WeightKind::kBin : sgmc::WeightKind::kInterpolated,
      when == SGMC_WEIGHT_FINAL ? sgmc::WeightTheta::kFinal : sgmc::WeightTheta::kRunning);
}

/// The draws of all chains side by side (chain 0 first) with their
/// log-weights, for the interacting samplers' pooled estimates (SPEC §5).
struct Pooled {
  Eigen::MatrixXd draws;
  sgmc::Vec log_weights;
};

Pooled pooled(const sgmc_draws* draws, int kind, int when) {
  require_non_null(draws, "draws");
  if (!draws->shared_theta) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "the draws are not from an interacting contour sampler (icsgld, icsghmc, "
                      "picsgld): the chains' weights come from different thetas; use one chain");
  }
  sgmc::Index n = 0;
  for (const auto& chain : draws->chains) n += chain.draws.size();
  Pooled p{Eigen::MatrixXd(draws->chains.front().draws.dim(), n), sgmc::Vec(n)};
  sgmc::Index at = 0;
  for (const auto& chain : draws->chains) {
    const auto& store = chain.draws;
    if (store.size() == 0) continue;
    p.draws.middleCols(at, store.size()) = store.draws();
    p.log_weights.segment(at, store.size()) = log_weights({store, *chain.contour}, kind, when);
    at += store.size();
  }
  return p;
}

/// Copies `values` (n values) to out after checking out and out_len.
template <typename T, typename Source>
void copy_out(const Source& values, std::int64_t n, T* out, int64_t out_len) {
  require_non_null(out, "out");
  require_length(out_len, n, "out_len");
  std::copy_n(values, n, out);
}

/// Weighted mean, variance and Kish ESS of `x` into the caller's buffers.
void moments_out(const Eigen::Ref<const Eigen::MatrixXd>& x, const sgmc::Vec& log_w, double* mean,
                 double* variance, int64_t dim, double* kish_ess) {
  sgmc::require(dim == x.rows(), "dim", dim,
                ("must equal the draws' dimension " + sgmc::show(x.rows())).c_str());
  const auto m = sgmc::weighted_moments(x, log_w);
  if (mean != nullptr) std::copy_n(m.mean.data(), dim, mean);
  if (variance != nullptr) std::copy_n(m.variance.data(), dim, variance);
  if (kish_ess != nullptr) *kish_ess = m.ess;
}

/// Weighted quantiles of every coordinate of `x` into out[q * d + j].
void quantiles_out(const Eigen::Ref<const Eigen::MatrixXd>& x, const sgmc::Vec& log_w,
                   const double* probs, int64_t n_probs, double* out, int64_t out_len) {
  require_non_null(probs, "probs");
  sgmc::require(n_probs >= 1, "n_probs", n_probs, "must be >= 1");
  require_non_null(out, "out");
  require_length(out_len, n_probs * x.rows(), "out_len");
  // d x n_probs column-major is n_probs x d row-major: out[q * d + j].
  const Eigen::MatrixXd q =
      sgmc::weighted_quantiles(x, log_w, {probs, static_cast<std::size_t>(n_probs)});
  std::copy_n(q.data(), q.size(), out);
}

/// Systematic resampling of the draws with log-weights log_w into out.
void resample_out(const sgmc::Vec& log_w, int64_t n_out, uint64_t seed, int64_t* out) {
  require_non_null(out, "out");
  const auto picks = sgmc::systematic_resample(log_w, n_out, seed);
  std::copy(picks.begin(), picks.end(), out);
}

/// Copies the array values(contour_chain(draws, chain)) to out.
template <typename T, typename Values>
sgmc_status copy_contour(const sgmc_draws* draws, int64_t chain, T* out, int64_t out_len,
                         Values values) {
  return guarded([&] {
    const auto& v = values(contour_chain(draws, chain));
    copy_out(v.data(), static_cast<int64_t>(v.size()), out, out_len);
    return SGMC_OK;
  });
}

}  // namespace

extern "C" {

sgmc_status sgmc_options_set_theta0(sgmc_options* options, const double* theta0, int64_t m) {
  return guarded([&] {
    require_non_null(options, "options");
    sgmc::require(m >= 0, "m", m, "must be >= 0 (0 restores the uniform theta_0)");
    if (m > 0) require_non_null(theta0, "theta0");
    options->options.set_theta0({theta0, static_cast<std::size_t>(m)});
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_contour_shape(const sgmc_draws* draws, int64_t* m, int64_t* n_thetas) {
  return guarded([&] {
    const auto c = contour_chain(draws, 0);
    // An automatic partition may give each chain its own m: the largest.
    sgmc::Index largest = 0;
    for (const auto& chain : draws->chains) largest = std::max(largest, chain.contour->theta.values().size());
    if (m != nullptr) *m = largest;
    if (n_thetas != nullptr) *n_thetas = c.contour.trace.theta_trace().cols();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_copy_theta(const sgmc_draws* draws, int64_t chain, double* out,
                                  int64_t out_len) {
  return copy_contour(draws, chain, out, out_len,
                      [](const ContourChain& c) { return c.contour.theta.values(); });
}

sgmc_status sgmc_draws_copy_theta_trace(const sgmc_draws* draws, int64_t chain, double* out,
                                        int64_t out_len) {
  // Columns are thetas, so the memory is already theta after theta.
  return copy_contour(draws, chain, out, out_len,
                      [](const ContourChain& c) { return c.contour.trace.theta_trace(); });
}

sgmc_status sgmc_draws_copy_contour_index(const sgmc_draws* draws, int64_t chain, int64_t* out,
                                          int64_t out_len) {
  return copy_contour(draws, chain, out, out_len,
                      [](const ContourChain& c) -> const std::vector<sgmc::Index>& {
                        return c.contour.trace.indices();
                      });
}

sgmc_status sgmc_draws_copy_log_weights(const sgmc_draws* draws, int64_t chain,
                                        sgmc_weight_kind kind, sgmc_weight_theta when, double* out,
                                        int64_t out_len) {
  return copy_contour(draws, chain, out, out_len,
                      [&](const ContourChain& c) {
                        return log_weights(c, enum_arg(kind), enum_arg(when));
                      });
}

sgmc_status sgmc_draws_weighted_moments(const sgmc_draws* draws, int64_t chain,
                                        sgmc_weight_kind kind, sgmc_weight_theta when,
                                        double* mean, double* variance, int64_t dim,
                                        double* kish_ess) {
  return guarded([&] {
    const auto c = contour_chain(draws, chain);
    moments_out(c.store.draws(), log_weights(c, enum_arg(kind), enum_arg(when)), mean, variance,
                dim, kish_ess);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_pooled_weighted_moments(const sgmc_draws* draws, sgmc_weight_kind kind,
                                               sgmc_weight_theta when, double* mean,
                                               double* variance, int64_t dim, double* kish_ess) {
  return guarded([&] {
    const auto p = pooled(draws, enum_arg(kind), enum_arg(when));
    moments_out(p.draws, p.log_weights, mean, variance, dim, kish_ess);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_weighted_quantiles(const sgmc_draws* draws, int64_t chain,
                                          sgmc_weight_kind kind, sgmc_weight_theta when,
                                          const double* probs, int64_t n_probs, double* out,
                                          int64_t out_len) {
  return guarded([&] {
    const auto c = contour_chain(draws, chain);
    quantiles_out(c.store.draws(), log_weights(c, enum_arg(kind), enum_arg(when)), probs, n_probs,
                  out, out_len);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_pooled_weighted_quantiles(const sgmc_draws* draws, sgmc_weight_kind kind,
                                                 sgmc_weight_theta when, const double* probs,
                                                 int64_t n_probs, double* out, int64_t out_len) {
  return guarded([&] {
    const auto p = pooled(draws, enum_arg(kind), enum_arg(when));
    quantiles_out(p.draws, p.log_weights, probs, n_probs, out, out_len);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_resample(const sgmc_draws* draws, int64_t chain, sgmc_weight_kind kind,
                                sgmc_weight_theta when, int64_t n_out, uint64_t seed,
                                int64_t* out) {
  return guarded([&] {
    resample_out(log_weights(contour_chain(draws, chain), enum_arg(kind), enum_arg(when)), n_out,
                 seed, out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_pooled_resample(const sgmc_draws* draws, sgmc_weight_kind kind,
                                       sgmc_weight_theta when, int64_t n_out, uint64_t seed,
                                       int64_t* out) {
  return guarded([&] {
    resample_out(pooled(draws, enum_arg(kind), enum_arg(when)).log_weights, n_out, seed, out);
    return SGMC_OK;
  });
}

}
