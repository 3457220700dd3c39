// Monte Carlo error of estimates from correlated chains, for tolerances of
// statistical tests (DESIGN.md "Testing policy").
#pragma once

#include <cmath>
#include <functional>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc::testing {

/// An estimate of E f from several chains and its standard error by
/// non-overlapping batch means: each chain's series is cut into `batches`
/// batches long enough to be nearly independent, and the error is the spread
/// of all batch means over sqrt(number of batches).
struct McEstimate {
  double mean = 0;
  double se = 0;
};

inline McEstimate batch_means(const std::vector<Eigen::VectorXd>& series, Index batches = 25) {
  std::vector<double> means;
  for (const auto& s : series) {
    const Index length = s.size() / batches;
    for (Index b = 0; b < batches; ++b) means.push_back(s.segment(b * length, length).mean());
  }
  double mean = 0;
  for (const double m : means) mean += m;
  mean /= static_cast<double>(means.size());
  double var = 0;
  for (const double m : means) var += (m - mean) * (m - mean);
  var /= static_cast<double>(means.size() - 1);
  return {mean, std::sqrt(var / static_cast<double>(means.size()))};
}

}  // namespace sgmc::testing
