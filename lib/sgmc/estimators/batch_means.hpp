// The Monte Carlo error of a self-normalised importance-weighted mean by
// batch means (SPEC §4.1's estimator, its error not in SPEC). Each chain's
// draws are cut into blocks; every block b of every chain is a unit of the
// ratio estimator M = sum_b S_b / sum_b W_b, with W_b the block's weight
// and S_b its weighted sum of x. Linearised about M,
//   MCSE^2 = B/(B-1) sum_b (W_b/W)^2 (S_b/W_b - M)^2,
// B the number of blocks. Blocks long against the chain's autocorrelation
// are nearly independent, so the error holds autocorrelated draws and
// uneven weights alike; chains that disagree (a mode visited by one and not
// another) make their blocks disagree, and the error shows it. Kish's ESS
// times an unweighted ESS, its usual stand-in, is no such error: it moves
// by orders of magnitude with a few heavy weights.
#pragma once

#include <span>

#include "sgmc/core/types.hpp"

namespace sgmc {

/// One chain's draws (d x n) and their log-weights (n; any common offset).
struct WeightedDraws {
  Eigen::Ref<const Eigen::MatrixXd> draws;
  Eigen::Ref<const Vec> log_weights;
};

/// The pooled weighted estimate of the chains (their log-weights taken as
/// they are, on one scale) and its error, per coordinate.
struct WeightedMeanError {
  Vec mean;      ///< M, the weighted mean
  Vec variance;  ///< the weighted variance of the draws about M
  Vec error;     ///< MCSE^2 of M by batch means
};

/// Every chain cut into `blocks_per_chain` blocks (draw k of n in block
/// floor(k blocks / n)). Returns empty vectors when a chain has fewer draws
/// than blocks (no error can be computed). Precondition: `chains` not
/// empty, every chain of the same dimension, at least two blocks in all.
WeightedMeanError weighted_batch_means(std::span<const WeightedDraws> chains, Index blocks_per_chain);

/// Per coordinate, the effective sample size variance / MCSE^2 of the
/// weighted mean (infinity where the error is 0).
Vec weighted_ess(const WeightedMeanError& estimate);

}  // namespace sgmc
