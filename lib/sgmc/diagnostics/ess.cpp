#include "sgmc/diagnostics/ess.hpp"

#include <cmath>
#include <limits>

#include "sgmc/diagnostics/autocovariance.hpp"

namespace sgmc {
namespace {

constexpr double kNa = std::numeric_limits<double>::quiet_NaN();

/// ESS of the split indicator I(x <= q_prob) (posterior's `.ess_quantile()`).
double ess_quantile(ConstChainDrawsRef draws, double prob) {
  const double q = quantile(draws, prob);
  const ChainDraws below = (draws.array() <= q).cast<double>().matrix();
  return ess_of(split_chains(below));
}

}  // namespace

double ess_of(ConstChainDrawsRef draws) {
  const Index n = draws.rows(), m = draws.cols();
  if (n < 3 || is_degenerate(draws)) return kNa;
  Vec acov_mean = Vec::Zero(n);
  for (Index c = 0; c < m; ++c) acov_mean += autocovariance(draws.col(c)) / static_cast<double>(m);
  const double nd = static_cast<double>(n);
  const double mean_var = acov_mean[0] * nd / (nd - 1);
  // Vehtari et al. (2021) §3.1: var+ = (n-1)/n W + B/n.
  double var_plus = mean_var * (nd - 1) / nd;
  if (m > 1) var_plus += sample_variance(draws.colwise().mean().transpose());
  // §3.2: rho_t = 1 - (W - mean_c gamma_t) / var+.
  const auto rho_at = [&](Index t) { return 1 - (mean_var - acov_mean[t]) / var_plus; };

  // Geyer's initial positive sequence: sum pairs while their sum is > 0.
  Vec rho = Vec::Zero(n);
  Index t = 0;
  double even = 1, odd = rho_at(1);
  rho[0] = even;
  rho[1] = odd;
  while (t < n - 5 && !std::isnan(even + odd) && even + odd > 0) {
    t += 2;
    even = rho_at(t);
    odd = rho_at(t + 1);
    if (even + odd >= 0) {
      rho[t] = even;
      rho[t + 1] = odd;
    }
  }
  const Index max_t = t;
  if (even > 0) rho[max_t] = even;
  // Geyer's initial monotone sequence: no pair sum above the one before.
  for (t = 2; t <= max_t - 2; t += 2) {
    if (rho[t] + rho[t + 1] > rho[t - 2] + rho[t - 1]) {
      rho[t] = rho[t + 1] = (rho[t - 2] + rho[t - 1]) / 2;
    }
  }
  // tau = -1 + 2 sum_{t < max_t} rho_t + rho_max_t; posterior's R sums
  // rho[1:max_t], which for max_t = 0 is rho[1] alone, hence the max.
  const double s = nd * static_cast<double>(m);
  double tau = -1 + 2 * rho.head(std::max<Index>(max_t, 1)).sum() + rho[max_t];
  tau = std::max(tau, 1 / std::log10(s));
  return s / tau;
}

double ess_basic(ConstChainDrawsRef draws) { return ess_of(split_chains(draws)); }

double ess_bulk(ConstChainDrawsRef draws) { return ess_of(z_scale(split_chains(draws))); }

double ess_tail(ConstChainDrawsRef draws) {
  if (is_degenerate(draws)) return kNa;
  const double low = ess_quantile(draws, 0.05), high = ess_quantile(draws, 0.95);
  return std::isnan(low) || std::isnan(high) ? kNa : std::min(low, high);
}

}  // namespace sgmc
