// A Gaussian target's set-up: its arguments checked, its precision from
// the covariance. Once per model: compiled once, for the baseline, unlike
// the evaluation in gaussian.cpp (lib/CMakeLists.txt).
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/models/gaussian.hpp"

namespace sgmc {
namespace {

std::string entry(Index i, Index j, double value) {
  return "covariance(" + show(i) + "," + show(j) + ") = " + show(value);
}

// Messages are built only on failure: the checks run over d^2 entries.
void validate(ConstVecRef mean, const Eigen::Ref<const Eigen::MatrixXd>& covariance) {
  const Index d = mean.size();
  require(d >= 1, "mean", "an empty vector", "must have at least one entry");
  for (Index i = 0; i < d; ++i) {
    if (!std::isfinite(mean[i])) {
      require(false, "mean", "a vector with mean[" + show(i) + "] = " + show(mean[i]),
              "must be finite");
    }
  }
  require(covariance.rows() == d && covariance.cols() == d, "covariance",
          "a " + show(covariance.rows()) + " x " + show(covariance.cols()) + " matrix",
          ("must be " + show(d) + " x " + show(d) + ", the size of 'mean'").c_str());
  for (Index j = 0; j < d; ++j) {
    for (Index i = 0; i < d; ++i) {
      if (!std::isfinite(covariance(i, j))) {
        require(false, "covariance", "a matrix with " + entry(i, j, covariance(i, j)),
                "must be finite");
      }
    }
  }
  const double tolerance = 1e-12 * covariance.cwiseAbs().maxCoeff();
  for (Index j = 0; j < d; ++j) {
    for (Index i = 0; i < j; ++i) {
      if (std::abs(covariance(i, j) - covariance(j, i)) > tolerance) {
        require(false, "covariance",
                "a matrix with " + entry(i, j, covariance(i, j)) + " but " +
                    entry(j, i, covariance(j, i)),
                "must be symmetric");
      }
    }
  }
}

}  // namespace

GaussianModel::GaussianModel(ConstVecRef mean, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
                             TargetNoise noise)
    : mean_(mean), covariance_(covariance), noise_(noise) {
  validate(mean, covariance);
  noise.validate();
  const Eigen::LLT<Eigen::MatrixXd> llt(covariance_);
  if (llt.info() != Eigen::Success) {
    const double smallest =
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(covariance_, Eigen::EigenvaluesOnly)
            .eigenvalues()[0];
    require(false, "covariance", "a matrix with smallest eigenvalue " + show(smallest),
            "must be positive definite");
  }
  const Index d = mean_.size();
  precision_ = llt.solve(Eigen::MatrixXd::Identity(d, d));
  // Symmetrised so that the gradient is exactly that of the energy's form.
  precision_ = 0.5 * (precision_ + precision_.transpose()).eval();
  precision_mean_ = precision_ * mean_;
}

Eigen::MatrixXd ar1_covariance(Index dim, double rho, double variance) {
  require(dim >= 1, "dim", dim, "must be >= 1");
  require(std::abs(rho) < 1, "rho", rho, "must lie in (-1, 1)");
  require(std::isfinite(variance) && variance > 0, "variance", variance,
          "must be finite and > 0");
  Eigen::MatrixXd covariance(dim, dim);
  for (Index j = 0; j < dim; ++j) {
    for (Index i = 0; i < dim; ++i) {
      covariance(i, j) = variance * std::pow(rho, static_cast<double>(std::abs(i - j)));
    }
  }
  return covariance;
}

}  // namespace sgmc
