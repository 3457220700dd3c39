// posteriordb's eight_schools_noncentered as an sgmc model: school j's
// estimate y_j ~ N(theta_j, sigma_j^2) with theta_j = mu + tau theta_trans_j,
// theta_trans ~ N(0, I), mu ~ N(0, 5^2), tau ~ half-Cauchy(0, 5). Sampled on
//   z = (theta_trans_1..8, mu, log tau),
// the log-Jacobian log tau in the prior term U0. Datum j's term is
//   U_j = (y_j - mu - tau theta_trans_j)^2 / (2 sigma_j^2):
// mini-batches are valid, but each theta_trans_j hears from its datum only,
// so a batch of n < 8 scales that one datum's pull by 8/n; runs use the
// full batch.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "../common/posteriordb.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::bench {

class EightSchools final : public Model {
 public:
  static constexpr Index kSchools = 8;

  /// The data of `folder`/data.json.
  explicit EightSchools(const std::string& folder) {
    const auto data = read_json(folder + "/data.json");
    y_ = data.at("y").get<std::vector<double>>();
    sigma_ = data.at("sigma").get<std::vector<double>>();
  }

  Index dim() const override { return kSchools + 2; }
  Index data_size() const override { return kSchools; }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    const auto& z = request.x;
    const double mu = z[kSchools], tau = std::exp(z[kSchools + 1]);
    const auto trans = z.head(kSchools);
    const double u = tau / 5.0;
    out.prior_energy = 0.5 * trans.squaredNorm() + mu * mu / 50.0 + std::log1p(u * u) - z[kSchools + 1];
    double energy = 0;
    if (request.want_gradient) out.batch_grad.setZero();
    for (const Index j : request.batch) {
      const auto k = static_cast<std::size_t>(j);
      const double r = y_[k] - mu - tau * trans[j];
      const double slope = r / (sigma_[k] * sigma_[k]);  // -dU_j / dtheta_j
      energy += 0.5 * r * slope;
      if (!request.want_gradient) continue;
      out.batch_grad[j] -= slope * tau;
      out.batch_grad[kSchools] -= slope;
      out.batch_grad[kSchools + 1] -= slope * tau * trans[j];
    }
    out.batch_energy = energy;
    if (!request.want_gradient) return;
    out.prior_grad.head(kSchools) = trans;
    out.prior_grad[kSchools] = mu / 25.0;
    out.prior_grad[kSchools + 1] = 2.0 * u * u / (1.0 + u * u) - 1.0;
  }

  /// (theta[1..8], mu, tau), the reference draws' parameters.
  static Vec constrained(ConstVecRef z) {
    Vec x(kSchools + 2);
    const double tau = std::exp(z[kSchools + 1]);
    x.head(kSchools) = z[kSchools] + tau * z.head(kSchools).array();
    x[kSchools] = z[kSchools];
    x[kSchools + 1] = tau;
    return x;
  }
  static Vec unconstrained(ConstVecRef x) {
    Vec z(kSchools + 2);
    const double tau = x[kSchools + 1];
    z.head(kSchools) = (x.head(kSchools).array() - x[kSchools]) / tau;
    z[kSchools] = x[kSchools];
    z[kSchools + 1] = std::log(tau);
    return z;
  }
  static std::vector<std::string> names() {
    std::vector<std::string> out;
    for (Index j = 1; j <= kSchools; ++j) out.push_back("theta[" + std::to_string(j) + "]");
    out.push_back("mu");
    out.push_back("tau");
    return out;
  }

 private:
  std::vector<double> y_, sigma_;
};

}  // namespace sgmc::bench
