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
// reference draws (mu[1], mu[2], sigma[1], sigma[2], theta).
#pragma once

#include <cmath>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sgmc/models/model.hpp"

namespace sgmc::bench {

class LowDimGaussMix final : public Model {
 public:
  explicit LowDimGaussMix(std::vector<double> y) : y_(std::move(y)) {}

  /// The data of `dir`/data.json (posteriordb's low_dim_gauss_mix folder).
  static LowDimGaussMix from_posteriordb(const std::string& dir) {
    std::ifstream in(dir + "/data.json");
    const auto data = nlohmann::json::parse(in);
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
    for (const Index n : request.batch) {
      const double y = y_[static_cast<std::size_t>(n)];
      const double e1 = (y - mu1) / s1, e2 = (y - mu2) / s2;
      const double a = std::log(theta) - std::log(s1) - 0.5 * e1 * e1;
      const double b = std::log1p(-theta) - std::log(s2) - 0.5 * e2 * e2;
      const double top = std::max(a, b);
      const double l = top + std::log(std::exp(a - top) + std::exp(b - top));
      energy -= l - kHalfLog2Pi;
      const double r1 = std::exp(a - l), r2 = std::exp(b - l);
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

  /// The reference draws' mean and sd of every parameter, in that order.
  static std::pair<Vec, Vec> reference(const std::string& dir) {
    std::ifstream in(dir + "/reference_draws.json");
    const auto chains = nlohmann::json::parse(in);
    const char* names[] = {"mu[1]", "mu[2]", "sigma[1]", "sigma[2]", "theta"};
    Vec mean = Vec::Zero(5), sq = Vec::Zero(5);
    double n = 0;
    for (const auto& chain : chains) {
      for (int p = 0; p < 5; ++p) {
        for (const double v : chain.at(names[p])) {
          mean[p] += v;
          sq[p] += v * v;
          if (p == 0) n += 1;
        }
      }
    }
    mean /= n;
    return {mean, (sq / n - mean.cwiseAbs2()).cwiseSqrt()};
  }

 private:
  static constexpr double kHalfLog2Pi = 0.91893853320467274178;
  std::vector<double> y_;
};

}  // namespace sgmc::bench
