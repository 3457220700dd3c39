// Independent chains: nothing is shared, so within a round every chain
// runs on to the round's end by itself (one task per chain). A fault that
// stops a chain stops that chain; the others finish the round, and the
// run then ends with the fault of the lowest chain index (docs/faults.md),
// so that how a run ends never depends on the number of threads or
// processes.
#pragma once

#include <vector>

#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc {

class IndependentChains final : public Driver {
 public:
  /// Every chain of the run in this process.
  explicit IndependentChains(ChainList chains);
  /// The chains of `block` of n_chains, the others on the processes that
  /// `exchange` reaches (it must outlive the driver).
  IndependentChains(ChainList chains, ChainExchange& exchange, const ChainBlock& block,
                    Index n_chains);

  ChainList& chains() override { return chains_; }
  const ChainList& run_chains() const override { return chains_; }
  std::span<const ChainTask> next(Index end, ChainFaults& faults) override;
  void save(ByteWriter& out, Index steps) const override;
  Index load(ByteReader& in, Index n_steps) override;
  /// Each chain's state is all there is: where a chain stands within its
  /// round is its iteration count, and next() gives it the rest.
  bool saves_within_rounds() const override { return true; }

 private:
  ChainList chains_;
  LocalExchange own_exchange_;  ///< when every chain is here
  ChainExchange* exchange_;
  ChainBlock block_;
  Index n_chains_;
  std::vector<ChainTask> tasks_;
};

}  // namespace sgmc
