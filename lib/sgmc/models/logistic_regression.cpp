#include "sgmc/models/logistic_regression.hpp"

#include <cmath>
#include <string>

#include "sgmc/models/glm.hpp"
#include "sgmc/models/parameter_names.hpp"

namespace sgmc {

std::vector<std::string> LogisticRegression::parameter_names() const {
  return coefficient_names(*data_, priors_.intercept);
}

LogisticRegression::LogisticRegression(std::shared_ptr<const Dataset> data, double prior_sd)
    : LogisticRegression(std::move(data), {true, CoefPrior::kNormal, prior_sd}, "prior_sd") {}

LogisticRegression::LogisticRegression(std::shared_ptr<const Dataset> data,
                                       const LogisticPriors& priors, const char* coef_scale_name)
    : data_(std::move(data)), priors_(priors), prior_{priors.coef_scale} {
  require(data_ != nullptr, "data", "NULL", "must be a data set");
  validate_coef_prior(priors.coef, priors.coef_scale, coef_scale_name);
  const auto& y = data_->targets();
  for (Index i = 0; i < y.size(); ++i) {
    if (y[i] != 0.0 && y[i] != 1.0) {
      require(false, "data", "a table with targets[" + show(i) + "] = " + show(y[i]),
              "must be 0 or 1 for logistic regression");
    }
  }
}

void LogisticRegression::evaluate(const EvalRequest& request, ModelTerms& out) const {
  // With e = exp(-|z|) <= 1: log(1 + exp(z)) = max(z, 0) + log1p(e), and the
  // logistic function is 1 / (1 + e) for z >= 0 and e / (1 + e) otherwise.
  // log1p(e) as log(u) e / (u - 1) with u = 1 + e (Goldberg 1991: the
  // rounding of u cancels; e itself where u rounds to 1): as accurate as
  // log1p, but Eigen vectorises log and not log1p, which cost ~10% of a
  // step as 16 scalar calls per chunk.
  // Eigen 3.4 evaluates select() one scalar at a time, so both branches
  // are computed whole here (vectorised) and chosen in a loop the compiler
  // turns into blends: the same operations on every value as select() made,
  // hence the same bits, at a third of the cost. On double features the
  // log stays the scalar std::log that select() called, for the same
  // reason; float32 features, whose runs have no earlier bits to keep, take
  // Eigen's vectorised log (~8% of their step otherwise).
  const bool vector_log = data_->float32_features();
  const auto loss = [vector_log](const GlmChunk& z, const GlmChunk& y, GlmChunk& slope) {
    const GlmChunk e = (-z.abs()).exp();
    const GlmChunk u = 1.0 + e;
    GlmChunk log_u(z.size());
    if (vector_log) {
      log_u = u.log();
    } else {
      for (Index k = 0; k < z.size(); ++k) log_u[k] = std::log(u[k]);
    }
    const GlmChunk positive = 1.0 / u, negative = e / u, goldberg = log_u * e / (u - 1.0);
    GlmChunk log1p_e(z.size());
    for (Index k = 0; k < z.size(); ++k) {
      slope[k] = (z[k] >= 0 ? positive[k] : negative[k]) - y[k];
      log1p_e[k] = u[k] == 1.0 ? e[k] : goldberg[k];
    }
    return (z.max(0.0) + log1p_e - y * z).sum();
  };
  const bool normal = priors_.coef == CoefPrior::kNormal;
  VecRef* grad = nullptr;
  if (request.want_gradient) {
    out.batch_grad.setZero();
    grad = &out.batch_grad;
    if (normal) {
      prior_.gradient(request.x, out.prior_grad);
    } else {
      out.prior_grad.setZero();
    }
  }
  out.batch_energy =
      priors_.intercept
          ? glm_batch_sum(*data_, request.batch, request.x, grad, loss)
          : glm_batch_sum<GlmIntercept::kNo>(*data_, request.batch, request.x, grad, loss);
  out.prior_energy = normal ? prior_.energy(request.x) : 0.0;
}

}  // namespace sgmc
