// A regular grid of equal cells on a box in R^d, and the weighted
// histogram of a sample set on it (SPEC §8: the grid-histogram KL and the
// total-variation distance of MHBT Fig. 2a).
#pragma once

#include <optional>
#include <vector>

#include "sgmc/diagnostics/point_set.hpp"

namespace sgmc {

/// The box [lower_j, upper_j] cut into bins_j equal intervals along each
/// coordinate j. Cells are numbered row-major, the last coordinate fastest:
/// cell (i_0, ..., i_{d-1}) is ((i_0 b_1 + i_1) b_2 + i_2) ... .
class Grid {
 public:
  /// Checks lower < upper (finite) and bins >= 1 for every coordinate,
  /// naming the coordinate and the value.
  Grid(Vec lower, Vec upper, std::vector<Index> bins);

  Index dim() const { return lower_.size(); }
  Index n_cells() const { return n_cells_; }

  /// The cell holding x (the upper edge belongs to the last cell), or none
  /// when x lies outside the box.
  std::optional<Index> cell_of(ConstVecRef x) const;

  /// The weighted mass of the points in each cell, n_cells() values, and
  /// the mass outside the box as one more value at the end. `weights` sum
  /// to 1 (self_normalised_weights()), so the n_cells() + 1 values do too.
  Vec histogram(ConstPointsRef points, const Vec& weights) const;

 private:
  Vec lower_, upper_;
  std::vector<Index> bins_;
  Index n_cells_ = 1;
};

}  // namespace sgmc
