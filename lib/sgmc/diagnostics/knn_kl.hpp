// The 1-nearest-neighbour KL divergence estimator of Pérez-Cruz (2008),
// "Kullback-Leibler divergence estimation of continuous distributions",
// IEEE ISIT, with k = 1, as used for ICSGLD's figures (SPEC §8).
#pragma once

#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {

struct KnnKl {
  /// The estimate of KL(p || q), p the law of the sample, q that of the reference.
  double kl;
  /// The number of distinct points of the sample. A resampled set (with
  /// repeats) has its estimate biased upward by about log(n / n_distinct):
  /// repeats count in n but are skipped in the distances (SPEC §8).
  Index n_distinct;
};

/// D = (d/n) sum_i log(nu_i / rho_i) + log(m / (n - 1)) for the n sample
/// points x_i (d x n) and m reference points y_j (d x m), where rho_i is the
/// distance from x_i to its nearest other sample point at a positive
/// distance and nu_i the distance to its nearest reference point. Needs
/// n >= 2 with at least 2 distinct points; a sample point that coincides
/// with a reference point (nu_i = 0) is rejected, as the estimate is then
/// undefined.
KnnKl knn_kl(ConstPointsRef sample, ConstPointsRef reference);

}  // namespace sgmc
