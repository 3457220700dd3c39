#include "sgmc/chain/stages/variance_control_stage.hpp"

namespace sgmc {

void VarianceControlStage::transform(StageStep& step, const Kernel& /*kernel*/) {
  vr_.commit(step.info.k, step.query);
}

}  // namespace sgmc
