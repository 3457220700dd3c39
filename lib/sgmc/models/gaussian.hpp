// A data-free d-dimensional Gaussian target N(mean, covariance): the
// reference of the statistical tests, with known moments.
#pragma once

#include "sgmc/models/model.hpp"
#include "sgmc/models/target_noise.hpp"

namespace sgmc {

class GaussianModel final : public Model {
 public:
  /// Throws sgmc::Error when sizes disagree or the covariance is not
  /// symmetric positive definite.
  GaussianModel(ConstVecRef mean, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
                TargetNoise noise = {});

  Index dim() const override { return mean_.size(); }
  Index data_size() const override { return 0; }
  /// U0(x) = (x - mean)' covariance^-1 (x - mean) / 2, plus the target noise.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

  const Vec& mean() const { return mean_; }
  const Eigen::MatrixXd& covariance() const { return covariance_; }

 private:
  Vec mean_;
  Eigen::MatrixXd covariance_;
  Eigen::MatrixXd precision_;
  Vec precision_mean_;
  TargetNoise noise_;
};

}  // namespace sgmc
