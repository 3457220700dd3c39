// sgmc_draws_*: the shape of recorded draws and copying them into caller
// buffers (what else they hold is read by name: draws_fields.cpp).
#include <algorithm>

#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

using sgmc::capi::chain_store;

namespace sgmc::capi {

const DrawStore& chain_store(const sgmc_draws* draws, int64_t chain, const void* out) {
  require_non_null(draws, "draws");
  require_non_null(out, "out");
  require_chain(chain, std::ssize(draws->chains));
  return draws->chains[static_cast<std::size_t>(chain)].draws;
}

}  // namespace sgmc::capi

extern "C" {

void sgmc_draws_destroy(sgmc_draws* draws) { delete draws; }

sgmc_status sgmc_draws_shape(const sgmc_draws* draws, int64_t* n_chains, int64_t* n_draws,
                             int64_t* dim) {
  return guarded([&] {
    require_non_null(draws, "draws");
    const bool empty = draws->chains.empty();
    if (n_chains != nullptr) *n_chains = static_cast<int64_t>(draws->chains.size());
    if (n_draws != nullptr) {  // the longest chain's (they differ after a fault only)
      *n_draws = 0;
      for (const auto& c : draws->chains) *n_draws = std::max<int64_t>(*n_draws, c.draws.size());
    }
    if (dim != nullptr) *dim = empty ? 0 : draws->chains.front().draws.dim();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_count(const sgmc_draws* draws, int64_t chain, int64_t* n_draws) {
  return guarded([&] {
    require_non_null(n_draws, "n_draws");
    *n_draws = chain_store(draws, chain, n_draws).size();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_copy(const sgmc_draws* draws, int64_t chain, double* out, int64_t out_len) {
  return guarded([&] {
    const auto& store = chain_store(draws, chain, out);
    require_length(out_len, store.size() * store.dim(), "out_len");
    // Columns of the store are draws, so its memory is already draw after draw.
    Eigen::Map<Eigen::MatrixXd>(out, store.dim(), store.size()) = store.draws();
    return SGMC_OK;
  });
}

}
