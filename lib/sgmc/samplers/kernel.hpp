// The ask/tell state machine of one chain's dynamics (DESIGN.md "Shape").
// A kernel holds the chain's state and scratch; it never sees the model, the
// batch or the draw storage — the Chain feeds it one evaluation per step.
#pragma once

#include "sgmc/core/types.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc {

/// The stochastic estimates of SPEC §0 at the point returned by query().
struct StochasticEval {
  double energy;           ///< U_hat(x)
  ConstVecRef grad;        ///< grad U_hat(x)
  /// The per-datum mean gradient gbar = mean_grad_scale * mean_grad_base
  /// (grad S_B / n, or grad U_hat for a data-free target; SPEC §2 pSGLD).
  ConstVecRef mean_grad_base;
  double mean_grad_scale;
};

/// What the schedule says about iteration k.
struct StepInfo {
  Index k;             ///< 1-based iteration
  double step_size;    ///< eps_k
  double temperature;  ///< tau for this step (0 in an exploration stage)
};

class Kernel {
 public:
  virtual ~Kernel() = default;

  /// The point whose energy and gradient the next step() needs.
  virtual ConstVecRef query() const = 0;
  /// The chain's current position x_k.
  virtual ConstVecRef position() const = 0;
  /// Puts the chain back at x after a move left the domain box (SPEC §4.2);
  /// any other state (momentum, preconditioner) stays as the move left it.
  /// Never allocates.
  virtual void set_position(ConstVecRef x) = 0;
  /// Advances one step. Never allocates.
  virtual void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) = 0;
};

}  // namespace sgmc
