// Mini-batch selection, owned by the engine (SPEC §0): each batch is a
// uniform draw of n distinct indices out of N, fresh at every evaluation.
#pragma once

#include <span>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/random/rng.hpp"

namespace sgmc {

class BatchSelector {
 public:
  /// n = batch_size in [1, N]; batch_size = 0 selects the full data set.
  /// With N = 0 (a data-free target) every batch is empty.
  BatchSelector(Index data_size, Index batch_size);

  /// Draws the next batch: a partial Fisher–Yates shuffle of the first n
  /// entries of a persistent permutation. Starting from any permutation this
  /// gives every ordered n-subset with equal probability; O(n), no allocation.
  void next(Rng& rng);

  std::span<const Index> current() const { return {order_.data(), static_cast<std::size_t>(size_)}; }
  Index size() const { return size_; }
  Index data_size() const { return data_size_; }

 private:
  Index data_size_;
  Index size_;
  std::vector<Index> order_;
};

}  // namespace sgmc
