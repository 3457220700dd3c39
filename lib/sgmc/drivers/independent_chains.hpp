// Independent chains: nothing is shared, so within a round every chain
// runs on to the round's end by itself (one task per chain). A fault that
// stops a chain stops that chain; the others finish the round, and the
// run then ends with the fault of the lowest chain index (docs/faults.md),
// so that how a run ends never depends on the number of threads.
#pragma once

#include <vector>

#include "sgmc/drivers/driver.hpp"

namespace sgmc {

class IndependentChains final : public Driver {
 public:
  explicit IndependentChains(ChainList chains);

  ChainList& chains() override { return chains_; }
  const ChainList& run_chains() const override { return chains_; }
  std::span<const ChainTask> next(Index end, ChainFaults& faults) override;
  void save(ByteWriter& out, Index steps) const override;
  Index load(ByteReader& in, Index n_steps) override;

 private:
  ChainList chains_;
  std::vector<ChainTask> tasks_;
};

}  // namespace sgmc
