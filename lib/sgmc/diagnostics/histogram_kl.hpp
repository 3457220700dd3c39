// KL divergence of a (weighted) sample to a known density on a grid
// (SPEC §8, §9 exp. 3: "the weighted grid-histogram KL to the exact density").
#pragma once

#include "sgmc/diagnostics/grid.hpp"

namespace sgmc {

struct HistogramKl {
  /// sum_c p_c log(p_c / q_c) over cells with p_c > 0; +inf when a cell
  /// with draws has q_c = 0.
  double kl;
  /// The weighted share of draws outside the grid, left out of p.
  double outside_mass;
};

/// KL(p || q) between the weighted histogram p of `points` on `grid`
/// (self-normalised weights, no resampling; p renormalised over the grid)
/// and the density q given by its values at the cells (`density`, one per
/// cell in the grid's order, >= 0, unnormalised: q_c = density_c / sum).
/// Reading the density at cell centres is a quadrature of O(cell width^2).
HistogramKl histogram_kl(ConstPointsRef points, const LogWeights& log_weights, const Grid& grid,
                         ConstVecRef density);

}  // namespace sgmc
