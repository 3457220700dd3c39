#include "sgmc/models/linear_regression.hpp"

#include <cmath>

#include "sgmc/models/glm.hpp"

namespace sgmc {

LinearRegression::LinearRegression(std::shared_ptr<const Dataset> data, double prior_sd,
                                   double noise_sd, double log_noise_prior_sd)
    : data_(std::move(data)),
      prior_{prior_sd},
      noise_sd_(noise_sd),
      log_noise_prior_{log_noise_prior_sd} {
  require(data_ != nullptr, "data", "NULL", "must be a data set");
  prior_.validate("prior_sd");
  require(std::isfinite(noise_sd) && noise_sd >= 0, "noise_sd", noise_sd,
          "must be finite and > 0, or 0 to sample log sigma");
  if (sampled_noise()) log_noise_prior_.validate("log_noise_prior_sd");
}

void LinearRegression::evaluate(const EvalRequest& request, ModelTerms& out) const {
  const Index p = data_->n_features();
  const auto coef = request.x.head(p + 1);
  const double t = sampled_noise() ? request.x[p + 1] : 0.0;
  const double inv_var = sampled_noise() ? std::exp(-2.0 * t) : 1.0 / (noise_sd_ * noise_sd_);
  const auto loss = [inv_var](const GlmChunk& z, const GlmChunk& y, GlmChunk& slope) {
    slope = (z - y) * inv_var;
    return 0.5 * ((z - y) * slope).sum();
  };
  VecRef* grad = nullptr;
  if (request.want_gradient) {
    out.batch_grad.setZero();
    grad = &out.batch_grad;
    prior_.gradient(coef, out.prior_grad.head(p + 1));
  }
  // q = sum_i r_i^2 / (2 sigma^2).
  const double q = glm_batch_sum(*data_, request.batch, coef, grad, loss);
  out.batch_energy = q;
  out.prior_energy = prior_.energy(coef);
  if (sampled_noise()) {
    // With t = log sigma: S_B = q + n t, and dq/dt = -2 q.
    const auto n = static_cast<double>(request.batch.size());
    out.batch_energy += n * t;
    out.prior_energy += log_noise_prior_.energy(request.x.tail(1));
    if (request.want_gradient) {
      out.batch_grad[p + 1] = n - 2.0 * q;
      log_noise_prior_.gradient(request.x.tail(1), out.prior_grad.tail(1));
    }
  }
}

}  // namespace sgmc
