// What a driver needs from the processes that run the other chains: which
// block of chains is local; all-gathers of the chains' subregion indices
// J_p (the interacting samplers, SPEC §5, ICSGLD B.1.2: every process then
// knows theta_k(J_p) and applies the same update) and of per-chain values
// (pilot energies that choose an automatic partition, SPEC §4.4; replica
// energies that decide swaps, SPEC §6; faults); an exact sum of integer
// counts (the pilot histogram); and a swap of bytes with one other process
// (a replica's state crossing processes). One process running every chain
// is LocalExchange; libsgmc_mpi implements it over a communicator.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "sgmc/drivers/chain_faults.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc {

class ChainExchange {
 public:
  virtual ~ChainExchange() = default;
  /// The chains of all n_chains that this process runs.
  virtual ChainBlock block(Index n_chains) const = 0;
  /// `local` holds J of this process's chains (block order); `all`
  /// receives J of all n_chains in chain order, the same on every process.
  /// Never allocates.
  virtual void gather_indices(std::span<const Index> local, std::span<Index> all) = 0;
  /// Sums `counts` over all processes, in place.
  virtual void sum_counts(std::span<Index> counts) = 0;
  /// `local` holds `per_chain` values of each of this process's chains
  /// (block order); `all` receives those of all n_chains in chain order.
  virtual void gather_values(std::span<const double> local, std::span<double> all,
                             Index per_chain) = 0;
  /// The number of processes, and this one's rank in [0, processes()).
  virtual int processes() const = 0;
  virtual int rank() const = 0;
  /// The rank that runs chain c of n_chains.
  virtual int owner(Index c, Index n_chains) const = 0;
  /// Sends `bytes` to process `partner`, which calls this at the same point,
  /// and replaces them with what it sent.
  virtual void swap_bytes(int partner, std::vector<std::uint8_t>& bytes) = 0;
};

/// One process runs every chain: the exchange is a copy.
class LocalExchange final : public ChainExchange {
 public:
  ChainBlock block(Index n_chains) const override { return {0, n_chains}; }
  void gather_indices(std::span<const Index> local, std::span<Index> all) override {
    std::copy(local.begin(), local.end(), all.begin());
  }
  void sum_counts(std::span<Index>) override {}
  void gather_values(std::span<const double> local, std::span<double> all, Index) override {
    std::copy(local.begin(), local.end(), all.begin());
  }
  int processes() const override { return 1; }
  int rank() const override { return 0; }
  int owner(Index, Index) const override { return 0; }
  void swap_bytes(int, std::vector<std::uint8_t>&) override {}
};

/// The fault of chain c at `step`, reported on a process that does not run
/// it: "a fault of the model stopped chain c at step k (on another process)".
ModelFault remote_fault(ErrorKind kind, Index chain, Index step);

/// Every process learns the fault of the lowest chain of all n_chains, of
/// which `faults` holds this process's `block`, and throws it: the chain's
/// own fault on the process that runs it, elsewhere a ModelFault naming
/// chain and step "(on another process)". Returns when no chain has a
/// fault. A collective call when there are several processes.
void rethrow_first_of_all(ChainExchange& exchange, const ChainFaults& faults,
                          const ChainBlock& block, Index n_chains);

/// Block `rank` of `size` near-equal blocks of n_chains chains, in rank
/// order (the first n_chains % size blocks hold one chain more).
inline ChainBlock block_of(Index n_chains, Index rank, Index size) {
  const Index base = n_chains / size;
  const Index extra = n_chains % size;
  return {rank * base + std::min(rank, extra), base + (rank < extra ? 1 : 0)};
}

}  // namespace sgmc
