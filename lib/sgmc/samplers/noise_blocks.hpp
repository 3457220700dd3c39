// Injected Gaussian noise is produced block by block into a fixed buffer so
// that each block stays in L1 while the update consumes it: the update makes
// one pass over x and the gradient, and a step never allocates.
#pragma once

#include <algorithm>
#include <array>

#include "sgmc/core/types.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc {

class NoiseBlocks {
 public:
  static constexpr Index kBlock = 512;

  /// Calls update(start, length, w) for consecutive blocks covering [0, dim),
  /// with w an Eigen map of `length` fresh N(0, 1) variates.
  template <typename Update>
  void for_each(Index dim, NormalSource& noise, Update&& update) {
    for (Index start = 0; start < dim; start += kBlock) {
      const Index length = std::min(kBlock, dim - start);
      noise.fill(buffer_.data(), static_cast<std::size_t>(length));
      update(start, length, Eigen::Map<const Eigen::ArrayXd>(buffer_.data(), length));
    }
  }

 private:
  alignas(64) std::array<double, kBlock> buffer_{};
};

}  // namespace sgmc
