// The prior on the coefficients of the regressions (linear and logistic):
// N(0, s^2) on each, or flat (improper: no term in U0). A header of its own
// so that both models share it and its check.
#pragma once

#include <cmath>

#include "sgmc/core/error.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

enum class CoefPrior { kFlat, kNormal };

/// Throws sgmc::Error(kInvalidArgument) unless `coef` is a CoefPrior and,
/// for kNormal, `scale` is finite and > 0 (named `scale_name`).
inline void validate_coef_prior(CoefPrior coef, double scale, const char* scale_name) {
  const auto value = static_cast<int>(coef);
  require(value >= static_cast<int>(CoefPrior::kFlat) && value <= static_cast<int>(CoefPrior::kNormal),
          "coef", value, "must be a CoefPrior");
  if (coef == CoefPrior::kNormal) GaussianPrior{scale}.validate(scale_name);
}

}  // namespace sgmc
