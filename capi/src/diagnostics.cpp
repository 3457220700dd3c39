// sgmc_convergence, the KL estimators, total variation and mode masses:
// thin wrappers that map caller arrays onto the engine's diagnostics.
#include <algorithm>
#include <cmath>
#include <vector>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/diagnostics/chain_draws.hpp"
#include "sgmc/diagnostics/convergence.hpp"
#include "sgmc/diagnostics/histogram_kl.hpp"
#include "sgmc/diagnostics/knn_kl.hpp"
#include "sgmc/diagnostics/mode_masses.hpp"
#include "sgmc/diagnostics/total_variation.hpp"
#include "sgmc/estimators/weighted.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace {

using ConstVectorMap = Eigen::Map<const Eigen::VectorXd>;
using ConstMatrixMap = Eigen::Map<const Eigen::MatrixXd>;

/// Maps `length` values after checking the pointer and that the length is
/// not negative (the engine checks the ranges).
ConstVectorMap vector_arg(const double* values, int64_t length, const char* length_name,
                          const char* name) {
  require_non_null(values, name);
  sgmc::require(length >= 0, length_name, length, "must be >= 0");
  return {values, length};
}

/// Maps `count` items of `size` values each as a size x count matrix, one
/// item per column.
ConstMatrixMap matrix_arg(const double* values, int64_t size, const char* size_name,
                          int64_t count, const char* count_name, const char* name) {
  sgmc::require(size >= 0, size_name, size, "must be >= 0");
  return {vector_arg(values, count, count_name, name).data(), size, count};
}

/// NULL means equal weights.
sgmc::LogWeights log_weights_arg(const double* log_weights, int64_t n) {
  if (log_weights == nullptr) return std::nullopt;
  return ConstVectorMap(log_weights, n);
}

sgmc::Grid grid_arg(int64_t dim, const double* lower, const double* upper, const int64_t* bins) {
  require_non_null(lower, "lower");
  require_non_null(upper, "upper");
  require_non_null(bins, "bins");
  sgmc::require(dim >= 1, "dim", dim, "must be at least 1");
  return {ConstVectorMap(lower, dim), ConstVectorMap(upper, dim),
          std::vector<sgmc::Index>(bins, bins + dim)};
}

}  // namespace

extern "C" {

sgmc_status sgmc_convergence(const double* draws, int64_t n_draws, int64_t n_chains,
                             sgmc_convergence_stat stat, double* out) {
  return guarded([&] {
    require_non_null(out, "out");
    const auto x = matrix_arg(draws, n_draws, "n_draws", n_chains, "n_chains", "draws");
    *out = sgmc::convergence(x, static_cast<sgmc::ConvergenceStat>(sgmc::capi::enum_arg(stat)));
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_convergence(const sgmc_draws* draws, sgmc_convergence_stat stat,
                                   double* out, int64_t out_len) {
  return guarded([&] {
    require_non_null(draws, "draws");
    require_non_null(out, "out");
    std::vector<Eigen::Ref<const Eigen::MatrixXd>> chains;
    for (const auto& chain : draws->chains) chains.push_back(chain.draws.draws());
    const auto values =
        sgmc::convergence_per_coordinate(chains, static_cast<sgmc::ConvergenceStat>(sgmc::capi::enum_arg(stat)));
    require_length(out_len, values.size(), "out_len");
    std::copy_n(values.data(), values.size(), out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_kl_nearest_neighbour(const double* sample, int64_t m, const double* reference,
                                      int64_t n, int64_t dim, double* kl, int64_t* n_distinct) {
  return guarded([&] {
    require_non_null(kl, "kl");
    const auto x = matrix_arg(sample, dim, "dim", m, "m", "sample");
    const auto y = matrix_arg(reference, dim, "dim", n, "n", "reference");
    const auto result = sgmc::knn_kl(x, y);
    *kl = result.kl;
    if (n_distinct != nullptr) *n_distinct = result.n_distinct;
    return SGMC_OK;
  });
}

sgmc_status sgmc_kl_histogram(const double* points, int64_t n, int64_t dim,
                              const double* log_weights, const double* lower, const double* upper,
                              const int64_t* bins, const double* density, int64_t density_len,
                              double* kl, double* outside_mass) {
  return guarded([&] {
    require_non_null(kl, "kl");
    const auto x = matrix_arg(points, dim, "dim", n, "n", "points");
    const auto q = vector_arg(density, density_len, "density_len", "density");
    const auto result =
        sgmc::histogram_kl(x, log_weights_arg(log_weights, n), grid_arg(dim, lower, upper, bins), q);
    *kl = result.kl;
    if (outside_mass != nullptr) *outside_mass = result.outside_mass;
    return SGMC_OK;
  });
}

sgmc_status sgmc_total_variation(const double* points_a, int64_t n_a, const double* log_weights_a,
                                 const double* points_b, int64_t n_b, const double* log_weights_b,
                                 int64_t dim, const double* lower, const double* upper,
                                 const int64_t* bins, double* out) {
  return guarded([&] {
    require_non_null(out, "out");
    const auto a = matrix_arg(points_a, dim, "dim", n_a, "n_a", "points_a");
    const auto b = matrix_arg(points_b, dim, "dim", n_b, "n_b", "points_b");
    *out = sgmc::total_variation(a, log_weights_arg(log_weights_a, n_a), b,
                                 log_weights_arg(log_weights_b, n_b),
                                 grid_arg(dim, lower, upper, bins));
    return SGMC_OK;
  });
}

sgmc_status sgmc_mode_masses(const double* points, int64_t n, int64_t dim,
                             const double* log_weights, const double* centres, int64_t n_modes,
                             const double* true_masses, double radius, double* masses,
                             double* outside, double* tv) {
  return guarded([&] {
    require_non_null(tv, "tv");
    const auto x = matrix_arg(points, dim, "dim", n, "n", "points");
    const auto c = matrix_arg(centres, dim, "dim", n_modes, "n_modes", "centres");
    const auto mass = vector_arg(true_masses, n_modes, "n_modes", "true_masses");
    const auto result = sgmc::mode_masses(x, log_weights_arg(log_weights, n), c, mass, radius);
    if (masses != nullptr) std::copy_n(result.masses.data(), result.masses.size(), masses);
    if (outside != nullptr) *outside = result.outside;
    *tv = result.tv;
    return SGMC_OK;
  });
}

sgmc_status sgmc_summary_stats(const double* values, int64_t n, const double* probs,
                               int64_t n_probs, double* mean, double* sd, double* quantiles) {
  return guarded([&] {
    const auto v = vector_arg(values, n, "n", "values");
    sgmc::require(n >= 2, "n", n, "must be at least 2");
    sgmc::require(n_probs >= 0, "n_probs", n_probs, "must be >= 0");
    if (n_probs > 0) {
      require_non_null(probs, "probs");
      require_non_null(quantiles, "quantiles");
    }
    for (int64_t q = 0; q < n_probs; ++q) {
      sgmc::require(probs[q] >= 0 && probs[q] <= 1, "probs", probs[q], "must be in [0, 1]");
    }
    const sgmc::Vec copy = v;
    if (mean != nullptr) *mean = copy.mean();
    if (sd != nullptr) *sd = std::sqrt(sgmc::sample_variance(copy));
    for (int64_t q = 0; q < n_probs; ++q) quantiles[q] = sgmc::quantile(ConstMatrixMap(v.data(), n, 1), probs[q]);
    return SGMC_OK;
  });
}

sgmc_status sgmc_normalise_log_weights(const double* log_weights, int64_t n, double* out) {
  return guarded([&] {
    const auto lw = vector_arg(log_weights, n, "n", "log_weights");
    require_non_null(out, "out");
    const sgmc::Vec normalised = sgmc::normalised_log_weights(lw);
    std::copy_n(normalised.data(), n, out);
    return SGMC_OK;
  });
}

}
