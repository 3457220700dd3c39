#include "sgmc/diagnostics/nearest_neighbour.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace sgmc {

NearestNeighbours::NearestNeighbours(ConstPointsRef points) {
  (points.rowwise().maxCoeff() - points.rowwise().minCoeff()).maxCoeff(&axis_);
  std::vector<Index> order(static_cast<std::size_t>(points.cols()));
  std::iota(order.begin(), order.end(), Index{0});
  std::sort(order.begin(), order.end(),
            [&](Index a, Index b) { return points(axis_, a) < points(axis_, b); });
  sorted_.resize(points.rows(), points.cols());
  keys_.resize(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    sorted_.col(static_cast<Index>(i)) = points.col(order[i]);
    keys_[i] = points(axis_, order[i]);
  }
}

double NearestNeighbours::squared_distance(ConstVecRef q, bool skip_coincident) const {
  double best = std::numeric_limits<double>::infinity();
  const auto start = std::lower_bound(keys_.begin(), keys_.end(), q[axis_]) - keys_.begin();
  // Visits points while the gap along the axis alone could still beat best.
  const auto visit = [&](Index i) {
    const double gap = keys_[static_cast<std::size_t>(i)] - q[axis_];
    if (gap * gap > best) return false;
    const double d2 = (sorted_.col(i) - q).squaredNorm();
    if (d2 < best && !(skip_coincident && d2 == 0)) best = d2;
    return true;
  };
  for (Index i = start; i < sorted_.cols() && visit(i); ++i) {
  }
  for (Index i = start - 1; i >= 0 && visit(i); --i) {
  }
  return best;
}

}  // namespace sgmc
