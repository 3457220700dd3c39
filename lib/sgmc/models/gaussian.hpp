// A data-free d-dimensional Gaussian target N(mean, covariance): the
// reference of the statistical tests, with known moments.
#pragma once

#include "sgmc/models/model.hpp"
#include "sgmc/models/target_noise.hpp"

namespace sgmc {

class GaussianModel final : public Model {
 public:
  /// @param[in] mean        the mean, d >= 1 finite entries.
  /// @param[in] covariance  d x d, symmetric positive definite (checked by a
  ///                        Cholesky factorisation); copied.
  /// @param[in] noise       simulated target noise (SPEC §0), deviations >= 0.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and the value
  /// at fault.
  GaussianModel(ConstVecRef mean, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
                TargetNoise noise = {});

  Index dim() const override { return mean_.size(); }
  Index data_size() const override { return 0; }
  /// U0(x) = (x - mean)' covariance^-1 (x - mean) / 2 (no constant), plus the
  /// target noise. Never allocates.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

  const Vec& mean() const { return mean_; }
  const Eigen::MatrixXd& covariance() const { return covariance_; }

 private:
  Vec mean_;
  Eigen::MatrixXd covariance_;
  Eigen::MatrixXd precision_;  ///< covariance^-1, symmetrised
  Vec precision_mean_;         ///< precision_ * mean_
  TargetNoise noise_;
};

/// The AR(1) covariance variance * rho^|i-j|, a correlated test covariance
/// whose condition number grows like (1 + |rho|) / (1 - |rho|).
/// @param[in] dim       d >= 1.
/// @param[in] rho       lag-one correlation, |rho| < 1 (positive definite then).
/// @param[in] variance  marginal variance, > 0 and finite.
/// @return the d x d matrix. Throws sgmc::Error(kInvalidArgument) otherwise.
Eigen::MatrixXd ar1_covariance(Index dim, double rho, double variance);

}  // namespace sgmc
