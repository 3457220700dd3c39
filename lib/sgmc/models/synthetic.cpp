#include "sgmc/models/synthetic.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

constexpr double kPi = std::numbers::pi;

/// nine (CSGLD §4.1, D.3): sum_i (x_i^2 - 10 cos(1.2 pi x_i)) / 3 + 1{r^2 > 7} (r^2 - 7).
class NineTarget final : public SyntheticTarget {
 public:
  explicit NineTarget(TargetNoise noise) : SyntheticTarget(2, noise) {}

 private:
  double energy(ConstVecRef x, VecRef* grad) const override {
    const double r2 = x.squaredNorm();
    const bool outside = r2 > 7.0;
    double u = outside ? r2 - 7.0 : 0.0;
    for (Index i = 0; i < 2; ++i) {
      u += (x[i] * x[i] - 10.0 * std::cos(1.2 * kPi * x[i])) / 3.0;
      if (grad) (*grad)[i] = (2.0 * x[i] + 12.0 * kPi * std::sin(1.2 * kPi * x[i])) / 3.0 + (outside ? 2.0 * x[i] : 0.0);
    }
    return u;
  }
};

/// twentyfive (ICSGLD D.2): 0.2 r^2 - 2 (cos 2 pi x1 + cos 2 pi x2) + 1{r^2 > 20} (r^2 - 20).
class TwentyFiveTarget final : public SyntheticTarget {
 public:
  explicit TwentyFiveTarget(TargetNoise noise) : SyntheticTarget(2, noise) {}

 private:
  double energy(ConstVecRef x, VecRef* grad) const override {
    const double r2 = x.squaredNorm();
    const bool outside = r2 > 20.0;
    double u = 0.2 * r2 + (outside ? r2 - 20.0 : 0.0);
    for (Index i = 0; i < 2; ++i) {
      u -= 2.0 * std::cos(2.0 * kPi * x[i]);
      if (grad) (*grad)[i] = 0.4 * x[i] + 4.0 * kPi * std::sin(2.0 * kPi * x[i]) + (outside ? 2.0 * x[i] : 0.0);
    }
    return u;
  }
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
    : SyntheticTarget(centres.rows(), noise),
      weights_(std::move(weights)),
      centres_(std::move(centres)),
      variance_(variance) {
  require(variance > 0, "variance", variance, "must be > 0");
  const double d = static_cast<double>(centres_.rows());
  log_norm_ = weights_.array().log() - 0.5 * d * std::log(2.0 * kPi * variance_);
}

double GaussianMixtureTarget::energy(ConstVecRef x, VecRef* grad) const {
  // Log-sum-exp over components: log p = m + log sum_k exp(l_k - m).
  const Index k_count = centres_.cols();
  double max_log = -std::numeric_limits<double>::infinity();
  for (Index k = 0; k < k_count; ++k) {
    const double l = log_norm_[k] - 0.5 * (x - centres_.col(k)).squaredNorm() / variance_;
    max_log = std::max(max_log, l);
  }
  double total = 0.0;
  if (grad) grad->setZero();
  for (Index k = 0; k < k_count; ++k) {
    const double l = log_norm_[k] - 0.5 * (x - centres_.col(k)).squaredNorm() / variance_;
    const double w = std::exp(l - max_log);
    total += w;
    // grad U = sum_k resp_k (x - mu_k) / s2, resp_k = w_k / total.
    if (grad) *grad += w * (x - centres_.col(k)) / variance_;
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
  if (name == "nine") return std::make_unique<NineTarget>(noise);
  if (name == "twentyfive") return std::make_unique<TwentyFiveTarget>(noise);
  if (name == "gauss25") {  // cSG-MCMC A.1: equal weights, variance 0.03
    return std::make_unique<GaussianMixtureTarget>(Eigen::VectorXd::Constant(25, 1.0 / 25),
                                                   gauss25_centres(), 0.03, noise);
  }
  throw Error(ErrorKind::kInvalidArgument,
              "argument 'target' = \"" + std::string(name) +
                  "\": must be one of mix1d, nine, twentyfive, gauss25");
}

}  // namespace sgmc
