// The energy partition of the contour samplers (CSGLD §2, SPEC §4):
// boundaries u_i = u1 + (i-1) du for i = 1..m-1, subregions
// X_1 = {U <= u_1}, X_i = {u_{i-1} < U <= u_i}, X_m = {U > u_{m-1}}.
// Indices are stored 0-based: j = J - 1.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

struct Partition {
  Index m = 100;     ///< number of subregions, >= 2
  double u1 = 0.0;   ///< lowest boundary
  double du = 1.0;   ///< bandwidth, > 0

  /// Throws sgmc::Error naming "contour_m", "contour_u1" or "contour_du".
  void validate() const;

  /// j = J(u) - 1 with J(u) = 1 for u <= u1, else min(m, 1 + ceil((u - u1)/du)).
  /// Precondition: u is finite (a non-finite energy is an error, never an index).
  Index index(double u) const;

  /// u_{j+1} = u1 + j du: the knot of 0-based subregion j; knot(m-1) = u_m
  /// lies one bandwidth above the last boundary.
  double knot(Index j) const { return u1 + static_cast<double>(j) * du; }
};

}  // namespace sgmc
