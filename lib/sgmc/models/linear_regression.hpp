// Bayesian linear regression: responses y_i, features a_i (p of them),
// coefficients w_1..w_p and an optional intercept b (the coordinate after
// w), Gaussian noise of standard deviation sigma:
//   U_i(x) = (y_i - z_i)^2 / (2 sigma^2) [+ log sigma],   z_i = a_i' w [+ b].
// The priors are those of the posteriordb regressions (LinearPriors):
// N(0, s^2) or flat on every coefficient; sigma known (the constant log sigma
// of U_i is dropped) or sampled on the log scale as one more coordinate
// t = log sigma, last in x, with a prior on t (log-normal sigma) or on sigma
// itself (flat, half-normal, half-Cauchy; U0 then carries the log-Jacobian
// -t). U_i carries log sigma = t whenever sigma is sampled.
//   x = (w_1..w_p [, b] [, t]),  d = p [+ 1] [+ 1].
// A flat prior on the coefficients is improper, and so is a flat sigma: that
// is the user's choice (Stan allows it), but the posterior is then proper
// only with more data N than coefficients.
#pragma once

#include <memory>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/coef_prior.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

enum class NoisePrior { kKnown, kLogNormal, kFlat, kHalfNormal, kHalfCauchy };

struct LinearPriors {
  bool intercept = true;                  ///< b as the coordinate after w
  CoefPrior coef = CoefPrior::kNormal;    ///< on (w, b)
  double coef_scale = 1.0;                ///< s of N(0, s^2); ignored for kFlat
  NoisePrior noise = NoisePrior::kKnown;
  double noise_scale = 1.0;               ///< sigma itself (kKnown); sd of log sigma (kLogNormal); scale of the half-normal / half-Cauchy on sigma; ignored for kFlat
};

/// Throws sgmc::Error(kInvalidArgument) unless the priors are valid: known
/// enumerators, and each scale a prior uses finite and > 0. The arguments
/// are named as the caller's layer names them (the C API says sigma_scale).
void validate(const LinearPriors& priors, const char* coef_scale_name = "coef_scale",
              const char* noise_scale_name = "noise_scale");

class LinearRegression final : public Model {
 public:
  /// @param[in] data          shared with the model.
  /// @param[in] prior_sd      s, finite and > 0.
  /// @param[in] noise_sd      sigma, finite and > 0 when known; 0 to sample
  ///                          t = log sigma.
  /// @param[in] log_noise_prior_sd  s_t, finite and > 0 when sigma is sampled;
  ///                          ignored (may be 0) when it is known.
  /// The same model as {intercept, kNormal(prior_sd), kKnown(noise_sd)} or,
  /// for noise_sd = 0, {intercept, kNormal(prior_sd),
  /// kLogNormal(log_noise_prior_sd)}.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and its value.
  LinearRegression(std::shared_ptr<const Dataset> data, double prior_sd, double noise_sd,
                   double log_noise_prior_sd);
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and its value
  /// (see validate()).
  LinearRegression(std::shared_ptr<const Dataset> data, const LinearPriors& priors);

  Index dim() const override { return n_coefficients() + (sampled_noise() ? 1 : 0); }
  Index data_size() const override { return data_->rows(); }
  /// The feature names (x[j] without them), "(Intercept)", then "log_sigma"
  /// (t = log sigma) when sigma is sampled.
  std::vector<std::string> parameter_names() const override;
  /// p, plus 1 with the intercept.
  Index n_coefficients() const { return data_->n_features() + (priors_.intercept ? 1 : 0); }
  bool sampled_noise() const { return priors_.noise != NoisePrior::kKnown; }
  const LinearPriors& priors() const { return priors_; }
  /// Never allocates.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

 private:
  /// Adds U0's term in t = x[n_coefficients()] and, with `grad`, its slope.
  double noise_prior_energy(ConstVecRef x, VecRef* grad) const;

  std::shared_ptr<const Dataset> data_;
  LinearPriors priors_;
};

}  // namespace sgmc
