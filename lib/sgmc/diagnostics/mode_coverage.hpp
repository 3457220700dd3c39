// Mode coverage (SPEC §8, cSG-MCMC App. A.1): a mode is covered when at
// least nbar draws lie within radius r of its centre.
#pragma once

#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

struct ModeCoverage {
  Index covered = 0;          ///< modes with at least min_draws draws within radius
  std::vector<Index> counts;  ///< per mode, the draws within radius of its centre
};

/// @param draws    d x n, a draw per column.
/// @param centres  d x m, a mode centre per column.
/// @param radius   r > 0; a draw x is near centre mu when |x - mu| <= r.
/// @param min_draws nbar >= 1.
/// Throws sgmc::Error naming a bad argument.
ModeCoverage mode_coverage(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                           const Eigen::Ref<const Eigen::MatrixXd>& centres, double radius,
                           Index min_draws);

}  // namespace sgmc
