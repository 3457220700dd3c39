// The ChainExchange of SPEC §5 over an MPI communicator (ICSGLD
// supplement B.1.2). Header-only, so that the engine library itself never
// depends on MPI: included by the MPI part of the C API and the MPI
// benchmark, built only with SGMC_MPI.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/chain_exchange.hpp"

namespace sgmc {

static_assert(sizeof(Index) == sizeof(std::int64_t), "indices travel as MPI_INT64_T");

struct Rank {
  int rank = 0;
  int size = 1;
};

/// This process's rank and the communicator's size; throws naming "comm" for MPI_COMM_NULL.
inline Rank rank_of(MPI_Comm comm) {
  require(comm != MPI_COMM_NULL, "comm", "MPI_COMM_NULL", "must be a valid communicator");
  Rank r;
  MPI_Comm_rank(comm, &r.rank);
  MPI_Comm_size(comm, &r.size);
  return r;
}

/// The exchange of SPEC §5 over a communicator: blocks in rank order, so
/// that the all-gather lays the indices out in chain order.
class MpiExchange final : public ChainExchange {
 public:
  MpiExchange(MPI_Comm comm, const Rank& rank, Index n_chains) : comm_(comm), rank_(rank) {
    for (int r = 0; r < rank.size; ++r) {
      const auto block = block_of(n_chains, r, rank.size);
      counts_.push_back(static_cast<int>(block.count));
      offsets_.push_back(static_cast<int>(block.first));
    }
  }
  ChainBlock block(Index n_chains) const override {
    return block_of(n_chains, rank_.rank, rank_.size);
  }
  void gather_indices(std::span<const Index> local, std::span<Index> all) override {
    MPI_Allgatherv(local.data(), static_cast<int>(local.size()), MPI_INT64_T, all.data(),
                   counts_.data(), offsets_.data(), MPI_INT64_T, comm_);
  }
  void sum_counts(std::span<Index> counts) override {
    MPI_Allreduce(MPI_IN_PLACE, counts.data(), static_cast<int>(counts.size()), MPI_INT64_T, MPI_SUM,
                  comm_);
  }
  void gather_values(std::span<const double> local, std::span<double> all,
                     Index per_chain) override {
    require(static_cast<double>(all.size()) < 2147483647.0, "contour_pilot_steps", per_chain,
            "times n_chains must fit an MPI count (< 2^31)");
    std::vector<int> counts(counts_.size());
    std::vector<int> offsets(offsets_.size());
    for (std::size_t r = 0; r < counts_.size(); ++r) {
      counts[r] = counts_[r] * static_cast<int>(per_chain);
      offsets[r] = offsets_[r] * static_cast<int>(per_chain);
    }
    MPI_Allgatherv(local.data(), static_cast<int>(local.size()), MPI_DOUBLE, all.data(),
                   counts.data(), offsets.data(), MPI_DOUBLE, comm_);
  }

 private:
  MPI_Comm comm_;
  Rank rank_;
  std::vector<int> counts_;
  std::vector<int> offsets_;
};

}  // namespace sgmc
