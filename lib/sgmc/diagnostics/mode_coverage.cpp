#include "sgmc/diagnostics/mode_coverage.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {

ModeCoverage mode_coverage(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                           const Eigen::Ref<const Eigen::MatrixXd>& centres, double radius,
                           Index min_draws) {
  require(std::isfinite(radius) && radius > 0, "radius", radius, "must be finite and > 0");
  require(min_draws >= 1, "min_draws", min_draws, "must be >= 1");
  require(centres.rows() == draws.rows(), "centres", "points of dimension " + show(centres.rows()),
          ("must have the draws' dimension " + show(draws.rows())).c_str());
  ModeCoverage result;
  result.counts.reserve(static_cast<std::size_t>(centres.cols()));
  const double r2 = radius * radius;
  for (Index m = 0; m < centres.cols(); ++m) {
    const Index near =
        ((draws.colwise() - centres.col(m)).colwise().squaredNorm().array() <= r2).count();
    result.counts.push_back(near);
    if (near >= min_draws) ++result.covered;
  }
  return result;
}

}  // namespace sgmc
