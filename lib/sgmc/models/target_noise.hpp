// Simulated stochastic gradients for data-free targets (SPEC §0): independent
// N(0, s^2) noise on the energy and on each gradient coordinate, drawn from
// the chain's target-noise stream so that runs stay reproducible.
#pragma once

#include "sgmc/models/model.hpp"

namespace sgmc {

/// The noise level is a parameter of the target (SPEC §0); shared by
/// GaussianModel and every SyntheticTarget.
struct TargetNoise {
  double energy_sd = 0.0;  ///< standard deviation of the energy noise, >= 0
  double grad_sd = 0.0;    ///< standard deviation per gradient coordinate, >= 0

  /// Throws sgmc::Error naming a negative or non-finite deviation.
  void validate() const;
  /// Adds N(0, energy_sd^2) to out.prior_energy and, when
  /// request.want_gradient, N(0, grad_sd^2) to each entry of out.prior_grad,
  /// drawn from *request.noise (energy first, then coordinates in order).
  /// A deviation of 0 draws nothing. Throws Error(kState) when a draw is
  /// needed and request.noise is null.
  void apply(const EvalRequest& request, ModelTerms& out) const {
    // Inline, so that an exact target (both deviations 0) pays no call: a
    // synthetic evaluation takes a few tens of nanoseconds (issue #21).
    if (energy_sd > 0 || grad_sd > 0) draw(request, out);
  }

 private:
  void draw(const EvalRequest& request, ModelTerms& out) const;
};

}  // namespace sgmc
