// Mode (basin) masses: the weighted share of draws in each mode's basin
// against the true masses (SPEC §8, §9 exp. 2-3), the metric that uses the
// contour samplers' importance weights directly.
#pragma once

#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {

struct ModeMasses {
  /// The weighted share of draws in the basin of each mode, k values.
  Vec masses;
  /// The share in no basin (always 0 for nearest-centre basins).
  double outside;
  /// (1/2) (sum_j |masses_j - true_j| + |outside - (1 - sum_j true_j)|).
  double tv;
};

/// Assigns each draw to the nearest of the k `centres` (d x k); with
/// `radius` > 0 only when it lies within that Euclidean distance of it,
/// otherwise to no basin; `radius` = 0 means basins are the nearest-centre
/// (Voronoi) cells. `true_masses` (k values >= 0, sum <= 1) are the target's
/// masses of the same basins.
ModeMasses mode_masses(ConstPointsRef points, const LogWeights& log_weights,
                       ConstPointsRef centres, ConstVecRef true_masses, double radius);

}  // namespace sgmc
