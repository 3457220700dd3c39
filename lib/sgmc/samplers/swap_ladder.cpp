#include "sgmc/samplers/swap_ladder.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <unsupported/Eigen/SpecialFunctions>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/diagnostics/normal_quantile.hpp"

namespace sgmc {
namespace {

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

/// log Phi(z); below z = -30, where erfc nears its underflow, the
/// asymptotic series log(phi(z) / -z (1 - 1/z^2 + 3/z^4)) (Abramowitz &
/// Stegun 26.2.12), relative error below 15/z^6.
double log_normal_cdf(double z) {
  if (z > -30.0) return std::log(normal_cdf(z));
  const double z2 = z * z;
  return -0.5 * z2 - std::log(-z) - 0.5 * std::log(2.0 * std::numbers::pi) +
         std::log1p(-1.0 / z2 + 3.0 / (z2 * z2));
}

}  // namespace

// The pair (tau_l, tau_h) = (tau, q tau), dbeta = 1/tau_l - 1/tau_h, swaps
// with probability min(1, e^D), D = dbeta (U_l - U_h) (SPEC §6 without
// noise). For a target whose energy above its minimum is tau Gamma(C, 1)
// (a Gaussian of dimension d: C = d/2; in general the harmonic model of a
// constant heat capacity), D = (1 - 1/q) G_l - (q - 1) G_h, and since
// E[min(1, e^D)] = 2 P(D > 0) for an exchange between two exact Boltzmann
// distributions, the rate is 2 P(G_h / (G_l + G_h) < 1/(1 + q)) =
// 2 I_{1/(1+q)}(C, C) (Predescu et al. 2004), exactly. A Gaussian D of
// variance s_E^2 and mean -s_E^2/2 has the rate 2 Phi(-s_E/2): the law's
// rate is that of s_E = -2 Phi^{-1}(I). The estimator adds
// dbeta (eps_l - eps_h), of variance 2 dbeta^2 noise, and the rule
// subtracts dbeta^2 sigma2 / F; for a Gaussian D of mean mu and variance s^2,
// E[min(1, e^D)] = Phi(mu/s) + e^{mu + s^2/2} Phi(-mu/s - s).
double ladder_swap_rate(const LadderModel& model, double tau, double q) {
  const double dbeta = (1.0 - 1.0 / q) / tau;
  const double half = Eigen::numext::betainc(model.heat_capacity, model.heat_capacity, 1.0 / (1.0 + q));
  if (!(half > 0.0)) return 0.0;
  const double s_energy = half < 0.5 ? -2.0 * normal_quantile(half) : 0.0;
  const double var = s_energy * s_energy + 2.0 * dbeta * dbeta * model.noise;
  if (var <= 0.0) return 1.0;
  const double s = std::sqrt(var);
  const double mu = -0.5 * s_energy * s_energy - dbeta * dbeta * model.swap_variance / model.correction;
  return std::min(1.0, normal_cdf(mu / s) + std::exp(mu + 0.5 * var + log_normal_cdf(-mu / s - s)));
}

double ladder_ratio(const LadderModel& model, double tau, double q_max) {
  if (!(model.heat_capacity > 0.0) || !std::isfinite(model.heat_capacity) ||
      ladder_swap_rate(model, tau, q_max) >= kLadderSwapTarget) {
    return q_max;
  }
  // The rate is 1 at q = 1 and below the target at q_max.
  double lo = 0.0;
  double hi = std::log(q_max);
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (ladder_swap_rate(model, tau, std::exp(mid)) >= kLadderSwapTarget ? lo : hi) = mid;
  }
  return std::exp(lo);
}

LadderMeasure::LadderMeasure(Index replicas)
    : shift_(static_cast<std::size_t>(replicas)),
      sum_(shift_.size()),
      sum_squares_(shift_.size()),
      last_(shift_.size()),
      previous_(shift_.size()) {}

void LadderMeasure::add(std::span<const double> energies) {
  for (std::size_t r = 0; r < shift_.size(); ++r) {
    const double u = energies[r];
    if (count_ == 0) shift_[r] = u;
    sum_[r] += u - shift_[r];
    sum_squares_[r] += (u - shift_[r]) * (u - shift_[r]);
    if (count_ >= 1) lag1_ += (u - last_[r]) * (u - last_[r]);
    if (count_ >= 2) lag2_ += (u - previous_[r]) * (u - previous_[r]);
    previous_[r] = last_[r];
    last_[r] = u;
  }
  ++count_;
}

// Gelman & Rubin's var+ (Gelman et al., Bayesian Data Analysis, 3rd ed.,
// eq. 11.3, for long chains): W, the mean within-replica variance, plus B/n,
// the variance of the replicas' means. Over n iterations of integrated
// autocorrelation time t, W is low by about 2 t/n of the variance and the
// replicas' means vary by that much, so the sum is unbiased for replicas
// that have relaxed, and on the high side for those that have not.
double LadderMeasure::energy_variance() const {
  if (count_ < 2) return 0.0;
  const auto n = static_cast<double>(count_);
  const auto replicas = static_cast<double>(shift_.size());
  double within = 0.0, mean_sum = 0.0, mean_squares = 0.0;
  for (std::size_t r = 0; r < shift_.size(); ++r) {
    within += (sum_squares_[r] - sum_[r] * sum_[r] / n) / (n - 1.0);
    const double mean = shift_[r] - shift_[0] + sum_[r] / n;
    mean_sum += mean;
    mean_squares += mean * mean;
  }
  const double between = replicas > 1 ? (mean_squares - mean_sum * mean_sum / replicas) / (replicas - 1.0) : 0.0;
  return within / replicas + between;
}

double LadderMeasure::successive_variance() const {
  if (count_ < 2) return 0.0;
  return lag1_ / (2.0 * static_cast<double>((count_ - 1) * std::ssize(shift_)));
}

double LadderMeasure::noise_variance() const {
  if (count_ < 3) return 0.0;
  const auto replicas = static_cast<double>(shift_.size());
  const double v1 = lag1_ / (static_cast<double>(count_ - 1) * replicas);
  const double v2 = lag2_ / (static_cast<double>(count_ - 2) * replicas);
  return std::max(0.0, v1 - 0.5 * v2);
}

void LadderMeasure::save(ByteWriter& out) const {
  out.i64(count_);
  out.values(shift_);
  out.values(sum_);
  out.values(sum_squares_);
  out.values(last_);
  out.values(previous_);
  out.f64(lag1_);
  out.f64(lag2_);
}

void LadderMeasure::load(ByteReader& in) {
  count_ = in.index("ladder: iterations measured", 0, std::numeric_limits<Index>::max());
  in.values("ladder: energy shifts", shift_);
  in.values("ladder: energy sums", sum_);
  in.values("ladder: energy squares", sum_squares_);
  in.values("ladder: last energies", last_);
  in.values("ladder: previous energies", previous_);
  lag1_ = in.finite("ladder: lag-1 squares");
  lag2_ = in.finite("ladder: lag-2 squares");
  if (lag1_ < 0 || lag2_ < 0) in.fail("ladder: squared differences", "negative");
}

}  // namespace sgmc
