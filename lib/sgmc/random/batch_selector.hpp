// Mini-batch selection, owned by the engine (SPEC §0): each batch is a
// uniform draw of n distinct indices out of N, fresh at every evaluation.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/random/rng.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

class BatchSelector {
 public:
  /// n = batch_size in [1, N]; batch_size = 0 selects the full data set.
  /// With N = 0 (a data-free target) every batch is empty.
  BatchSelector(Index data_size, Index batch_size);

  /// Draws the next batch, every ordered n-subset with equal probability,
  /// O(n) and without allocation. For n <= N/2: indices drawn uniformly
  /// one after another, a repeat redrawn (at most ~1.39 n draws on
  /// average), repeats caught by a bitset of N bits that stays in L1/L2
  /// cache. Otherwise a partial Fisher–Yates shuffle of the first n entries
  /// of a persistent permutation, whose random accesses into N indices
  /// cost a cache miss each once N is large; hence not the default.
  void next(Rng& rng);

  std::span<const Index> current() const { return {order_.data(), static_cast<std::size_t>(size_)}; }
  Index size() const { return size_; }
  Index data_size() const { return data_size_; }

  /// Checkpoints: the current batch (and the permutation it is part of).
  /// load() requires the same N and n and checks the indices.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  Index data_size_;
  Index size_;
  std::vector<Index> order_;       ///< the batch first; all N indices for Fisher–Yates
  std::vector<std::uint64_t> seen_;  ///< N bits, all clear between draws; empty for Fisher–Yates
};

}  // namespace sgmc
