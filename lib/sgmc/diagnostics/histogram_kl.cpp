#include "sgmc/diagnostics/histogram_kl.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {

HistogramKl histogram_kl(ConstPointsRef points, const LogWeights& log_weights, const Grid& grid,
                         ConstVecRef density) {
  require_points(points, 1, "points");
  require(density.size() == grid.n_cells(), "density_len", density.size(),
          ("must equal the number of grid cells, " + show(grid.n_cells())).c_str());
  require_finite(density.data(), density.size(), "density");
  for (Index c = 0; c < density.size(); ++c) {
    if (density[c] < 0) require(false, element_name("density", c).c_str(), density[c], "must be >= 0");
  }
  const double density_total = density.sum();
  require(density_total > 0, "density", density_total, "must have a positive sum");

  const Vec mass = grid.histogram(points, self_normalised_weights(points.cols(), log_weights, "log_weights"));
  const double inside = mass.head(grid.n_cells()).sum();
  require(inside > 0, "points", "none in the grid",
          "at least one draw of positive weight must lie in the grid");
  // A share so small that the rest rounds to 1 (a draw in the grid with a
  // log-weight hundreds below the others') leaves p to rounding errors.
  require(mass[grid.n_cells()] < 1.0, "points", "a weight share of " + show(inside) + " in the grid",
          "the draws in the grid must carry a share of the weight that does not round to 0 beside 1");
  double kl = 0;
  for (Index c = 0; c < grid.n_cells(); ++c) {
    if (mass[c] == 0) continue;
    const double p = mass[c] / inside, q = density[c] / density_total;
    kl += q > 0 ? p * std::log(p / q) : std::numeric_limits<double>::infinity();
  }
  return {kl, mass[grid.n_cells()]};
}

}  // namespace sgmc
