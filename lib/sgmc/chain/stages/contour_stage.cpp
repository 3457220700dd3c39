#include "sgmc/chain/stages/contour_stage.hpp"

namespace sgmc {

ContourStage::ContourStage(Contour& contour, Index dim) : contour_(contour), multiplied_(Vec::Zero(dim)) {}

void ContourStage::transform(StageStep& step, const Kernel& /*kernel*/) {
  const double g = contour_.step(step.index_energy, step.info.k, step.info.temperature, step.records);
  multiplied_.noalias() = g * *step.grad;
  step.move_grad = &multiplied_;
  // A recording iteration is past the pilot (the pilot is burn-in), so the
  // draw's weights were just traced.
  if (step.records) {
    const ContourTrace& trace = contour_.trace();
    step.log_weight = trace.log_weights(WeightKind::kInterpolated)[trace.size() - 1];
  }
}

}  // namespace sgmc
