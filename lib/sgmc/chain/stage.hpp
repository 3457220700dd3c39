// A chain is its kernel plus an ordered list of stages (Chain::tell): each
// stage may transform the gradient the kernel moves with, before the move,
// and keep or undo the move after it. Contour multiplier, variance-reduction
// control, preconditioner and domain box are stages (lib/sgmc/chain/stages/);
// a new one is a file of its own and a line in make_stages() (chain.cpp).
#pragma once

#include "sgmc/core/types.hpp"
#include "sgmc/samplers/kernel.hpp"

namespace sgmc {

/// One evaluation on its way through Chain::tell, handed from stage to stage.
struct StageStep {
  StepInfo info;          ///< iteration k, eps_k and tau (0 while exploring)
  bool iteration;         ///< false for an extra evaluation of the kernel (MHBT)
  bool records;           ///< iteration k records a draw
  double index_energy;    ///< the energy whose subregion is the index J (SPEC §4.3)
  ConstVecRef query;      ///< x_k, where the model was evaluated (model coordinates); until the move
  const Vec* grad;        ///< grad U_hat(x_k) as evaluated; never changed by a stage
  /// The gradient the kernel moves with, and pSGLD's per-datum mean gradient
  /// base (StochasticEval): grad and the evaluation's base until a stage
  /// points them at its own transformed copies.
  const Vec* move_grad;
  const Vec* mean_grad_base;
  double mean_grad_scale;  ///< gbar = mean_grad_scale * mean_grad_base (StochasticEval)
  /// What Stein's identity for pi reads (SteinStage): grad U_hat without
  /// the contour multiplier, in the kernel's coordinates once a
  /// preconditioner has mapped it (on the iterations that record). The
  /// move gradient itself until a contour stage multiplies that.
  const Vec* stein_grad;
  /// The recorded draw's running log importance weight (SPEC §4.1) for a
  /// contour sampler, which sets it; 0 (weight 1) for the others.
  double log_weight = 0.0;
};

class ChainStage {
 public:
  virtual ~ChainStage() = default;
  /// Before the move: learn from the evaluation, and transform the
  /// gradients (step.move_grad, step.mean_grad_base) into buffers of the
  /// stage's own. Never allocates.
  virtual void transform(StageStep& step, const Kernel& kernel) = 0;
  /// After the move, with the kernel's new position in model coordinates:
  /// returns true when the stage moved the kernel (back), so that the chain
  /// maps its coordinates again. Never allocates.
  virtual bool filter(const StageStep& /*step*/, Kernel& /*kernel*/, ConstVecRef /*position*/) {
    return false;
  }
  /// After iteration k is counted, in the reverse order of the list (the
  /// stage nearest the kernel first): returns true when the stage changed
  /// the coordinates the kernel moves in or its settings, so that the chain
  /// rebuilds its kernel (a preconditioner's window end; a friction the
  /// warm-up chose).
  virtual bool end_iteration(Index /*k*/) { return false; }
};

}  // namespace sgmc
