// A logistic-regression data set of realistic cost for the engine's
// benchmarks (bench/step_overhead, bench/thread_scaling): n rows of p
// standard-normal features and 0/1 labels drawn from the model itself with
// coefficients N(0, 1/p), so that the posterior is a proper, unimodal one.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "sgmc/data/dataset.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc::bench {

inline std::shared_ptr<const Dataset> logistic_data(Index n, Index p, std::uint64_t seed) {
  NormalSource normal(Rng{seed});
  std::vector<double> features(static_cast<std::size_t>(n * p)), labels(static_cast<std::size_t>(n));
  normal.fill(features.data(), features.size());
  Vec w(p);
  normal.fill(w.data(), static_cast<std::size_t>(p));
  w /= std::sqrt(static_cast<double>(p));
  Rng coin(seed + 1);
  const Eigen::Map<const RowMatrix> a(features.data(), n, p);
  for (Index i = 0; i < n; ++i) {
    const double chance = 1.0 / (1.0 + std::exp(-a.row(i).dot(w)));
    labels[static_cast<std::size_t>(i)] = coin.uniform() < chance ? 1.0 : 0.0;
  }
  return Dataset::adopt(n, p, std::move(features), std::move(labels));
}

}  // namespace sgmc::bench
