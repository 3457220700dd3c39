// sgmc_draws_swap_stats, sgmc_draws_copy_temperatures: the ladder of a
// resgld run and what its replicas exchanged.
#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

extern "C" {

sgmc_status sgmc_draws_copy_temperatures(const sgmc_draws* draws, double* out, int64_t out_len) {
  return guarded([&] {
    require_non_null(draws, "draws");
    require_non_null(out, "out");
    require_length(out_len, static_cast<int64_t>(draws->chains.size()), "out_len");
    for (const auto& chain : draws->chains) *out++ = chain.temperature;
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_swap_stats(const sgmc_draws* draws, int64_t* attempts,
                                             int64_t* accepts, int64_t n_pairs) {
  return guarded([&] {
    require_non_null(draws, "draws");
    require_non_null(attempts, "attempts");
    require_non_null(accepts, "accepts");
    const auto& swaps = draws->swaps;
    if (swaps.attempts.empty()) {
      throw sgmc::Error(sgmc::ErrorKind::kState, "the draws are not from a replica-exchange run (resgld)");
    }
    require_length(n_pairs, static_cast<int64_t>(swaps.attempts.size()), "n_pairs");
    std::copy(swaps.attempts.begin(), swaps.attempts.end(), attempts);
    std::copy(swaps.accepts.begin(), swaps.accepts.end(), accepts);
    return SGMC_OK;
  });
}

}
