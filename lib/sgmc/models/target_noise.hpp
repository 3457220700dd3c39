// Simulated stochastic gradients for data-free targets (SPEC §0): independent
// N(0, s^2) noise on the energy and on each gradient coordinate, drawn from
// the chain's target-noise stream so that runs stay reproducible.
#pragma once

#include "sgmc/models/model.hpp"

namespace sgmc {

struct TargetNoise {
  double energy_sd = 0.0;
  double grad_sd = 0.0;

  /// Throws sgmc::Error naming a negative or non-finite deviation.
  void validate() const;
  /// Adds the noise to out.prior_energy and (when a gradient was asked for)
  /// out.prior_grad. Draws nothing when a deviation is 0.
  void apply(const EvalRequest& request, ModelTerms& out) const;
};

}  // namespace sgmc
