// A Gaussian target's evaluation, once per step (its set-up is in
// gaussian_setup.cpp).
#include "sgmc/models/gaussian.hpp"

namespace sgmc {

void GaussianModel::evaluate(const EvalRequest& request, ModelTerms& out) const {
  // U0 = r' P r / 2 with r = x - mean and P the precision; P r is formed as
  // P x - P mean so that no temporary is allocated.
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
