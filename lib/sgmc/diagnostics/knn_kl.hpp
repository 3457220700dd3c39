// The 1-nearest-neighbour KL divergence estimator of Pérez-Cruz (2008),
// "Kullback-Leibler divergence estimation of continuous distributions",
// IEEE ISIT, with k = 1, in the direction of ICSGLD's figures (SPEC §8).
#pragma once

#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {

struct KnnKl {
  /// The estimate of KL(q || p), q the law of the reference, p that of the sample.
  double kl;
  /// The number of distinct points of the sample. A resampled sample (with
  /// repeats) has its estimate biased upward by about log(m / n_distinct):
  /// repeats count in m but not in the distances (SPEC §8).
  Index n_distinct;
};

/// D = (d/n) sum_i log(s_i / r_i) + log(m / (n - 1)) for the n reference
/// points y_i (d x n) and the m sample points x_j (d x m), where r_i is the
/// distance from y_i to its nearest other reference point at a positive
/// distance and s_i the distance to its nearest sample point. The reference
/// (say exact draws of the target) comes first in KL, as in ICSGLD's
/// figures, which call the Pérez-Cruz estimator with the true samples as
/// its P. Needs at least 2 distinct reference points; a reference point
/// that coincides with a sample point (s_i = 0) is rejected, as the
/// estimate is then undefined.
KnnKl knn_kl(ConstPointsRef sample, ConstPointsRef reference);

}  // namespace sgmc
