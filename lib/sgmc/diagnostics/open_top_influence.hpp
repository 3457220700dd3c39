// How much a contour run's estimates rest on its open top subregion
// X_m = {U > u_{m-1}} (docs/verdict.md, "The contour samplers' open top
// subregion").
//
// X_m holds every energy above the partition's last boundary: with the
// automatic partition, energies above u1 + 1.25 (max E - u1), a quarter of
// the range beyond the highest energy the pilot saw (auto_partition.cpp);
// with a fixed one whatever lies past u1 + (m - 2) du. The flattening there
// is one number, theta(m), over an unbounded energy range, so a chain thrown
// far (a step too large for where it landed) can stay in X_m for long
// stretches; each such draw has a tiny weight, but a coordinate far out (a
// log scale of 50) multiplies it back, and a weighted sd then carries a
// handful of excursions. No batch-means ESS, R-hat or Stein statistic sees
// it when the excursions are spread over the whole run (one measured run:
// 652 draws in X_m holding 2e-4 of the weight made two sds 2.8 and 2.3
// times their exact values, with weighted R-hat 1.0005).
//
// The statistic: the weighted mean and sd of every coordinate with and
// without X_m's draws, and the largest over coordinates of
//   |mean_j - mean'_j| / sd'_j   and   |sd_j / sd'_j - 1|
// (primes: without X_m). Limit 0.05: half the tolerance of a right estimate
// (a mean within 0.1 sd, an sd within 10%), so that what the partition does
// not resolve cannot by itself make an estimate wrong. On the right contour
// runs of bench/verdict_calibration the verdict trusts it reads at most
// 9.4e-4 (bench/verdict_calibration/README.md, "What moved").
#pragma once

#include <span>

#include "sgmc/diagnostics/contour_convergence.hpp"

namespace sgmc {

/// The statistic over the pooled draws of `chains`, which share one theta
/// (one chain, or all chains of an interacting sampler): 0 when no draw
/// fell in X_m, +inf when the draws outside it carry no weight or no
/// spread where X_m's do; NaN with no draws, an unconfigured partition
/// (a run stopped during its pilot) or sums past the range of a double.
/// Precondition: not empty.
double open_top_influence(std::span<const ContourChainRecord> chains);

}  // namespace sgmc
