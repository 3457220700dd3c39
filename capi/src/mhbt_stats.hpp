// MHBT's acceptance statistics travel with the draws of its chains.
#pragma once

#include "handles.hpp"
#include "sgmc/samplers/mhbt.hpp"

namespace sgmc::capi {

/// Appends the chain's draws, and its MHBT statistics when it is an MHBT chain.
inline void append_chain(sgmc_draws& draws, const Chain& chain) {
  draws.chains.push_back(chain.draws().trimmed());
  if (const auto* mhbt = dynamic_cast<const Mhbt*>(&chain.kernel())) {
    draws.mhbt.push_back(mhbt->stats());
  }
}

}  // namespace sgmc::capi
