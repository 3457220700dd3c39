#include "sgmc/drivers/chain_exchange.hpp"

#include "sgmc/core/error.hpp"

namespace sgmc {

ModelFault remote_fault(ErrorKind kind, Index chain, Index step) {
  return ModelFault(kind,
                    "a fault of the model stopped chain " + show(chain) + " at step " + show(step) +
                        " (on another process)",
                    chain, step);
}

void rethrow_first_of_all(ChainExchange& exchange, const ChainFaults& faults,
                          const ChainBlock& block, Index n_chains) {
  if (exchange.processes() == 1) {
    faults.rethrow_first();
    return;
  }
  // Two values per chain: 1 + the kind of its fault (0: none), and its step.
  std::vector<double> local(static_cast<std::size_t>(2 * block.count), 0.0);
  std::vector<double> all(static_cast<std::size_t>(2 * n_chains), 0.0);
  for (std::size_t c = 0; c < static_cast<std::size_t>(block.count); ++c) {
    if (!faults.has(c)) continue;
    local[2 * c] = 1.0 + static_cast<double>(faults.fault(c).kind());
    local[2 * c + 1] = static_cast<double>(faults.fault(c).step());
  }
  exchange.gather_values(local, all, 2);
  for (Index p = 0; p < n_chains; ++p) {
    const auto slot = static_cast<std::size_t>(2 * p);
    if (all[slot] == 0.0) continue;
    if (p >= block.first && p < block.first + block.count) {
      throw faults.fault(static_cast<std::size_t>(p - block.first));
    }
    throw remote_fault(static_cast<ErrorKind>(static_cast<int>(all[slot]) - 1), p,
                       static_cast<Index>(all[slot + 1]));
  }
}

}  // namespace sgmc
