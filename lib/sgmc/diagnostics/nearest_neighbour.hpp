// Exact nearest-neighbour distances in a point set, fast enough for the
// 1e4-1e5 points of the KL estimates in low dimension.
#pragma once

#include <vector>

#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {

/// Points sorted along their widest coordinate; a query scans outward from
/// its own position in that order and stops once the gap along the axis
/// exceeds the best distance found. Exact in any dimension; about sqrt(n)
/// distances per query for n points spread over a plane.
class NearestNeighbours {
 public:
  /// Copies `points` (d x n, n >= 1).
  explicit NearestNeighbours(ConstPointsRef points);

  /// The squared Euclidean distance from `q` to the nearest point; with
  /// `skip_coincident`, to the nearest point at a positive distance (+inf
  /// when there is none).
  double squared_distance(ConstVecRef q, bool skip_coincident) const;

 private:
  Eigen::MatrixXd sorted_;    ///< the points, columns ordered along axis_
  std::vector<double> keys_;  ///< their coordinate along axis_, ascending
  Index axis_ = 0;
};

}  // namespace sgmc
