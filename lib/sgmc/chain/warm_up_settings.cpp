#include "sgmc/chain/warm_up_settings.hpp"

#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {

void check_warm_up_burn_in(Index burn_in) {
  require(burn_in >= kMinAutoWarmUp, "burn_in", burn_in,
          ("must be >= " + show(kMinAutoWarmUp) +
           " when step_size is not set: the automatic warm-up is the burn-in (or set step_size)")
              .c_str());
}

}  // namespace sgmc
