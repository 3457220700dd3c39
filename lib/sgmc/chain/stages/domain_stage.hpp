// The domain box of SPEC §4.2 as a chain stage: a move that leaves the box
// is discarded and the chain stays where it was.
#pragma once

#include "sgmc/chain/stage.hpp"
#include "sgmc/samplers/domain_box.hpp"

namespace sgmc {

class DomainStage final : public ChainStage {
 public:
  DomainStage(const DomainBox& box, Index dim) : box_(box), before_move_(Vec::Zero(dim)) {}
  /// Remembers the kernel's position before the move.
  void transform(StageStep& step, const Kernel& kernel) override;
  /// Puts the kernel back where it was when `position` left the box.
  bool filter(const StageStep& step, Kernel& kernel, ConstVecRef position) override;

 private:
  DomainBox box_;
  Vec before_move_;  ///< in the kernel's coordinates
};

}  // namespace sgmc
