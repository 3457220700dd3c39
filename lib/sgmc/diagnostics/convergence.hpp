// One entry point for the convergence diagnostics, for one scalar or for
// every coordinate of a d-dimensional draw set.
#pragma once

#include <vector>

#include "sgmc/diagnostics/chain_draws.hpp"

namespace sgmc {

/// The diagnostics of ess.hpp and rhat.hpp; numbers match the C API's
/// sgmc_convergence_stat.
enum class ConvergenceStat {
  kRhat = 1,
  kRhatBasic = 2,
  kEssBulk = 3,
  kEssTail = 4,
  kEssBasic = 5,
};

/// Checks the draws (require_chain_draws) and computes `stat`.
double convergence(ConstChainDrawsRef draws, ConvergenceStat stat);

/// `stat` for each coordinate of d-dimensional draws: chains[c] is d x n,
/// column j the j-th draw of chain c; every chain must have the same n.
Vec convergence_per_coordinate(const std::vector<Eigen::Ref<const Eigen::MatrixXd>>& chains,
                               ConvergenceStat stat);

}  // namespace sgmc
