#include "sgmc/contour/partition.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {

void Partition::validate() const {
  require(m >= 2, "contour_m", m, "must be >= 2");
  require(std::isfinite(u1), "contour_u1", u1, "must be finite");
  require(std::isfinite(du) && du > 0, "contour_du", du, "must be finite and > 0");
}

Index Partition::index(double u) const {
  if (u <= u1) return 0;
  // Compared in double first: a huge energy must not overflow the cast.
  const double j = std::ceil((u - u1) / du);
  return j >= static_cast<double>(m - 1) ? m - 1 : static_cast<Index>(j);
}

}  // namespace sgmc
