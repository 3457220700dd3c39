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

/// The number of distinct columns, by a lexicographic sort.
Index count_distinct(ConstPointsRef points) {
  std::vector<Index> order(static_cast<std::size_t>(points.cols()));
  std::iota(order.begin(), order.end(), Index{0});
  const auto less = [&](Index a, Index b) {
    const auto pa = points.col(a), pb = points.col(b);
    return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end());
  };
  std::sort(order.begin(), order.end(), less);
  Index distinct = 1;
  for (std::size_t i = 1; i < order.size(); ++i) distinct += less(order[i - 1], order[i]) ? 1 : 0;
  return distinct;
}

}  // namespace

KnnKl knn_kl(ConstPointsRef sample, ConstPointsRef reference) {
  require_points(sample, 2, "sample");
  require_points(reference, 1, "reference");
  require(reference.rows() == sample.rows(), "reference dim", reference.rows(),
          ("must equal the sample's dimension, " + show(sample.rows())).c_str());
  const NearestNeighbours within(sample), across(reference);
  const Index n = sample.cols(), d = sample.rows();
  double sum_log_ratio = 0;  // sum_i log(nu_i^2 / rho_i^2)
  for (Index i = 0; i < n; ++i) {
    const double rho2 = within.squared_distance(sample.col(i), true);
    require(std::isfinite(rho2), "sample", "all points equal",
            "needs at least 2 distinct points");
    const double nu2 = across.squared_distance(sample.col(i), false);
    require(nu2 > 0, element_name("sample", i).c_str(), "a point of reference",
            "must not coincide with a reference point (the estimate is then undefined)");
    sum_log_ratio += std::log(nu2 / rho2);
  }
  const double nd = static_cast<double>(n);
  return {0.5 * static_cast<double>(d) / nd * sum_log_ratio +
              std::log(static_cast<double>(reference.cols()) / (nd - 1)),
          count_distinct(sample)};
}

}  // namespace sgmc
