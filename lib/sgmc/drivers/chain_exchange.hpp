// What the interacting contour driver needs from the processes that run
// the other chains (SPEC §5, ICSGLD B.1.2): which block of chains is local,
// an all-gather of the chains' subregion indices J_p (every process then
// knows theta_k(J_p) and applies the same update), an exact sum of
// integer counts for the pilot histogram, and an all-gather of the pilot
// energies that choose an automatic partition (SPEC §4.4). One process running every chain
// is LocalExchange; the MPI driver (capi/mpi) implements it over a
// communicator.
#pragma once

#include <algorithm>
#include <span>

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
};

/// Block `rank` of `size` near-equal blocks of n_chains chains, in rank
/// order (the first n_chains % size blocks hold one chain more).
inline ChainBlock block_of(Index n_chains, Index rank, Index size) {
  const Index base = n_chains / size;
  const Index extra = n_chains % size;
  return {rank * base + std::min(rank, extra), base + (rank < extra ? 1 : 0)};
}

}  // namespace sgmc
