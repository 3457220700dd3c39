#include "sgmc/models/linear_regression.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/models/glm.hpp"
#include "sgmc/models/parameter_names.hpp"

namespace sgmc {
namespace {

/// The priors of the original constructor, checked under its own argument
/// names so that its messages stay as they were.
LinearPriors legacy_priors(double prior_sd, double noise_sd, double log_noise_prior_sd) {
  GaussianPrior{prior_sd}.validate("prior_sd");
  require(std::isfinite(noise_sd) && noise_sd >= 0, "noise_sd", noise_sd,
          "must be finite and > 0, or 0 to sample log sigma");
  if (noise_sd != 0.0) return {true, CoefPrior::kNormal, prior_sd, NoisePrior::kKnown, noise_sd};
  GaussianPrior{log_noise_prior_sd}.validate("log_noise_prior_sd");
  return {true, CoefPrior::kNormal, prior_sd, NoisePrior::kLogNormal, log_noise_prior_sd};
}

}  // namespace

void validate(const LinearPriors& priors, const char* coef_scale_name,
              const char* noise_scale_name) {
  validate_coef_prior(priors.coef, priors.coef_scale, coef_scale_name);
  const auto noise = static_cast<int>(priors.noise);
  require(noise >= static_cast<int>(NoisePrior::kKnown) &&
              noise <= static_cast<int>(NoisePrior::kHalfCauchy),
          "noise", noise, "must be a NoisePrior");
  if (priors.noise != NoisePrior::kFlat) GaussianPrior{priors.noise_scale}.validate(noise_scale_name);
}

LinearRegression::LinearRegression(std::shared_ptr<const Dataset> data, double prior_sd,
                                   double noise_sd, double log_noise_prior_sd)
    : LinearRegression(std::move(data), legacy_priors(prior_sd, noise_sd, log_noise_prior_sd)) {}

std::vector<std::string> LinearRegression::parameter_names() const {
  auto names = coefficient_names(*data_, priors_.intercept);
  if (sampled_noise()) names.emplace_back("log_sigma");
  return names;
}

LinearRegression::LinearRegression(std::shared_ptr<const Dataset> data, const LinearPriors& priors)
    : data_(std::move(data)), priors_(priors) {
  require(data_ != nullptr, "data", "NULL", "must be a data set");
  validate(priors_);
}

double LinearRegression::noise_prior_energy(ConstVecRef x, VecRef* grad) const {
  const Index k = n_coefficients();
  const double t = x[k];
  const double s = priors_.noise_scale;
  switch (priors_.noise) {
    case NoisePrior::kKnown:
      return 0.0;
    case NoisePrior::kLogNormal: {
      // A density on t itself: no Jacobian.
      const GaussianPrior prior{s};
      if (grad != nullptr) prior.gradient(x.tail(1), grad->tail(1));
      return prior.energy(x.tail(1));
    }
    // The rest are densities on sigma = e^t: U0 gains -log(dsigma/dt) = -t.
    case NoisePrior::kFlat:
      if (grad != nullptr) (*grad)[k] = -1.0;
      return -t;
    case NoisePrior::kHalfNormal: {
      // sigma^2 / (2 s^2) - t.
      const double u = std::exp(2.0 * t) / (s * s);
      if (grad != nullptr) (*grad)[k] = u - 1.0;
      return 0.5 * u - t;
    }
    case NoisePrior::kHalfCauchy: {
      // log(1 + sigma^2 / s^2) - t = softplus(v) - t with v = 2 (t - log s),
      // computed so that neither end overflows; its slope is tanh(v / 2).
      const double v = 2.0 * (t - std::log(s));
      if (grad != nullptr) (*grad)[k] = std::tanh(0.5 * v);
      return std::max(v, 0.0) + std::log1p(std::exp(-std::abs(v))) - t;
    }
  }
  return 0.0;
}

void LinearRegression::evaluate(const EvalRequest& request, ModelTerms& out) const {
  const Index k = n_coefficients();
  const auto coef = request.x.head(k);
  const double t = sampled_noise() ? request.x[k] : 0.0;
  const double sigma = priors_.noise_scale;
  const double inv_var = sampled_noise() ? std::exp(-2.0 * t) : 1.0 / (sigma * sigma);
  const auto loss = [inv_var](const GlmChunk& z, const GlmChunk& y, GlmChunk& slope) {
    slope = (z - y) * inv_var;
    return 0.5 * ((z - y) * slope).sum();
  };
  const bool normal = priors_.coef == CoefPrior::kNormal;
  const GaussianPrior coef_prior{priors_.coef_scale};
  VecRef* grad = nullptr;
  if (request.want_gradient) {
    out.batch_grad.setZero();
    grad = &out.batch_grad;
    if (normal) {
      coef_prior.gradient(coef, out.prior_grad.head(k));
    } else {
      out.prior_grad.head(k).setZero();
    }
  }
  // q = sum_i r_i^2 / (2 sigma^2).
  const double q = priors_.intercept
                       ? glm_batch_sum(*data_, request.batch, coef, grad, loss)
                       : glm_batch_sum<GlmIntercept::kNo>(*data_, request.batch, coef, grad, loss);
  out.batch_energy = q;
  out.prior_energy = normal ? coef_prior.energy(coef) : 0.0;
  if (sampled_noise()) {
    // With t = log sigma: S_B = q + n t, and dq/dt = -2 q.
    const auto n = static_cast<double>(request.batch.size());
    out.batch_energy += n * t;
    if (request.want_gradient) out.batch_grad[k] = n - 2.0 * q;
    out.prior_energy += noise_prior_energy(request.x, request.want_gradient ? &out.prior_grad : nullptr);
  }
}

}  // namespace sgmc
