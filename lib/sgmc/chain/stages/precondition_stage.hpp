// The preconditioner (docs/preconditioning.md) as a chain stage: the kernel
// moves y = L^{-1} x, so its gradients are L' grad_x, and L is learnt from
// the evaluations of the warm-up windows.
#pragma once

#include <memory>

#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/chain/stage.hpp"

namespace sgmc {

class PreconditionStage final : public ChainStage {
 public:
  /// `precond` is the chain's member, read through the reference because
  /// replica exchange swaps preconditioners between chains. `mean_gradient`:
  /// the kernel reads a per-datum mean gradient (pSGLD), mapped too.
  PreconditionStage(const std::unique_ptr<Preconditioner>& precond, Index dim, bool mean_gradient);
  /// Learns from the evaluation (at the query, for kernels that record it)
  /// and maps the gradients to y (step.stein_grad, when it is not the move
  /// gradient, on the iterations that record).
  void transform(StageStep& step, const Kernel& kernel) override;
  /// Learns from a kernel that records its position (MHBT): its state, not
  /// its proposals, most of which are rejected out in the tails.
  bool filter(const StageStep& step, Kernel& kernel, ConstVecRef position) override;
  /// A window's end: L changes.
  bool end_iteration(Index k) override { return precond_->end_window(k); }

 private:
  /// The preconditioner learns from the evaluations that sample pi: not from
  /// an optimiser's path to a mode (temperature 0, or a cyclical sampler's
  /// exploration stage), whose shrinking steps say nothing about its shape.
  static bool learns(const StageStep& step) { return step.iteration && step.info.temperature > 0.0; }

  const std::unique_ptr<Preconditioner>& precond_;
  Vec grad_y_;       ///< L' times the move gradient
  Vec stein_grad_y_;  ///< L' times a contour chain's raw gradient
  Vec mean_grad_y_;  ///< L' times pSGLD's mean gradient base; empty for other kernels
};

}  // namespace sgmc
