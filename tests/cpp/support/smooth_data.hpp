// Deterministic data for the regression tests: features from sines, the
// same numbers on every machine with no random stream in between, so that
// values printed once (bitwise tests) stay comparable.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "sgmc/data/dataset.hpp"

namespace sgmc::testing {

/// 23 rows of 3 features sin(1 + 0.7 i + 1.3 j); row i's target is
/// target(i), i given as a double.
template <typename Target>
std::shared_ptr<const Dataset> smooth_data(Target target) {
  const Index n = 23, p = 3;
  std::vector<double> a, y;
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < p; ++j) {
      a.push_back(std::sin(1.0 + 0.7 * static_cast<double>(i) + 1.3 * static_cast<double>(j)));
    }
    y.push_back(target(static_cast<double>(i)));
  }
  return Dataset::adopt(n, p, std::move(a), std::move(y));
}

/// A batch of smooth_data() rows with a repeat.
inline const std::vector<Index> kSmoothBatch{0, 4, 4, 9, 22, 17, 3, 11, 1, 2, 5, 6, 7, 8, 10, 12, 13, 14};

/// x_j = 0.3 cos(2 + j), j < d.
inline Vec smooth_point(Index d) {
  Vec x(d);
  for (Index j = 0; j < d; ++j) x[j] = 0.3 * std::cos(2.0 + static_cast<double>(j));
  return x;
}

}  // namespace sgmc::testing
