#include "sgmc/models/synthetic.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

constexpr double kPi = std::numbers::pi;

/// nine and twentyfive share one form: a quadratic bowl with cosine wells
/// and a quadratic wall outside the disc r^2 <= R,
///   U(x) = q r^2 - c sum_i cos(f pi x_i) + 1{r^2 > R} (r^2 - R).
/// nine (CSGLD §4.1, D.3):  q = 1/3, c = 10/3, f = 1.2, R = 7;
/// twentyfive (ICSGLD D.2): q = 0.2, c = 2,    f = 2,   R = 20.
class CosineWellTarget final : public SyntheticTarget {
 public:
  CosineWellTarget(double q, double c, double f, double wall, TargetNoise noise)
      : SyntheticTarget(2, noise), q_(q), c_(c), f_(f), wall_(wall) {}

 private:
  double energy(ConstVecRef x, VecRef* grad) const override {
    const double r2 = x.squaredNorm();
    const bool outside = r2 > wall_;
    double u = q_ * r2 + (outside ? r2 - wall_ : 0.0);
    for (Index i = 0; i < 2; ++i) {
      u -= c_ * std::cos(f_ * kPi * x[i]);
      if (grad) {
        (*grad)[i] = 2.0 * q_ * x[i] + c_ * f_ * kPi * std::sin(f_ * kPi * x[i]) +
                     (outside ? 2.0 * x[i] : 0.0);
      }
    }
    return u;
  }

  double q_, c_, f_, wall_;
};

constexpr std::array<std::string_view, 4> kNames = {"mix1d", "nine", "twentyfive", "gauss25"};

}  // namespace

SyntheticTarget::SyntheticTarget(Index dim, TargetNoise noise) : dim_(dim), noise_(noise) {
  noise.validate();
}

void SyntheticTarget::evaluate(const EvalRequest& request, ModelTerms& out) const {
  if (request.want_gradient) {
    out.prior_energy = energy(request.x, &out.prior_grad);
  } else {
    out.prior_energy = energy(request.x, nullptr);
  }
  noise_.apply(request, out);
}

GaussianMixtureTarget::GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres,
                                             double variance, TargetNoise noise)
    : GaussianMixtureTarget(std::move(weights), centres,
                            Eigen::VectorXd::Constant(centres.cols(), variance), noise) {}

GaussianMixtureTarget::GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres,
                                             Eigen::VectorXd variances, TargetNoise noise)
    : SyntheticTarget(centres.rows(), noise),
      weights_(std::move(weights)),
      centres_(std::move(centres)),
      variances_(std::move(variances)) {
  const Index k_count = centres_.cols();
  require(dim() >= 1 && k_count >= 1, "centres", show(dim()) + " x " + show(k_count),
          "must have at least one row and one column");
  require(weights_.size() == k_count, "weights", "a vector of size " + show(weights_.size()),
          ("must have one entry per column of 'centres' (" + show(k_count) + ")").c_str());
  require((weights_.array() > 0).all() && std::abs(weights_.sum() - 1.0) <= 1e-12, "weights",
          "a vector summing to " + show(weights_.sum()), "must be positive and sum to one");
  require(centres_.allFinite(), "centres", "a matrix with a non-finite entry", "must be finite");
  require(variances_.size() == k_count, "variances", "a vector of size " + show(variances_.size()),
          ("must have one entry per column of 'centres' (" + show(k_count) + ")").c_str());
  for (Index k = 0; k < k_count; ++k) {
    require(std::isfinite(variances_[k]) && variances_[k] > 0, "variance", variances_[k],
            "must be finite and > 0");
  }
  const double d = static_cast<double>(centres_.rows());
  log_norm_ = weights_.array().log();
  for (Index k = 0; k < k_count; ++k) log_norm_[k] -= 0.5 * d * std::log(2.0 * kPi * variances_[k]);
}

double GaussianMixtureTarget::energy(ConstVecRef x, VecRef* grad) const {
  // Log-sum-exp over components: log p = m + log sum_k exp(l_k - m).
  const Index k_count = centres_.cols();
  double max_log = -std::numeric_limits<double>::infinity();
  for (Index k = 0; k < k_count; ++k) {
    const double l = log_norm_[k] - 0.5 * (x - centres_.col(k)).squaredNorm() / variances_[k];
    max_log = std::max(max_log, l);
  }
  double total = 0.0;
  if (grad) grad->setZero();
  for (Index k = 0; k < k_count; ++k) {
    const double l = log_norm_[k] - 0.5 * (x - centres_.col(k)).squaredNorm() / variances_[k];
    const double w = std::exp(l - max_log);
    total += w;
    // grad U = sum_k resp_k (x - mu_k) / s2, resp_k = w_k / total.
    if (grad) *grad += w * (x - centres_.col(k)) / variances_[k];
  }
  if (grad) *grad /= total;
  return -(max_log + std::log(total));
}

std::span<const std::string_view> synthetic_target_names() { return kNames; }

Eigen::MatrixXd gauss25_centres() {
  Eigen::MatrixXd centres(2, 25);
  for (int i = 0; i < 25; ++i) centres.col(i) << -4.0 + 2.0 * (i / 5), -4.0 + 2.0 * (i % 5);
  return centres;
}

std::unique_ptr<SyntheticTarget> make_synthetic_target(std::string_view name, TargetNoise noise) {
  if (name == "mix1d") {  // CSGLD §4.1: 0.4 N(-6, 1) + 0.6 N(4, 1)
    return std::make_unique<GaussianMixtureTarget>(Eigen::Vector2d(0.4, 0.6),
                                                   Eigen::RowVector2d(-6.0, 4.0), 1.0, noise);
  }
  if (name == "nine") return std::make_unique<CosineWellTarget>(1.0 / 3, 10.0 / 3, 1.2, 7.0, noise);
  if (name == "twentyfive") return std::make_unique<CosineWellTarget>(0.2, 2.0, 2.0, 20.0, noise);
  if (name == "gauss25") {  // cSG-MCMC A.1: equal weights, variance 0.03
    return std::make_unique<GaussianMixtureTarget>(Eigen::VectorXd::Constant(25, 1.0 / 25),
                                                   gauss25_centres(), 0.03, noise);
  }
  throw Error(ErrorKind::kInvalidArgument,
              "argument 'target' = \"" + std::string(name) +
                  "\": must be one of mix1d, nine, twentyfive, gauss25");
}

}  // namespace sgmc
