// sgmc_draws_faults: the faults of the model a run rejected (docs/faults.md).
#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::guarded;

extern "C" {

sgmc_status sgmc_draws_faults(const sgmc_draws* draws, int64_t chain, int64_t* out) {
  return guarded([&] {
    sgmc::capi::chain_store(draws, chain, out);  // validates draws, chain and out
    *out = draws->chains[static_cast<std::size_t>(chain)].faults;
    return SGMC_OK;
  });
}

}
