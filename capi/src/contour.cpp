// The contour samplers' theta_0, weighted estimates and resampling (SPEC
// §4, §4.1, §5), over the importance log-weights their draws record by name.
#include <algorithm>
#include <string>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/record/record_fields.hpp"

using sgmc::capi::enum_arg;
using sgmc::capi::guarded;
using sgmc::capi::Pooled;
using sgmc::capi::require_contour;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace sgmc::capi {

void require_contour(const sgmc_draws* draws, int64_t chain, Pooled pooled) {
  require_non_null(draws, "draws");
  const auto n = static_cast<int64_t>(draws->chains.size());
  const bool all = chain == -1 && pooled != Pooled::kNo && n > 0;
  sgmc::require(all || (chain >= 0 && chain < n), "chain", chain,
                ("must be in [0, n_chains)" +
                 std::string(pooled == Pooled::kNo ? "" : " or -1 (all chains)") +
                 " with n_chains = " + sgmc::show(n))
                    .c_str());
  if (!draws->chains.front().contour) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "the draws are not from a contour sampler (they have no column "
                      "\"log_weight\")");
  }
  if (all && pooled == Pooled::kSharedTheta && !draws->shared_theta) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "chain = -1 pools the chains of an interacting contour sampler; these "
                      "chains' weights come from different thetas: use one chain");
  }
}

}  // namespace sgmc::capi

namespace {

/// The column of the log-weights of `kind` with theta `when` (as enum_arg()
/// reads them: any int, checked here).
std::string_view weight_column(int kind, int when) {
  sgmc::require(kind == SGMC_WEIGHT_INTERPOLATED || kind == SGMC_WEIGHT_BIN, "kind", kind,
                "must be SGMC_WEIGHT_INTERPOLATED or SGMC_WEIGHT_BIN");
  sgmc::require(when == SGMC_WEIGHT_RUNNING || when == SGMC_WEIGHT_FINAL, "when", when,
                "must be SGMC_WEIGHT_RUNNING or SGMC_WEIGHT_FINAL");
  constexpr std::string_view kColumns[2][2] = {{"log_weight", "log_weight_final"},
                                               {"log_weight_bin", "log_weight_bin_final"}};
  return kColumns[kind][when];
}

/// The draws an estimate reads, with their log-weights: one chain's, or
/// for chain -1 those of all chains side by side (chain 0 first), whose
/// weights are comparable when the chains share theta (SPEC §5).
struct Weighted {
  Eigen::MatrixXd draws;  ///< d x n; empty unless asked for
  sgmc::Vec log_weights;
};

/// `kind` and `when` as enum_arg() reads them from the entry point's arguments.
Weighted weighted(const sgmc_draws* draws, int64_t chain, int kind, int when, bool with_draws) {
  require_contour(draws, chain, Pooled::kSharedTheta);
  const auto name = weight_column(kind, when);
  const auto& column = *sgmc::find_field(sgmc::record_columns(), *draws, name);
  const auto first = static_cast<std::size_t>(chain == -1 ? 0 : chain);
  const auto last = chain == -1 ? draws->chains.size() : first + 1;
  sgmc::Index n = 0;
  for (auto c = first; c < last; ++c) n += draws->chains[c].draws.size();
  if (n == 0) throw sgmc::Error(sgmc::ErrorKind::kState, "no draws were recorded");
  const sgmc::Index dim = with_draws ? draws->chains[first].draws.dim() : 0;
  Weighted w{Eigen::MatrixXd(dim, with_draws ? n : 0), sgmc::Vec(n)};
  sgmc::Index at = 0;
  for (auto c = first; c < last; ++c) {
    const auto& store = draws->chains[c].draws;
    if (store.size() == 0) continue;
    if (with_draws) w.draws.middleCols(at, store.size()) = store.draws();
    const auto values = column.values(*draws, c).doubles;
    w.log_weights.segment(at, store.size()) =
        Eigen::Map<const sgmc::Vec>(values.data(), store.size());
    at += store.size();
  }
  return w;
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

sgmc_status sgmc_draws_weighted_moments(const sgmc_draws* draws, int64_t chain,
                                        sgmc_weight_kind kind, sgmc_weight_theta when,
                                        double* mean, double* variance, int64_t dim,
                                        double* kish_ess) {
  return guarded([&] {
    const auto w = weighted(draws, chain, enum_arg(kind), enum_arg(when), true);
    sgmc::require(dim == w.draws.rows(), "dim", dim,
                  ("must equal the draws' dimension " + sgmc::show(w.draws.rows())).c_str());
    const auto m = sgmc::weighted_moments(w.draws, w.log_weights);
    if (mean != nullptr) std::copy_n(m.mean.data(), dim, mean);
    if (variance != nullptr) std::copy_n(m.variance.data(), dim, variance);
    if (kish_ess != nullptr) *kish_ess = m.ess;
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_weighted_quantiles(const sgmc_draws* draws, int64_t chain,
                                          sgmc_weight_kind kind, sgmc_weight_theta when,
                                          const double* probs, int64_t n_probs, double* out,
                                          int64_t out_len) {
  return guarded([&] {
    const auto w = weighted(draws, chain, enum_arg(kind), enum_arg(when), true);
    require_non_null(probs, "probs");
    sgmc::require(n_probs >= 1, "n_probs", n_probs, "must be >= 1");
    require_non_null(out, "out");
    require_length(out_len, n_probs * w.draws.rows(), "out_len");
    // d x n_probs column-major is n_probs x d row-major: out[q * d + j].
    const Eigen::MatrixXd q = sgmc::weighted_quantiles(w.draws, w.log_weights,
                                                       {probs, static_cast<std::size_t>(n_probs)});
    std::copy_n(q.data(), q.size(), out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_resample(const sgmc_draws* draws, int64_t chain, sgmc_weight_kind kind,
                                sgmc_weight_theta when, int64_t n_out, uint64_t seed,
                                int64_t* out) {
  return guarded([&] {
    const auto w = weighted(draws, chain, enum_arg(kind), enum_arg(when), false);
    require_non_null(out, "out");
    const auto picks = sgmc::systematic_resample(w.log_weights, n_out, seed);
    std::copy(picks.begin(), picks.end(), out);
    return SGMC_OK;
  });
}

}
