// The chains whose draws sample the target: all of them, except under
// replica exchange, where only replica 0 runs at the target's temperature
// (SPEC §6: "samples come from the lowest-temperature chain"). The rule is
// read from the chains' temperatures, not from a sampler kind: a replica's
// own configuration is that of an SGLD chain (replica_config()).
#pragma once

#include <span>

#include "sgmc/drivers/driver.hpp"

namespace sgmc::bench {

inline std::span<const std::unique_ptr<Chain>> target_chains(const ChainList& chains) {
  const double tau = chains.front()->config().temperature;
  std::size_t n = 0;
  while (n < chains.size() && chains[n]->config().temperature == tau) ++n;
  return std::span(chains).first(n);
}

}  // namespace sgmc::bench
