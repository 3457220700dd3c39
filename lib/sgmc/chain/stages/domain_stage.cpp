#include "sgmc/chain/stages/domain_stage.hpp"

namespace sgmc {

void DomainStage::transform(StageStep& /*step*/, const Kernel& kernel) {
  before_move_ = kernel.position();
}

bool DomainStage::filter(const StageStep& /*step*/, Kernel& kernel, ConstVecRef position) {
  if (box_.contains(position)) return false;
  kernel.set_position(before_move_);
  return true;
}

}  // namespace sgmc
