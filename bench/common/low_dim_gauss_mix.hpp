// posteriordb's low_dim_gauss_mix (../shared/posteriordb, BSD 3-Clause) as
// an sgmc model: y_n ~ theta N(mu1, sigma1) + (1 - theta) N(mu2, sigma2),
// mu ordered, mu ~ N(0, 2^2), sigma ~ N+(0, 2^2), theta ~ Beta(5, 5) — the
// Stan program model.stan, whose constants it drops as Stan does. Sampled
// on the unconstrained scale
//
//   z = (mu1, log(mu2 - mu1), log sigma1, log sigma2, logit theta)
//
// with the log-Jacobian z2 + z3 + z4 + log theta + log(1 - theta) in the
// prior term U0; every datum's term U_n = -log_mix(...) is its own, so
// mini-batches work. `constrained` maps draws back to the names of the
// reference draws (mu[1], mu[2], sigma[1], sigma[2], theta). Shared by
// bench/contour_robustness and bench/posteriordb.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "posteriordb.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::bench {

class LowDimGaussMix final : public Model {
 public:
  explicit LowDimGaussMix(std::vector<double> y) : y_(std::move(y)) {}

  /// The data of `dir`/data.json (posteriordb's low_dim_gauss_mix folder).
  static LowDimGaussMix from_posteriordb(const std::string& dir) {
    const auto data = read_json(dir + "/data.json");
    return LowDimGaussMix(data.at("y").get<std::vector<double>>());
  }

  Index dim() const override { return 5; }
  Index data_size() const override { return static_cast<Index>(y_.size()); }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    const auto& z = request.x;
    const double mu1 = z[0], gap = std::exp(z[1]), mu2 = mu1 + gap;
    const double s1 = std::exp(z[2]), s2 = std::exp(z[3]);
    const double theta = 1.0 / (1.0 + std::exp(-z[4]));
    // U0 = -(log prior + log-Jacobian); Beta(5, 5) and the logit's
    // Jacobian theta (1 - theta) give 5 log theta + 5 log(1 - theta).
    out.prior_energy = (mu1 * mu1 + mu2 * mu2 + s1 * s1 + s2 * s2) / 8.0 -
                       (z[1] + z[2] + z[3]) - 5.0 * (std::log(theta) + std::log1p(-theta));
    double g_mu1 = 0, g_mu2 = 0, g_s1 = 0, g_s2 = 0, g_theta = 0, energy = 0;
    // The per-datum logs of theta and sigma hoisted, and the responsibilities
    // r_k = exp(a_k - l) taken from the same two exps as l: 3 transcendental
    // calls per datum instead of 9, a third of the time.
    const double log_w1 = std::log(theta) - z[2], log_w2 = std::log1p(-theta) - z[3];
    for (const Index n : request.batch) {
      const double y = y_[static_cast<std::size_t>(n)];
      const double e1 = (y - mu1) / s1, e2 = (y - mu2) / s2;
      const double a = log_w1 - 0.5 * e1 * e1;
      const double b = log_w2 - 0.5 * e2 * e2;
      const double top = std::max(a, b);
      const double ea = std::exp(a - top), eb = std::exp(b - top);
      const double l = top + std::log(ea + eb);
      energy -= l - kHalfLog2Pi;
      const double r1 = ea / (ea + eb), r2 = eb / (ea + eb);
      g_mu1 += r1 * e1 / s1;
      g_mu2 += r2 * e2 / s2;
      g_s1 += r1 * (e1 * e1 - 1.0) / s1;
      g_s2 += r2 * (e2 * e2 - 1.0) / s2;
      g_theta += r1 / theta - r2 / (1.0 - theta);
    }
    out.batch_energy = energy;
    if (!request.want_gradient) return;
    // d/dz of -sum l: mu2 = mu1 + exp(z2), sigma = exp(z), theta = logistic(z5).
    out.batch_grad << -(g_mu1 + g_mu2), -g_mu2 * gap, -g_s1 * s1, -g_s2 * s2,
        -g_theta * theta * (1.0 - theta);
    out.prior_grad << (mu1 + mu2) / 4.0, mu2 / 4.0 * gap - 1.0, s1 * s1 / 4.0 - 1.0,
        s2 * s2 / 4.0 - 1.0, 10.0 * theta - 5.0;
  }

  /// (mu[1], mu[2], sigma[1], sigma[2], theta) of an unconstrained point.
  static Vec constrained(ConstVecRef z) {
    Vec x(5);
    x << z[0], z[0] + std::exp(z[1]), std::exp(z[2]), std::exp(z[3]), 1.0 / (1.0 + std::exp(-z[4]));
    return x;
  }

  /// The inverse of constrained(): the unconstrained point of (mu, sigma, theta).
  static Vec unconstrained(ConstVecRef x) {
    Vec z(5);
    z << x[0], std::log(x[1] - x[0]), std::log(x[2]), std::log(x[3]), std::log(x[4] / (1.0 - x[4]));
    return z;
  }

  /// The reference draws' names of constrained()'s coordinates.
  static std::vector<std::string> names() { return {"mu[1]", "mu[2]", "sigma[1]", "sigma[2]", "theta"}; }

 private:
  static constexpr double kHalfLog2Pi = 0.91893853320467274178;
  std::vector<double> y_;
};

}  // namespace sgmc::bench
