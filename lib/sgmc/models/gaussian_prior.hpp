// The isotropic Gaussian prior N(0, s^2 I) on (a block of) the parameters,
// shared by the regression models and the MLP.
#pragma once

#include <cmath>

#include "sgmc/core/error.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

struct GaussianPrior {
  double sd = 1.0;  ///< s > 0

  /// Throws sgmc::Error naming `argument` unless s is finite and > 0.
  void validate(const char* argument) const {
    require(std::isfinite(sd) && sd > 0, argument, sd, "must be finite and > 0");
  }
  /// |w|^2 / (2 s^2), without the normalising constant.
  double energy(ConstVecRef w) const { return 0.5 * w.squaredNorm() / (sd * sd); }
  /// Writes w / s^2, the gradient of energy(w).
  template <typename Out>
  void gradient(ConstVecRef w, Out&& grad) const {
    grad = w / (sd * sd);
  }
};

}  // namespace sgmc
