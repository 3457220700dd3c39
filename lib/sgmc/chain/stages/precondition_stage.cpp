#include "sgmc/chain/stages/precondition_stage.hpp"

namespace sgmc {

PreconditionStage::PreconditionStage(const std::unique_ptr<Preconditioner>& precond, Index dim,
                                     bool mean_gradient)
    : precond_(precond),
      grad_y_(Vec::Zero(dim)),
      stein_grad_y_(Vec::Zero(dim)),
      mean_grad_y_(Vec::Zero(mean_gradient ? dim : 0)) {}

void PreconditionStage::transform(StageStep& step, const Kernel& kernel) {
  if (learns(step) && !kernel.records_position()) precond_->add(step.query, *step.grad);
  const bool stein_is_move = step.stein_grad == step.move_grad;
  precond_->gradient_to_y(*step.move_grad, grad_y_);
  step.move_grad = &grad_y_;
  if (stein_is_move) {
    step.stein_grad = &grad_y_;
  } else if (step.records) {  // a contour chain's raw gradient, read on recorded draws only
    precond_->gradient_to_y(*step.stein_grad, stein_grad_y_);
    step.stein_grad = &stein_grad_y_;
  }
  if (mean_grad_y_.size() > 0) {
    precond_->gradient_to_y(*step.mean_grad_base, mean_grad_y_);
    step.mean_grad_base = &mean_grad_y_;
  }
}

bool PreconditionStage::filter(const StageStep& step, Kernel& kernel, ConstVecRef position) {
  if (learns(step) && kernel.records_position()) precond_->add_y_gradient(position, kernel.position_gradient());
  return false;
}

}  // namespace sgmc
