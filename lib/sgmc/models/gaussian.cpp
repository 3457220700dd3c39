#include "sgmc/models/gaussian.hpp"

#include <Eigen/Cholesky>

#include "sgmc/core/error.hpp"

namespace sgmc {

GaussianModel::GaussianModel(ConstVecRef mean, const Eigen::Ref<const Eigen::MatrixXd>& covariance,
                             TargetNoise noise)
    : mean_(mean), covariance_(covariance), noise_(noise) {
  const Index d = mean.size();
  require(d >= 1, "dim", d, "must be >= 1");
  require(mean.allFinite(), "mean", "a vector with a non-finite entry", "must be finite");
  require(covariance.rows() == d && covariance.cols() == d, "covariance",
          show(covariance.rows()) + " x " + show(covariance.cols()),
          ("must be " + show(d) + " x " + show(d)).c_str());
  require(covariance.allFinite() && covariance.isApprox(covariance.transpose(), 1e-12),
          "covariance", "a non-symmetric or non-finite matrix", "must be symmetric and finite");
  const Eigen::LLT<Eigen::MatrixXd> llt(covariance);
  require(llt.info() == Eigen::Success, "covariance", "a matrix that is not positive definite",
          "must be positive definite");
  noise.validate();
  precision_ = llt.solve(Eigen::MatrixXd::Identity(d, d));
  precision_mean_ = precision_ * mean_;
}

void GaussianModel::evaluate(const EvalRequest& request, ModelTerms& out) const {
  // U0 = r' P r / 2 with r = x - mean and P the precision; no temporaries, so
  // an evaluation never allocates.
  const auto r = request.x - mean_;
  if (request.want_gradient) {
    out.prior_grad.noalias() = precision_ * request.x;
    out.prior_grad -= precision_mean_;
    out.prior_energy = 0.5 * r.dot(out.prior_grad);
  } else {
    double quadratic = 0.0;
    for (Index j = 0; j < dim(); ++j) quadratic += r[j] * precision_.col(j).dot(r);
    out.prior_energy = 0.5 * quadratic;
  }
  noise_.apply(request, out);
}

}  // namespace sgmc
