#include "sgmc/diagnostics/mode_masses.hpp"

#include <cmath>
#include <algorithm>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {

ModeMasses mode_masses(ConstPointsRef points, const LogWeights& log_weights,
                       ConstPointsRef centres, ConstVecRef true_masses, double radius) {
  require_points(points, 1, "points");
  require_points(centres, 1, "centres");
  require(centres.rows() == points.rows(), "centres dim", centres.rows(),
          ("must equal the draws' dimension, " + show(points.rows())).c_str());
  require(true_masses.size() == centres.cols(), "true_masses_len", true_masses.size(),
          ("must equal the number of centres, " + show(centres.cols())).c_str());
  for (Index j = 0; j < true_masses.size(); ++j) {
    require(true_masses[j] >= 0 && true_masses[j] <= 1, element_name("true_masses", j).c_str(),
            true_masses[j], "must be in [0, 1]");
  }
  const double true_outside = 1 - true_masses.sum();
  require(true_outside > -1e-9, "true_masses", true_masses.sum(), "must sum to at most 1");
  require(std::isfinite(radius) && radius >= 0, "radius", radius,
          "must be finite and >= 0 (0: nearest-centre basins)");

  const Vec w = self_normalised_weights(points.cols(), log_weights, "log_weights");
  ModeMasses out{Vec::Zero(centres.cols()), 0, 0};
  for (Index i = 0; i < points.cols(); ++i) {
    Index nearest = 0;
    const double d2 = (centres.colwise() - points.col(i)).colwise().squaredNorm().minCoeff(&nearest);
    if (radius > 0 && d2 > radius * radius) {
      out.outside += w[i];
    } else {
      out.masses[nearest] += w[i];
    }
  }
  out.tv = 0.5 * ((out.masses - true_masses).cwiseAbs().sum() +
                  std::fabs(out.outside - std::max(true_outside, 0.0)));
  return out;
}

}  // namespace sgmc
