// Bayesian logistic regression: labels y_i in {0, 1}, features a_i (p of
// them), parameters x = (w_1..w_p, b) with the intercept b last (d = p + 1),
//   U_i(x) = log(1 + exp(z_i)) - y_i z_i,   z_i = a_i' w + b,
//   U0(x)  = |x|^2 / (2 s^2)   (prior N(0, s^2 I) on w and b).
#pragma once

#include <memory>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

class LogisticRegression final : public Model {
 public:
  /// @param[in] data      shared with the model; every target must be 0 or 1.
  /// @param[in] prior_sd  s, finite and > 0.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and the value
  /// at fault (the first bad label by row).
  LogisticRegression(std::shared_ptr<const Dataset> data, double prior_sd);

  Index dim() const override { return data_->n_features() + 1; }
  Index data_size() const override { return data_->rows(); }
  /// Numerically stable for any z (log1p/exp of -|z|); never allocates.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

 private:
  std::shared_ptr<const Dataset> data_;
  GaussianPrior prior_;
};

}  // namespace sgmc
