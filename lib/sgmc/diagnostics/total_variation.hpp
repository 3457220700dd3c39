// Total-variation distance between two sample sets on a common histogram
// (MHBT Fig. 2a; SPEC §8).
#pragma once

#include "sgmc/diagnostics/grid.hpp"

namespace sgmc {

/// (1/2) sum_c |p_c - q_c| over the cells of `grid` plus the region outside
/// it, p and q the self-normalised weighted histograms of the two sets.
/// In [0, 1]; the sets may differ in size.
double total_variation(ConstPointsRef points_a, const LogWeights& log_weights_a,
                       ConstPointsRef points_b, const LogWeights& log_weights_b, const Grid& grid);

}  // namespace sgmc
