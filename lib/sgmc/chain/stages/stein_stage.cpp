#include "sgmc/chain/stages/stein_stage.hpp"

namespace sgmc {

bool SteinStage::applies(const SamplerConfig& config) {
  return config.kind != SamplerKind::kMhbt && !config.domain.active();
}

}  // namespace sgmc
