// Self-normalised weighted estimates and systematic resampling (SPEC §4.1).
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/core/error.hpp"
#include "sgmc/estimators/weighted.hpp"

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
