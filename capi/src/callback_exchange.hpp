// The engine's ChainExchange over a caller's sgmc_exchange (the C API's
// runs over several processes; libsgmc_mpi fills one over MPI).
#pragma once

#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/sgmc.h"

namespace sgmc::capi {

class CallbackExchange final : public ChainExchange {
 public:
  /// Validates `exchange` (named "exchange" in errors) for a run of n_chains.
  CallbackExchange(const sgmc_exchange* exchange, Index n_chains);

  ChainBlock block(Index n_chains) const override;
  void gather_indices(std::span<const Index> local, std::span<Index> all) override;
  void sum_counts(std::span<Index> counts) override;
  void gather_values(std::span<const double> local, std::span<double> all,
                     Index per_chain) override;
  int processes() const override { return exchange_.processes; }
  int rank() const override { return exchange_.rank; }
  int owner(Index c, Index n_chains) const override;
  void swap_bytes(int partner, std::vector<std::uint8_t>& bytes) override;

 private:
  sgmc_exchange exchange_;
};

}  // namespace sgmc::capi
