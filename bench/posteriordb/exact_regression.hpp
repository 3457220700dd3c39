// The exact posterior moments of a Gaussian linear regression, where
// posteriordb's NUTS reference has its own Monte Carlo error. Given sigma,
// the coefficients are Gaussian (flat or N(0, s^2) priors are conjugate);
// sigma's marginal is one-dimensional and is integrated by quadrature. The
// reference draws of kidiq's kidscore_momiq are 0.020 and 0.023 sd off these
// means (2 of their own errors), and every sampler's error against them
// carried that offset: a run right against the exact posterior read wrong.
#pragma once

#include "../common/posteriordb.hpp"
#include "sgmc/core/types.hpp"
#include "sgmc/models/linear_regression.hpp"

namespace sgmc::bench {

/// Means and sds of (b, w_1..w_p, sigma) (b only with priors.intercept),
/// Stan's order, for y ~ N(X w + b, sigma^2) with `priors` (sigma's prior
/// flat, half-normal or half-Cauchy; coefficients flat or normal). `x` is
/// n x p without the intercept's column. Exact up to the quadrature's
/// error (below 1e-8 of an sd), so `ess` is infinite and `sd_rel_se` 0.
ReferenceMoments exact_regression_moments(const Eigen::MatrixXd& x, const Vec& y, const LinearPriors& priors);

}  // namespace sgmc::bench
