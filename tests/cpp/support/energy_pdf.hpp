// The energy pdf of mix1d over a partition, for the contour tests.
#pragma once

#include <cmath>

#include "sgmc/contour/partition.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc::testing {

/// theta_inf(i) = ∫_{X_i} pi(x) dx by the midpoint rule on [-20, 20].
inline Vec energy_pdf(const SyntheticTarget& target, const Partition& partition) {
  Vec pdf = Vec::Zero(partition.m);
  const double h = 1e-4;
  for (double x = -20 + h / 2; x < 20; x += h) {
    const double u = target.exact_energy(Vec::Constant(1, x));
    pdf[partition.index(u)] += std::exp(-u) * h;  // mix1d's density is normalised
  }
  return pdf;
}

}  // namespace sgmc::testing
