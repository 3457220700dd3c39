// Bayesian linear regression: responses y_i, features a_i (p of them),
// coefficients (w_1..w_p, b) with the intercept b last, Gaussian noise of
// standard deviation sigma:
//   U_i(x) = (y_i - z_i)^2 / (2 sigma^2) [+ log sigma],   z_i = a_i' w + b,
//   U0(x)  = |(w, b)|^2 / (2 s^2) [+ t^2 / (2 s_t^2)].
// sigma is either known (d = p + 1; the constant log sigma is dropped) or
// sampled on the log scale as one more coordinate t = log sigma, last in x
// (d = p + 2), with its own prior t ~ N(0, s_t^2); then U_i carries the
// log sigma = t of the Gaussian's normalisation.
#pragma once

#include <memory>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

class LinearRegression final : public Model {
 public:
  /// @param[in] data          shared with the model.
  /// @param[in] prior_sd      s, finite and > 0.
  /// @param[in] noise_sd      sigma, finite and > 0 when known; 0 to sample
  ///                          t = log sigma.
  /// @param[in] log_noise_prior_sd  s_t, finite and > 0 when sigma is sampled;
  ///                          ignored (may be 0) when it is known.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and its value.
  LinearRegression(std::shared_ptr<const Dataset> data, double prior_sd, double noise_sd,
                   double log_noise_prior_sd);

  Index dim() const override { return data_->n_features() + (sampled_noise() ? 2 : 1); }
  Index data_size() const override { return data_->rows(); }
  bool sampled_noise() const { return noise_sd_ == 0.0; }
  /// Never allocates.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

 private:
  std::shared_ptr<const Dataset> data_;
  GaussianPrior prior_;
  double noise_sd_;
  GaussianPrior log_noise_prior_;
};

}  // namespace sgmc
