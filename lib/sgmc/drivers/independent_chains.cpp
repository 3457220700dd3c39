#include "sgmc/drivers/independent_chains.hpp"

namespace sgmc {

IndependentChains::IndependentChains(ChainList chains)
    : chains_(std::move(chains)),
      exchange_(&own_exchange_),
      block_{0, static_cast<Index>(chains_.size())},
      n_chains_(block_.count) {
  tasks_.reserve(chains_.size());
}

IndependentChains::IndependentChains(ChainList chains, ChainExchange& exchange,
                                     const ChainBlock& block, Index n_chains)
    : chains_(std::move(chains)), exchange_(&exchange), block_(block), n_chains_(n_chains) {
  tasks_.reserve(chains_.size());
}

std::span<const ChainTask> IndependentChains::next(Index end, ChainFaults& faults) {
  tasks_.clear();
  for (std::size_t c = 0; c < chains_.size(); ++c) {
    if (!faults.has(c) && chains_[c]->steps_done() < end) {
      tasks_.push_back({c, false, ChainTask::Then::kAdvance, end});
    }
  }
  // The round's end: the lowest chain's fault, of all processes.
  if (tasks_.empty()) rethrow_first_of_all(*exchange_, faults, block_, n_chains_);
  return tasks_;
}

void IndependentChains::save(ByteWriter& out, Index steps) const {
  write_driver_section(out, DriverKind::kIndependent, steps);
  save_chains(out, chains_);
}

Index IndependentChains::load(ByteReader& in, Index n_steps) {
  const Index start = read_driver_section(in, DriverKind::kIndependent, n_steps);
  load_chains(in, chains_, start, n_steps);  // saved within a round (saves_within_rounds())
  return start;
}

}  // namespace sgmc
