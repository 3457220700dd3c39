// Self-normalised weighted estimates and systematic resampling (SPEC §4.1).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/estimators/batch_means.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc {
namespace {

TEST(Weighted, MomentsAndEssInLogSpace) {
  Eigen::MatrixXd draws(2, 3);
  draws << 1, 2, 4, 0, 0, 3;
  // Log-weights far beyond exp's range: only their differences matter.
  const Vec lw = (Vec(3) << 1000.0 + std::log(1.0), 1000.0 + std::log(2.0), 1000.0 + std::log(1.0))
                     .finished();
  const auto m = weighted_moments(draws, lw);
  EXPECT_NEAR(m.mean[0], (1 + 4 + 4) / 4.0, 1e-13);
  EXPECT_NEAR(m.mean[1], 3 / 4.0, 1e-13);
  EXPECT_NEAR(m.variance[0], (0.25 * 1.5625 + 0.5 * 0.0625 + 0.25 * 3.0625), 1e-13);
  EXPECT_NEAR(m.ess, 1.0 / (0.0625 + 0.25 + 0.0625), 1e-12);
  EXPECT_THROW(normalised_weights(Vec::Constant(2, NAN)), Error);
}

TEST(Weighted, QuantilesInvertTheWeightedEcdf) {
  Eigen::MatrixXd draws(1, 4);
  draws << 3, 1, 4, 2;
  const Vec lw = (Vec(4) << 0.1, 0.2, 0.3, 0.4).finished().array().log();
  const double probs[] = {0.0, 0.2, 0.21, 0.6, 0.61, 1.0};
  const auto q = weighted_quantiles(draws, lw, probs);
  // Sorted: 1 (0.2), 2 (0.4), 3 (0.1), 4 (0.3); cumulative 0.2, 0.6, 0.7, 1.
  EXPECT_EQ(q.row(0), (Eigen::RowVectorXd(6) << 1, 1, 2, 2, 3, 4).finished());
  const double bad[] = {1.5};
  EXPECT_THROW(weighted_quantiles(draws, lw, bad), Error);
}

TEST(WeightedBatchMeans, ARatioEstimatorOverBlocks) {
  // Two chains of two draws, two blocks each: every draw its own block.
  Eigen::MatrixXd x0(1, 2), x1(1, 2);
  x0 << 1, 3;
  x1 << 2, 6;
  const Vec lw0 = Vec::Zero(2);
  const Vec lw1 = (Vec(2) << 0.0, std::log(3.0)).finished().array() + 700.0;  // one scale, shifted
  const Vec lw0_shifted = lw0.array() + 700.0;
  const std::vector<WeightedDraws> chains{{x0, lw0_shifted}, {x1, lw1}};
  const auto e = weighted_batch_means(chains, 2);
  // W = 6, M = (1 + 3 + 2 + 18) / 6 = 4; B/(B-1) sum_b (W_b/W)^2 (x_b - M)^2.
  EXPECT_NEAR(e.mean[0], 4.0, 1e-12);
  EXPECT_NEAR(e.variance[0], (9.0 + 1.0 + 4.0 + 3.0 * 4.0) / 6.0, 1e-12);
  EXPECT_NEAR(e.error[0], 4.0 / 3.0 * ((9.0 + 1.0 + 4.0) / 36.0 + 9.0 * 4.0 / 36.0), 1e-12);
  EXPECT_NEAR(weighted_ess(e)[0], e.variance[0] / e.error[0], 1e-12);
  // A chain shorter than its blocks: no error.
  EXPECT_EQ(weighted_batch_means(chains, 3).error.size(), 0);
}

TEST(WeightedBatchMeans, ItsErrorIsTheSpreadOfTheEstimateOverRuns) {
  // 4 AR(1) chains (rho = 0.5) of 2,000 draws with log-normal weights;
  // over 400 independent runs the mean of MCSE^2 must match the variance
  // of the estimate M. Batch means' bias at blocks of 100 draws is about
  // 2 rho / ((1 - rho)^2 100 tau) = 1.3% (tau = 3); the variance of 400
  // estimates has a relative error sqrt(2 / 399) = 0.071, the mean of the
  // MCSE^2 about 0.3 / sqrt(400) = 0.015: 4 of their combined errors is 0.29.
  constexpr Index kRuns = 400, kChains = 4, kDraws = 2000;
  NormalSource normal(Rng(17));
  std::vector<double> estimates, errors;
  for (Index r = 0; r < kRuns; ++r) {
    std::vector<Eigen::MatrixXd> x(kChains, Eigen::MatrixXd(1, kDraws));
    std::vector<Vec> lw(kChains, Vec(kDraws));
    std::vector<WeightedDraws> chains;
    for (Index c = 0; c < kChains; ++c) {
      double state = normal.next();
      for (Index k = 0; k < kDraws; ++k) {
        state = 0.5 * state + std::sqrt(0.75) * normal.next();
        x[static_cast<std::size_t>(c)](0, k) = state;
        lw[static_cast<std::size_t>(c)][k] = 0.7 * normal.next();
      }
      chains.push_back({x[static_cast<std::size_t>(c)], lw[static_cast<std::size_t>(c)]});
    }
    const auto e = weighted_batch_means(chains, 20);
    estimates.push_back(e.mean[0]);
    errors.push_back(e.error[0]);
  }
  const Eigen::Map<const Vec> m(estimates.data(), kRuns), err(errors.data(), kRuns);
  const double spread = (m.array() - m.mean()).square().sum() / static_cast<double>(kRuns - 1);
  EXPECT_NEAR(err.mean() / spread, 1.0, 0.29);
}

TEST(WeightedBatchMeans, ChainsThatDisagreeShowInTheError) {
  // The same draws, one chain shifted by 1 (a mode the others never saw):
  // the blocks disagree, and the error grows far beyond that of agreeing chains.
  NormalSource normal(Rng(3));
  std::vector<Eigen::MatrixXd> x(4, Eigen::MatrixXd(1, 1000));
  for (auto& chain : x) normal.fill(chain.data(), 1000);
  const Vec lw = Vec::Zero(1000);
  std::vector<WeightedDraws> agreeing;
  for (const auto& chain : x) agreeing.push_back({chain, lw});
  const double agree = weighted_batch_means(agreeing, 20).error[0];
  const Eigen::MatrixXd shifted = x[3].array() + 1.0;
  std::vector<WeightedDraws> apart{{x[0], lw}, {x[1], lw}, {x[2], lw}, {shifted, lw}};
  EXPECT_GT(weighted_batch_means(apart, 20).error[0], 10.0 * agree);
}

TEST(SystematicResampling, ExpectedCopyCountsAreTheNormalisedWeights) {
  const Vec lw = (Vec(6) << -2.0, 0.5, 1.0, -0.3, 0.0, 2.0).finished();
  const Vec w = normalised_weights(lw);
  const Index n_out = 10, repeats = 20000;
  Vec counts = Vec::Zero(6);
  for (Index r = 0; r < repeats; ++r) {
    Vec once = Vec::Zero(6);
    for (const Index j : systematic_resample(lw, n_out, static_cast<std::uint64_t>(r))) once[j] += 1;
    for (Index j = 0; j < 6; ++j) {  // floor or ceil of n w_j: no fractional weight is dropped
      ASSERT_GE(once[j], std::floor(n_out * w[j]));
      ASSERT_LE(once[j], std::ceil(n_out * w[j]));
    }
    counts += once;
  }
  counts /= static_cast<double>(repeats);
  // A count takes two adjacent values: its sd is at most 1/2 per repeat.
  const double tolerance = 5 * 0.5 / std::sqrt(static_cast<double>(repeats));
  for (Index j = 0; j < 6; ++j) EXPECT_NEAR(counts[j], n_out * w[j], tolerance) << "draw " << j;
}

}  // namespace
}  // namespace sgmc
