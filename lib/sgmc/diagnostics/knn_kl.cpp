#include "sgmc/diagnostics/knn_kl.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/nearest_neighbour.hpp"

namespace sgmc {
namespace {

/// The distinct columns of `points`, found by a lexicographic sort.
Eigen::MatrixXd distinct_points(ConstPointsRef points) {
  std::vector<Index> order(static_cast<std::size_t>(points.cols()));
  std::iota(order.begin(), order.end(), Index{0});
  const auto less = [&](Index a, Index b) {
    const auto pa = points.col(a), pb = points.col(b);
    return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end());
  };
  std::sort(order.begin(), order.end(), less);
  const auto last = std::unique(order.begin(), order.end(),
                                [&](Index a, Index b) { return !less(a, b); });
  Eigen::MatrixXd out(points.rows(), last - order.begin());
  for (Index j = 0; j < out.cols(); ++j) out.col(j) = points.col(order[static_cast<std::size_t>(j)]);
  return out;
}

}  // namespace

KnnKl knn_kl(ConstPointsRef sample, ConstPointsRef reference) {
  require_points(sample, 1, "sample");
  require_points(reference, 2, "reference");
  require(reference.rows() == sample.rows(), "reference dim", reference.rows(),
          ("must equal the sample's dimension, " + show(sample.rows())).c_str());
  // Repeats in the sample change no distance s_i, so the search skips them.
  const Eigen::MatrixXd distinct = distinct_points(sample);
  const NearestNeighbours within(reference), across(distinct);
  const Index n = reference.cols(), d = reference.rows();
  double sum_log_ratio = 0;  // sum_i log(s_i^2 / r_i^2)
  for (Index i = 0; i < n; ++i) {
    const double r2 = within.squared_distance(reference.col(i), true);
    require(std::isfinite(r2), "reference", "all points equal",
            "needs at least 2 distinct points");
    const double s2 = across.squared_distance(reference.col(i), false);
    require(s2 > 0, element_name("reference", i).c_str(), "a point of sample",
            "must not coincide with a sample point (the estimate is then undefined)");
    sum_log_ratio += std::log(s2 / r2);
  }
  const double nd = static_cast<double>(n);
  return {0.5 * static_cast<double>(d) / nd * sum_log_ratio +
              std::log(static_cast<double>(sample.cols()) / (nd - 1)),
          distinct.cols()};
}

}  // namespace sgmc
