// The built-in synthetic targets of SPEC §9 (data-free, N = 0), with exact
// energies and gradients and optional simulated gradient noise.
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "sgmc/models/model.hpp"
#include "sgmc/models/target_noise.hpp"

namespace sgmc {

/// A data-free target U0 = U, evaluated exactly, with TargetNoise on top.
class SyntheticTarget : public Model {
 public:
  SyntheticTarget(Index dim, TargetNoise noise);

  Index dim() const final { return dim_; }
  Index data_size() const final { return 0; }
  void evaluate(const EvalRequest& request, ModelTerms& out) const final;

  /// The exact energy U(x), without noise.
  double exact_energy(ConstVecRef x) const { return energy(x, nullptr); }

 protected:
  /// U(x); writes grad U(x) to `grad` when it is not null.
  virtual double energy(ConstVecRef x, VecRef* grad) const = 0;

 private:
  Index dim_;
  TargetNoise noise_;
};

/// U(x) = -log sum_k w_k N(x; mu_k, s2 I): mix1d and gauss25.
class GaussianMixtureTarget final : public SyntheticTarget {
 public:
  /// weights sum to one; centres is d x K; variance s2 > 0.
  GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres, double variance,
                        TargetNoise noise);

  const Eigen::MatrixXd& centres() const { return centres_; }
  const Eigen::VectorXd& weights() const { return weights_; }

 private:
  double energy(ConstVecRef x, VecRef* grad) const override;

  Eigen::VectorXd weights_;
  Eigen::MatrixXd centres_;
  double variance_;
  Eigen::VectorXd log_norm_;  ///< log w_k - d/2 log(2 pi s2)
};

/// The names make_synthetic_target accepts.
std::span<const std::string_view> synthetic_target_names();

/// "mix1d", "nine", "twentyfive" or "gauss25" (SPEC §9); throws
/// Error(kInvalidArgument) naming an unknown target.
std::unique_ptr<SyntheticTarget> make_synthetic_target(std::string_view name, TargetNoise noise);

/// The 25 mode centres of gauss25, {-4, -2, 0, 2, 4}^2, as a 2 x 25 matrix.
Eigen::MatrixXd gauss25_centres();

}  // namespace sgmc
