// THE BASELINE of this benchmark, not engine code: the four synthetic
// targets as lib/sgmc/models/synthetic.cpp evaluated them before issue #21
// (commit 655f63a), copied verbatim (scalar std::exp, std::cos and
// std::sin, two passes over the mixture components), with the evaluate()
// they had: x passed on as a copied Ref, and the target noise applied by an
// out-of-line call. The benchmark times the engine's targets against these,
// side by side in one run.
#pragma once

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <string_view>

#include "sgmc/models/synthetic.hpp"

namespace sgmc::bench {

/// TargetNoise::apply as a call, as it was before issue #21 made its
/// zero-noise check inline.
[[gnu::noinline]] inline void apply_out_of_line(const TargetNoise& noise, const EvalRequest& request,
                                                ModelTerms& out) {
  noise.apply(request, out);
}

/// SyntheticTarget before issue #21.
class ScalarTarget : public Model {
 public:
  ScalarTarget(Index dim, TargetNoise noise) : dim_(dim), noise_(noise) {}

  Index dim() const final { return dim_; }
  Index data_size() const final { return 0; }
  void evaluate(const EvalRequest& request, ModelTerms& out) const final {
    if (request.want_gradient) {
      out.prior_energy = energy(request.x, &out.prior_grad);
    } else {
      out.prior_energy = energy(request.x, nullptr);
    }
    apply_out_of_line(noise_, request, out);
  }
  double exact_energy(ConstVecRef x) const { return energy(x, nullptr); }
  /// What a difference of energies at x is relative to: |U(x)|, or the
  /// sizes of U's terms where U crosses zero (not part of the baseline's
  /// code; tests/cpp/models/test_synthetic_accuracy.cpp measures the same).
  virtual double energy_scale(ConstVecRef x) const { return std::abs(exact_energy(x)); }

 protected:
  virtual double energy(ConstVecRef x, VecRef* grad) const = 0;

 private:
  Index dim_;
  TargetNoise noise_;
};

class ScalarGaussianMixture final : public ScalarTarget {
 public:
  ScalarGaussianMixture(const GaussianMixtureTarget& target, TargetNoise noise)
      : ScalarTarget(target.dim(), noise),
        centres_(target.centres()),
        variances_(target.variances()),
        log_norm_(target.weights().array().log()) {
    const double d = static_cast<double>(centres_.rows());
    for (Index k = 0; k < centres_.cols(); ++k) {
      log_norm_[k] -= 0.5 * d * std::log(2.0 * std::numbers::pi * variances_[k]);
    }
  }

 private:
  double energy(ConstVecRef x, VecRef* grad) const override {
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

  Eigen::MatrixXd centres_;
  Eigen::VectorXd variances_;
  Eigen::VectorXd log_norm_;
};

class ScalarCosineWell final : public ScalarTarget {
 public:
  ScalarCosineWell(double q, double c, double f, double wall, TargetNoise noise)
      : ScalarTarget(2, noise), q_(q), c_(c), f_(f), wall_(wall) {}

 private:
  double energy(ConstVecRef x, VecRef* grad) const override {
    constexpr double kPi = std::numbers::pi;
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

  double energy_scale(ConstVecRef x) const override { return (q_ + 1.0) * x.squaredNorm() + 2.0 * c_ + wall_; }

  double q_, c_, f_, wall_;
};

/// The baseline of the built-in target `name`, as make_synthetic_target.
inline std::unique_ptr<ScalarTarget> make_scalar_target(std::string_view name, TargetNoise noise) {
  if (name == "nine") return std::make_unique<ScalarCosineWell>(1.0 / 3, 10.0 / 3, 1.2, 7.0, noise);
  if (name == "twentyfive") return std::make_unique<ScalarCosineWell>(0.2, 2.0, 2.0, 20.0, noise);
  const auto target = make_synthetic_target(name, noise);
  return std::make_unique<ScalarGaussianMixture>(dynamic_cast<const GaussianMixtureTarget&>(*target),
                                                 noise);
}

}  // namespace sgmc::bench
