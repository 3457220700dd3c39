// The built-in synthetic targets of SPEC §9 (data-free, N = 0), with exact
// energies and gradients and optional simulated target noise (SPEC §0).
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "sgmc/models/model.hpp"
#include "sgmc/models/target_noise.hpp"

namespace sgmc {

/// A data-free target U0 = U, evaluated exactly, with TargetNoise on top.
/// Stateless after construction, so evaluate() is thread-safe; it never
/// allocates.
class SyntheticTarget : public Model {
 public:
  /// Throws sgmc::Error naming a negative or non-finite noise deviation.
  SyntheticTarget(Index dim, TargetNoise noise);

  Index dim() const final { return dim_; }
  Index data_size() const final { return 0; }
  // evaluate(), which each target defines with evaluate_with(): sets
  // out.prior_energy = U(x) (+ energy noise), out.prior_grad = grad U(x)
  // (+ gradient noise, only when request.want_gradient); draws the noise
  // from *request.noise.

  /// @param[in] x  a point of size dim().
  /// @return the exact energy U(x) of SPEC §9, without noise.
  double exact_energy(ConstVecRef x) const { return energy(x, nullptr); }

 protected:
  /// U(x); writes grad U(x) to `grad` when it is not null. `x` by
  /// reference: a copied Ref cost a tenth of an evaluation (issue #21).
  virtual double energy(const ConstVecRef& x, VecRef* grad) const = 0;

  /// The whole of a target's evaluate(), given its final class's energy():
  /// called there, energy() is no virtual call and inlines (the call and
  /// its frame were a tenth of an evaluation of nine, issue #21).
  template <typename Energy>
  void evaluate_with(const Energy& energy_at, const EvalRequest& request, ModelTerms& out) const {
    out.prior_energy = energy_at(request.x, request.want_gradient ? &out.prior_grad : nullptr);
    noise_.apply(request, out);
  }

 private:
  Index dim_;
  TargetNoise noise_;
};

/// U(x) = -log sum_k w_k N(x; mu_k, s2_k I): mix1d and gauss25 (one s2
/// for every component), and mixtures of unequal widths.
class GaussianMixtureTarget final : public SyntheticTarget {
 public:
  /// @param[in] weights   K positive weights summing to one.
  /// @param[in] centres   d x K, column k is mu_k.
  /// @param[in] variance  s2 > 0, the variance of every coordinate.
  /// Throws sgmc::Error(kInvalidArgument) naming a bad argument.
  GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres, double variance,
                        TargetNoise noise);
  /// The same with component k's variance variances[k] > 0.
  GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres,
                        Eigen::VectorXd variances, TargetNoise noise);

  const Eigen::MatrixXd& centres() const { return centres_; }
  const Eigen::VectorXd& weights() const { return weights_; }
  /// The variance of component 0 (of every component of mix1d and gauss25).
  double variance() const { return variances_[0]; }
  const Eigen::VectorXd& variances() const { return variances_; }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    evaluate_with([this](const ConstVecRef& x, VecRef* grad) { return energy(x, grad); }, request, out);
  }

 private:
  double energy(const ConstVecRef& x, VecRef* grad) const override;

  Eigen::VectorXd weights_;
  Eigen::MatrixXd centres_;
  Eigen::VectorXd variances_;
  // The components laid out for evaluation across them in SIMD lanes, K
  // padded to whole chunks (synthetic.cpp) with components of weight zero.
  Eigen::MatrixXd means_;       ///< padded K x d: column i is coordinate i of every mu_k
  Eigen::ArrayXd log_norm_;     ///< log w_k - d/2 log(2 pi s2_k); -inf for padding
  Eigen::ArrayXd precision_;    ///< 1 / s2_k; 1 for padding
};

/// @return the names make_synthetic_target accepts, in SPEC §9 order
/// (static storage).
std::span<const std::string_view> synthetic_target_names();

/// @param[in] name   "mix1d", "nine", "twentyfive" or "gauss25" (SPEC §9).
/// @param[in] noise  simulated target noise, deviations >= 0.
/// @return the target; mix1d and gauss25 are GaussianMixtureTarget.
/// Throws Error(kInvalidArgument) naming an unknown target or a bad noise.
std::unique_ptr<SyntheticTarget> make_synthetic_target(std::string_view name, TargetNoise noise);

/// The 25 mode centres of gauss25, {-4, -2, 0, 2, 4}^2, as a 2 x 25 matrix.
Eigen::MatrixXd gauss25_centres();

}  // namespace sgmc
