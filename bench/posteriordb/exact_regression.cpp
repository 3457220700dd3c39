#include "exact_regression.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include <Eigen/Cholesky>

namespace sgmc::bench {
namespace {

/// log p(sigma) of sigma's prior, up to a constant.
double log_sigma_prior(const LinearPriors& priors, double sigma) {
  const double s = priors.noise_scale;
  switch (priors.noise) {
    case NoisePrior::kFlat: return 0.0;
    case NoisePrior::kHalfNormal: return -sigma * sigma / (2.0 * s * s);
    case NoisePrior::kHalfCauchy: return -std::log1p((sigma / s) * (sigma / s));
    default:
      throw std::invalid_argument("exact_regression_moments: sigma's prior must be flat, half-normal or half-Cauchy");
  }
}

/// The coefficients given sigma = e^t, and log p(t | y) up to a constant.
struct Conditional {
  double log_density = 0;
  Vec mean;        ///< E[coefficients | sigma]
  Vec variance;    ///< Var(coefficients | sigma), the diagonal
};

/// The regression's sufficient statistics, in sgmc's order (w, b).
struct Regression {
  Eigen::MatrixXd gram;  ///< Z'Z, Z = [X, 1]
  Vec zy;                ///< Z'y
  double yy = 0;         ///< y'y
  double n = 0;
  double prior_precision = 0;  ///< of the coefficients; 0 for flat
  LinearPriors priors;

  // Given sigma the coefficients are N(m, A^-1), A = Z'Z / sigma^2 + P0,
  // m = A^-1 Z'y / sigma^2, and integrating them out
  // log p(t | y) = log p(sigma) + t - n t - log|A| / 2 - (y'y / sigma^2 - m'A m) / 2.
  Conditional at(double t) const {
    const double sigma = std::exp(t), s2 = sigma * sigma;
    Eigen::MatrixXd a = gram / s2;
    a.diagonal().array() += prior_precision;
    const Eigen::LLT<Eigen::MatrixXd> llt(a);
    Conditional c;
    c.mean = llt.solve(zy / s2);
    c.variance = llt.solve(Eigen::MatrixXd::Identity(a.rows(), a.cols())).diagonal();
    const double log_det = 2.0 * llt.matrixLLT().diagonal().array().log().sum();
    c.log_density =
        log_sigma_prior(priors, sigma) + (1.0 - n) * t - 0.5 * log_det - 0.5 * (yy / s2 - c.mean.dot(a * c.mean));
    return c;
  }
};

/// Points of the quadrature over t = log sigma (equally spaced: the
/// trapezoid rule, whose ends carry nothing, is the plain sum, and its
/// error falls faster than any power of the spacing for such a density).
constexpr int kPoints = 4001;
/// The range's ends must lie this far below the density's peak (in log):
/// e^-50 of it, nothing a double sum can hold.
constexpr double kTail = 50.0;

}  // namespace

ReferenceMoments exact_regression_moments(const Eigen::MatrixXd& x, const Vec& y, const LinearPriors& priors) {
  const Index p = x.cols(), q = p + (priors.intercept ? 1 : 0);
  Eigen::MatrixXd z(x.rows(), q);
  z.leftCols(p) = x;
  if (priors.intercept) z.col(p).setOnes();
  Regression r;
  r.gram = z.transpose() * z;
  r.zy = z.transpose() * y;
  r.yy = y.squaredNorm();
  r.n = static_cast<double>(x.rows());
  r.prior_precision = priors.coef == CoefPrior::kFlat ? 0.0 : 1.0 / (priors.coef_scale * priors.coef_scale);
  r.priors = priors;

  // The range: around least squares' log sigma, 30 sds of t (~ 1/sqrt(2n))
  // each way, widened on the side where the density has not yet fallen
  // kTail below its peak (a small n leaves a heavy right tail).
  const double centre = 0.5 * std::log((y - z * r.gram.ldlt().solve(r.zy)).squaredNorm() / r.n);
  const double step = 30.0 / std::sqrt(2.0 * r.n);
  const double peak = r.at(centre).log_density;
  double lo = centre - step, hi = centre + step;
  for (int i = 0; r.at(lo).log_density > peak - kTail; ++i, lo -= step) {
    if (i == 100) throw std::runtime_error("exact_regression_moments: sigma's posterior has no lower tail");
  }
  for (int i = 0; r.at(hi).log_density > peak - kTail; ++i, hi += step) {
    if (i == 100) throw std::runtime_error("exact_regression_moments: sigma's posterior has no upper tail");
  }

  std::vector<Conditional> grid(kPoints);
  std::vector<double> ts(kPoints);
  double top = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < kPoints; ++k) {
    ts[k] = lo + (hi - lo) * k / (kPoints - 1);
    grid[k] = r.at(ts[k]);
    top = std::max(top, grid[k].log_density);
  }
  std::vector<double> weights(kPoints);
  double total = 0, e_sigma = 0, e_sigma2 = 0;
  Vec e_coef = Vec::Zero(q);
  for (int k = 0; k < kPoints; ++k) {
    weights[k] = std::exp(grid[k].log_density - top);
    total += weights[k];
    e_sigma += weights[k] * std::exp(ts[k]);
    e_sigma2 += weights[k] * std::exp(2.0 * ts[k]);
    e_coef += weights[k] * grid[k].mean;
  }
  e_sigma /= total, e_sigma2 /= total, e_coef /= total;
  // Var(w) = E[Var(w | sigma)] + Var(E[w | sigma]), about the mean (no cancellation).
  Vec coef_var = Vec::Zero(q);
  for (int k = 0; k < kPoints; ++k) {
    coef_var += weights[k] / total * (grid[k].variance + (grid[k].mean - e_coef).cwiseAbs2());
  }

  // Stan's order: (b, w_1..w_p, sigma).
  const Index d = q + 1, b = priors.intercept ? 1 : 0;
  ReferenceMoments out{Vec(d), Vec(d), Vec::Constant(d, std::numeric_limits<double>::infinity()), Vec::Zero(d)};
  if (b) out.mean[0] = e_coef[p], out.sd[0] = std::sqrt(coef_var[p]);
  out.mean.segment(b, p) = e_coef.head(p);
  out.sd.segment(b, p) = coef_var.head(p).cwiseSqrt();
  out.mean[d - 1] = e_sigma;
  out.sd[d - 1] = std::sqrt(e_sigma2 - e_sigma * e_sigma);
  return out;
}

}  // namespace sgmc::bench
