// sgmc_chain_tell_fault, sgmc_chain_faults, sgmc_draws_faults: faults of
// the model (docs/faults.md).
#include <string>

#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

extern "C" {

sgmc_status sgmc_chain_tell_fault(sgmc_chain* chain, const char* message) {
  return guarded([&] {
    require_non_null(chain, "chain");
    chain->chain->tell_fault(message != nullptr && message[0] != '\0'
                                 ? std::string(message)
                                 : std::string("the caller's evaluation failed"));
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_faults(const sgmc_chain* chain, int64_t* out) {
  return guarded([&] {
    require_non_null(chain, "chain");
    require_non_null(out, "out");
    *out = chain->chain->faults();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_faults(const sgmc_draws* draws, int64_t chain, int64_t* out) {
  return guarded([&] {
    sgmc::capi::chain_store(draws, chain, out);  // validates draws, chain and out
    *out = draws->chains[static_cast<std::size_t>(chain)].faults;
    return SGMC_OK;
  });
}

}
