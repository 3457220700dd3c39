// Self-normalised importance-weighted estimates (SPEC §4.1, §8): every
// weight enters through its logarithm, so weights far outside the range of
// a double (zeta log Psi spans hundreds of nats) stay exact.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

/// w_i = exp(lw_i - log sum_j exp(lw_j)), summing to 1. Throws
/// sgmc::Error("log_weights") for an empty or non-finite input.
Vec normalised_weights(ConstVecRef log_weights);

/// log w_i of normalised_weights(), computed without leaving logarithms
/// (log sum_j exp(lw_j) = 0); the same errors.
Vec normalised_log_weights(ConstVecRef log_weights);

/// Kish's effective sample size (sum w)^2 / sum w^2 of normalised weights.
double kish_ess(ConstVecRef weights);

struct WeightedMoments {
  Vec mean;      ///< sum_i w_i x_i
  Vec variance;  ///< sum_i w_i (x_i - mean)^2, per coordinate
  double ess;    ///< Kish ESS
};

/// Weighted mean and variance of the columns of `draws` (d x n).
WeightedMoments weighted_moments(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                                 ConstVecRef log_weights);

/// Weighted quantiles of each coordinate: for probability p the smallest
/// draw value x with sum_{x_i <= x} w_i >= p (the inverse weighted ECDF).
/// Returns a d x probs.size() matrix. Throws naming a p outside [0, 1].
Eigen::MatrixXd weighted_quantiles(const Eigen::Ref<const Eigen::MatrixXd>& draws,
                                   ConstVecRef log_weights, std::span<const double> probs);

/// Systematic resampling (SPEC §4.1): one uniform U ~ U[0, 1) from `seed`,
/// points (U + i) / n_out for i < n_out, draw j taken for every point in
/// [W_{j-1}, W_j) of the cumulative weights. Draw j appears floor(n_out w_j)
/// or ceil(n_out w_j) times; its expected count is exactly n_out w_j.
/// Returns the 0-based draw indices in increasing order.
std::vector<Index> systematic_resample(ConstVecRef log_weights, Index n_out, std::uint64_t seed);

}  // namespace sgmc
