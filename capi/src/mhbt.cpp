// sgmc_draws_mhbt_stats: MHBT's acceptance statistics.
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/samplers/mhbt.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

/// Writes the requested fields; NULL outputs are skipped.
sgmc_status write(const sgmc::MhbtStats& stats, int64_t* proposed, int64_t* accepted,
                  int64_t* forward_proposed, int64_t* forward_accepted, double* beta) {
  if (proposed != nullptr) *proposed = stats.proposed;
  if (accepted != nullptr) *accepted = stats.accepted;
  if (forward_proposed != nullptr) *forward_proposed = stats.forward_proposed;
  if (forward_accepted != nullptr) *forward_accepted = stats.forward_accepted;
  if (beta != nullptr) *beta = stats.beta;
  return SGMC_OK;
}

}  // namespace

extern "C" {

sgmc_status sgmc_draws_mhbt_stats(const sgmc_draws* draws, int64_t chain, int64_t* proposed,
                                  int64_t* accepted, int64_t* forward_proposed,
                                  int64_t* forward_accepted, double* beta) {
  return guarded([&] {
    require_non_null(draws, "draws");
    sgmc::require(!draws->chains.empty() && draws->chains.front().mhbt, "draws",
                  "draws of another sampler", "have no MHBT statistics (sampler 'mhbt' only)");
    const auto n = static_cast<int64_t>(draws->chains.size());
    sgmc::require(chain >= 0 && chain < n, "chain", chain,
                  ("must be in [0, n_chains) with n_chains = " + sgmc::show(n)).c_str());
    return write(*draws->chains[static_cast<std::size_t>(chain)].mhbt, proposed, accepted,
                 forward_proposed, forward_accepted, beta);
  });
}

}
