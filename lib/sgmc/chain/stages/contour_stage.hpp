// The contour samplers' gradient multiplier as a chain stage (SPEC §4).
#pragma once

#include <memory>

#include "sgmc/chain/stage.hpp"
#include "sgmc/contour/contour.hpp"

namespace sgmc {

class ContourStage final : public ChainStage {
 public:
  /// `contour` is the chain's contour state, which outlives the stage.
  ContourStage(Contour& contour, Index dim);
  /// SPEC §4: J_k, the theta update and the draw's weight, then the move
  /// gradient g_k grad U_hat (CSGLD eq. 8; the SGHMC and pSGLD variants
  /// likewise; pSGLD's statistics keep the raw gradient). A recorded
  /// draw's running interpolated log-weight goes to step.log_weight, and
  /// step.stein_grad keeps the raw gradient (SteinStage).
  void transform(StageStep& step, const Kernel& kernel) override;

 private:
  Contour& contour_;
  Vec multiplied_;  ///< g_k grad U_hat
};

}  // namespace sgmc
