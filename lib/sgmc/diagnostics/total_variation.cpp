#include "sgmc/diagnostics/total_variation.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

/// A point's cell (n_cells for outside the box), its set (0: a, 1: b) and
/// its weight.
struct Placed {
  Index cell;
  int set;
  double weight;
};

void place(ConstPointsRef points, const Vec& weights, int set, const Grid& grid,
           std::vector<Placed>& out) {
  require(points.rows() == grid.dim(), "points dim", points.rows(),
          ("must equal the grid's dimension, " + show(grid.dim())).c_str());
  for (Index i = 0; i < points.cols(); ++i) {
    out.push_back({grid.cell_of(points.col(i)).value_or(grid.n_cells()), set, weights[i]});
  }
}

}  // namespace

double total_variation(ConstPointsRef points_a, const LogWeights& log_weights_a,
                       ConstPointsRef points_b, const LogWeights& log_weights_b, const Grid& grid) {
  require_points(points_a, 1, "points_a");
  require_points(points_b, 1, "points_b");
  // Only occupied cells count, at most n_a + n_b of them: a dense histogram
  // (Grid::histogram) took prod(bins) + 1 doubles, 16 GiB for bins = {2^31}
  // and two points (found by tests/fuzz/fuzz_capi).
  std::vector<Placed> placed;
  placed.reserve(static_cast<std::size_t>(points_a.cols() + points_b.cols()));
  place(points_a, self_normalised_weights(points_a.cols(), log_weights_a, "log_weights_a"), 0,
        grid, placed);
  place(points_b, self_normalised_weights(points_b.cols(), log_weights_b, "log_weights_b"), 1,
        grid, placed);
  // Stable: each cell's masses add up in the order of the points.
  std::stable_sort(placed.begin(), placed.end(),
                   [](const Placed& x, const Placed& y) { return x.cell < y.cell; });
  double sum = 0;
  for (std::size_t k = 0; k < placed.size();) {
    double mass[2] = {0, 0};
    const Index cell = placed[k].cell;
    for (; k < placed.size() && placed[k].cell == cell; ++k) mass[placed[k].set] += placed[k].weight;
    sum += std::abs(mass[0] - mass[1]);
  }
  return 0.5 * sum;
}

}  // namespace sgmc
