// Bayesian logistic regression: labels y_i in {0, 1}, features a_i (p of
// them), parameters x = (w_1..w_p, b) with the intercept b last (d = p + 1),
//   U_i(x) = log(1 + exp(z_i)) - y_i z_i,   z_i = a_i' w + b,
//   U0(x)  = |x|^2 / (2 s^2)   (prior N(0, s^2 I) on w and b).
// LogisticPriors drop the intercept (x = w, z_i = a_i' w) or make the prior
// flat (U0 = 0; improper, and the posterior is improper too when the data
// are separable).
#pragma once

#include <memory>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/coef_prior.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

struct LogisticPriors {
  bool intercept = true;                ///< b as the coordinate after w
  CoefPrior coef = CoefPrior::kNormal;  ///< on (w, b)
  double coef_scale = 1.0;              ///< s of N(0, s^2); ignored for kFlat
};

class LogisticRegression final : public Model {
 public:
  /// @param[in] data      shared with the model; every target must be 0 or 1.
  /// @param[in] prior_sd  s, finite and > 0.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and the value
  /// at fault (the first bad label by row).
  LogisticRegression(std::shared_ptr<const Dataset> data, double prior_sd);
  /// With the priors' choices (the constructor above is {true, kNormal,
  /// prior_sd}); a bad coef_scale is named `coef_scale_name`, the caller's
  /// name for it.
  LogisticRegression(std::shared_ptr<const Dataset> data, const LogisticPriors& priors,
                     const char* coef_scale_name = "coef_scale");

  Index dim() const override { return data_->n_features() + (priors_.intercept ? 1 : 0); }
  Index data_size() const override { return data_->rows(); }
  /// The feature names (x[j] without them), then "(Intercept)".
  std::vector<std::string> parameter_names() const override;
  /// Numerically stable for any z (log1p/exp of -|z|); never allocates.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

 private:
  std::shared_ptr<const Dataset> data_;
  LogisticPriors priors_;
  GaussianPrior prior_;
};

}  // namespace sgmc
