#include "sgmc/chain/recorded_run.hpp"

namespace sgmc {

void RecordedRun::add(const Chain& chain) {
  if (is_cyclical(chain.config().kind)) cyclical = chain.config().schedule;
  shared_theta = is_interacting(chain.config().kind);
  add(recorded(chain));
}

}  // namespace sgmc
