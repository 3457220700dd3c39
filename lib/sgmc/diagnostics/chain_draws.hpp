// Draws of one scalar from several chains, and the reshaping and order
// statistics that R-hat and ESS apply to them (Vehtari et al. 2021, §4),
// each written to agree with R's `posterior` package to rounding.
#pragma once

#include <Eigen/Core>

#include "sgmc/core/types.hpp"

namespace sgmc {

/// Column c holds the draws of chain c in order: n_draws x n_chains.
using ChainDraws = Eigen::MatrixXd;
using ConstChainDrawsRef = Eigen::Ref<const Eigen::MatrixXd>;

/// Checks that `draws` has at least 4 draws and 1 chain and only finite
/// values; errors name n_draws, n_chains or `argument`[i] and the value. (With fewer
/// than 4 draws a split half holds one draw, where posterior's R code drops
/// a dimension and mixes the chains up; no answer would agree with it.)
void require_chain_draws(ConstChainDrawsRef draws, const char* argument);

/// Each chain cut into its first and second half (the middle draw of an odd
/// length is dropped), as posterior's `.split_chains()`: n/2 x 2 n_chains.
ChainDraws split_chains(ConstChainDrawsRef draws);

/// True when posterior's `should_return_NA()` holds: a non-finite value, or
/// max - min below the machine epsilon (an absolute tolerance, as there).
bool is_degenerate(ConstChainDrawsRef draws);

/// Ranks of all values, 1..S, with ties given their average rank (R's
/// `rank(ties.method = "average")`).
ChainDraws average_ranks(ConstChainDrawsRef draws);

/// Rank normalisation, Vehtari et al. (2021) §4:
/// z = Phi^-1((r - 3/8) / (S + 1/4)), r the average rank among all S values.
ChainDraws z_scale(ConstChainDrawsRef draws);

/// |x - median(x)| over all values (posterior's `fold_draws()`).
ChainDraws fold(ConstChainDrawsRef draws);

/// R's type-7 quantile of all values at probability `prob` in [0, 1].
double quantile(ConstChainDrawsRef draws, double prob);

/// Sample variance (denominator n - 1) of a vector.
double sample_variance(const Vec& values);

}  // namespace sgmc
