// The control point of the variance-reduced energy (SPEC §4.3) as a chain
// stage: it moves on with the chain's evaluations.
#pragma once

#include "sgmc/chain/stage.hpp"
#include "sgmc/contour/variance_reduced_energy.hpp"

namespace sgmc {

class VarianceControlStage final : public ChainStage {
 public:
  /// `vr` is the chain's, which outlives the stage.
  explicit VarianceControlStage(VarianceReducedEnergy& vr) : vr_(vr) {}
  /// The evaluation of iteration k is used: x_k may become the next xbar.
  void transform(StageStep& step, const Kernel& kernel) override;

 private:
  VarianceReducedEnergy& vr_;
};

}  // namespace sgmc
