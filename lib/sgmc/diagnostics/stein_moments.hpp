// The sums behind the step-size bias check (docs/verdict.md): Stein's
// identity for the target. For pi ∝ exp(-U/tau) with a density that
// vanishes at infinity, integrating by parts the coordinate i of
// div(f pi) with f(x) = (x - mu) e_i gives
//
//     E_pi[(x_i - mu_i) d_i U(x)] = tau   for every coordinate i,
//
// (the Stein operator of the Langevin diffusion applied to the linear
// functions, Gorham & Mackey's Stein discrepancy on the smallest class;
// the "configurational temperature" of molecular dynamics). A stochastic
// gradient is unbiased given x, its batch drawn after x was reached, so the
// identity holds with grad U_hat too and costs no evaluation. A discretised
// chain breaks it as its variance is inflated: SGLD on a Gaussian of
// curvature lambda has stationary variance
// tau (1 + eps v/(2 tau)) / (lambda (1 - eps lambda / 2)) (docs/warm_up.md),
// so c_i = Cov(x_i, d_i U_hat) / tau equals that inflation of the variance,
// 1 exactly for an exact sampler. The constant function gives the second
// identity E_pi[d_i U] = 0: a chain whose draws are shifted (a bias in the
// mean, which leaves c_i alone) breaks it. For a Gaussian,
// E[d_i U] = (E[x_i] - mu_i) / sd_i^2, so m_i = mean(d_i U_hat) sd(x_i) / tau
// is the mean's shift in posterior sds. The sums are kept in B blocks of
// consecutive draws, whose means give the standard errors by batch means.
//
// Draws may carry importance weights (a contour sampler's, SPEC §4.1): the
// expectations are then the self-normalised weighted ones, E_pi estimated
// as the weighted estimates are, and a block's value counts by its share of
// the total weight (the batch-means error of a ratio estimator). The weights
// are summed relative to the largest log-weight seen so far, so that no sum
// overflows whatever their range.
#pragma once

#include <limits>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// c_i = Cov(x_i, d_i U_hat) / tau and m_i = mean(d_i U_hat) sd(x_i) / tau
/// of every coordinate, each with its batch-means standard error; NaN with
/// fewer than 2 blocks holding draws.
struct SteinRatios {
  Vec ratio;
  Vec se;
  Vec shift;
  Vec shift_se;
};

class SteinMoments {
 public:
  /// Blocks of `capacity` draws, the number the chain records; up to
  /// kBlocks of them.
  static constexpr Index kBlocks = 20;
  SteinMoments(Index dim, Index capacity);

  /// Adds the next draw x with its gradient and log importance weight (0
  /// for an unweighted draw); never allocates. Precondition: fewer than
  /// `capacity` draws added, log_weight finite.
  void add(ConstVecRef x, ConstVecRef grad, double log_weight);
  Index size() const { return added_; }

  /// The ratios at temperature `tau` > 0 over the draws added so far.
  SteinRatios ratios(double tau) const;

  void save(ByteWriter& out) const;
  /// Reads what save() wrote for the same dimension and capacity, with
  /// exactly `expected` draws added; throws Error(kFormat) otherwise.
  void load(ByteReader& in, Index expected);

 private:
  Index block_of(Index draw) const { return draw * blocks() / capacity_; }
  Index blocks() const { return sum_x_.cols(); }

  Index capacity_;
  Index added_ = 0;
  /// The largest log-weight added: every sum below is of w exp(-log_scale_).
  double log_scale_ = -std::numeric_limits<double>::infinity();
  Eigen::MatrixXd sum_x_;   ///< dim x blocks, of w x
  Eigen::MatrixXd sum_g_;   ///< dim x blocks, of w grad
  Eigen::MatrixXd sum_xg_;  ///< dim x blocks, of w x grad
  Eigen::MatrixXd sum_xx_;  ///< dim x blocks, of w x^2
  Vec sum_w_;               ///< blocks, of w
  std::vector<Index> counts_;
};

}  // namespace sgmc
