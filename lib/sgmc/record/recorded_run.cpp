#include "sgmc/record/recorded_run.hpp"

namespace sgmc {

void RecordedRun::add(const Chain& chain) {
  if (is_cyclical(chain.config().kind)) cyclical = chain.config().schedule;
  shared_theta = is_interacting(chain.config().kind);
  add(recorded(chain));
}

RecordedRun recorded_run(std::span<const std::unique_ptr<Chain>> chains, SwapStats swaps) {
  RecordedRun run;
  run.chains.reserve(chains.size());
  for (const auto& chain : chains) run.add(*chain);
  run.swaps = std::move(swaps);
  return run;
}

}  // namespace sgmc
