// The KL estimators, total variation and mode masses: exact answers on
// hand-made sets, analytic answers within a Monte Carlo tolerance, and the
// weights (equal weights change nothing; one non-zero weight picks a draw).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/histogram_kl.hpp"
#include "sgmc/diagnostics/knn_kl.hpp"
#include "sgmc/diagnostics/mode_masses.hpp"
#include "sgmc/diagnostics/total_variation.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// n points of N(mean, sd^2 I) in 2-D, one per column.
Eigen::MatrixXd gaussian_points(Index n, Eigen::Vector2d mean, double sd, std::uint64_t seed) {
  NormalSource normal(Rng::stream(seed, 0, StreamPurpose::kMoves));
  Eigen::MatrixXd x(2, n);
  normal.fill(x.data(), static_cast<std::size_t>(x.size()));
  return (sd * x).colwise() + mean;
}

/// KL(N(0, I) || N(mu, s^2 I)) in d dimensions.
double gaussian_kl(double mu_norm2, double s, double d) {
  return 0.5 * (d / (s * s) + mu_norm2 / (s * s) - d + 2 * d * std::log(s));
}

// Four points in the cells of [0, 2] x [0, 1] cut in two along x: three in
// the left cell, one in the right, and one point outside in set b.
const Eigen::MatrixXd kLeftHeavy{{0.1, 0.5, 0.9, 1.5}, {0.5, 0.2, 1.0, 0.5}};
const Eigen::MatrixXd kRightHeavy{{0.2, 1.2, 1.9, 5.0}, {0.5, 0.5, 0.0, 0.5}};
const Grid kTwoCells(Vec{{0.0, 0.0}}, Vec{{2.0, 1.0}}, {2, 1});

TEST(Grid, NumbersCellsRowMajorAndKeepsTheUpperEdge) {
  const Grid grid(Vec{{0.0, 0.0}}, Vec{{3.0, 2.0}}, {3, 2});
  EXPECT_EQ(grid.n_cells(), 6);
  EXPECT_EQ(grid.cell_of(Vec{{0.5, 0.5}}), 0);
  EXPECT_EQ(grid.cell_of(Vec{{0.5, 1.5}}), 1);
  EXPECT_EQ(grid.cell_of(Vec{{2.5, 0.5}}), 4);
  EXPECT_EQ(grid.cell_of(Vec{{3.0, 2.0}}), 5);
  EXPECT_FALSE(grid.cell_of(Vec{{3.0001, 1.0}}).has_value());
  EXPECT_FALSE(grid.cell_of(Vec{{1.0, -1e-12}}).has_value());
}

TEST(Grid, RejectsBadBoxesNamingTheCoordinate) {
  try {
    Grid(Vec{{0.0, 0.0}}, Vec{{1.0, 1.0}}, {4, -2});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'bins[1]' = -2: must be at least 1");
  }
  EXPECT_THROW(Grid(Vec{{0.0}}, Vec{{0.0}}, {4}), Error);
}

TEST(HistogramKl, ExactOnTwoCells) {
  const auto r = histogram_kl(kLeftHeavy, std::nullopt, kTwoCells, Vec{{1.0, 1.0}});
  EXPECT_NEAR(r.kl, 0.75 * std::log(1.5) + 0.25 * std::log(0.5), 1e-15);
  EXPECT_EQ(r.outside_mass, 0.0);
  // Draws outside the grid are left out of p and reported.
  const auto b = histogram_kl(kRightHeavy, std::nullopt, kTwoCells, Vec{{1.0, 3.0}});
  EXPECT_NEAR(b.kl, (1.0 / 3) * std::log((1.0 / 3) / 0.25) + (2.0 / 3) * std::log((2.0 / 3) / 0.75),
              1e-15);
  EXPECT_EQ(b.outside_mass, 0.25);
  // A cell with draws where the density is zero.
  EXPECT_EQ(histogram_kl(kLeftHeavy, std::nullopt, kTwoCells, Vec{{1.0, 0.0}}).kl, kInf);
}

TEST(HistogramKl, WeightsAreSelfNormalisedInLogSpace) {
  const Vec density{{1.0, 2.0}};
  const double plain = histogram_kl(kLeftHeavy, std::nullopt, kTwoCells, density).kl;
  // Equal log-weights of any size reproduce the unweighted estimate.
  const Vec equal = Vec::Constant(4, 800.0);
  EXPECT_NEAR(histogram_kl(kLeftHeavy, equal, kTwoCells, density).kl, plain, 1e-15);
  // All weight on the last draw: p is the right cell alone, KL = log(1 / q_right).
  const Vec one{{-kInf, -kInf, -kInf, -700.0}};
  EXPECT_NEAR(histogram_kl(kLeftHeavy, one, kTwoCells, density).kl, std::log(1.5), 1e-15);
  // Weights 1, 1, 1, 3 make the two cells equally heavy.
  const Vec tilted{{0.0, 0.0, 0.0, std::log(3.0)}};
  EXPECT_NEAR(histogram_kl(kLeftHeavy, tilted, kTwoCells, density).kl,
              0.5 * std::log(0.5 / (1.0 / 3)) + 0.5 * std::log(0.5 / (2.0 / 3)), 1e-15);
}

TEST(HistogramKl, TwoGaussiansWithinMonteCarloError) {
  // p = N(0, I), q = N((1, 0), 1.5^2 I) given at the centres of 0.1-wide cells.
  const auto x = gaussian_points(100000, {0, 0}, 1.0, 11);
  const Grid grid(Vec{{-6.0, -6.0}}, Vec{{6.0, 6.0}}, {120, 120});
  Vec density(grid.n_cells());
  for (Index i = 0; i < 120; ++i) {
    for (Index j = 0; j < 120; ++j) {
      const double u = -5.95 + 0.1 * static_cast<double>(i) - 1, v = -5.95 + 0.1 * static_cast<double>(j);
      density[i * 120 + j] = std::exp(-(u * u + v * v) / (2 * 2.25));
    }
  }
  // The plug-in estimate is biased up by about (cells hit - 1) / (2n) ~ 0.04.
  const double truth = gaussian_kl(1.0, 1.5, 2);
  EXPECT_NEAR(histogram_kl(x, std::nullopt, grid, density).kl, truth + 0.04, 0.03);
}

TEST(KnnKl, TwoGaussiansWithinMonteCarloError) {
  // KL(reference || sample) for reference N(0, I) and sample N((1, 0), 1.5^2 I);
  // over a few seeds the estimate's spread at n = m = 2e4 is about 0.01.
  const double truth = gaussian_kl(1.0, 1.5, 2);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto reference = gaussian_points(20000, {0, 0}, 1.0, seed);
    const auto sample = gaussian_points(20000, {1, 0}, 1.5, seed + 100);
    const auto r = knn_kl(sample, reference);
    EXPECT_NEAR(r.kl, truth, 0.05) << "seed " << seed;
    EXPECT_EQ(r.n_distinct, 20000);
  }
  // The same law on both sides: KL = 0.
  EXPECT_NEAR(knn_kl(gaussian_points(20000, {0, 0}, 1.0, 7), gaussian_points(20000, {0, 0}, 1.0, 8)).kl,
              0.0, 0.05);
}

TEST(KnnKl, ExactOnOneDimensionalPoints) {
  // d = 1, reference {0, 1, 3}, sample {0.5, 4}: r = (1, 1, 2), s = (0.5, 0.5, 1),
  // D = (1/3) sum log(s / r) + log(2 / 2) = log(1/2).
  const Eigen::MatrixXd reference{{0.0, 1.0, 3.0}}, sample{{0.5, 4.0}};
  const auto r = knn_kl(sample, reference);
  EXPECT_NEAR(r.kl, std::log(0.5), 1e-15);
  EXPECT_EQ(r.n_distinct, 2);
}

TEST(KnnKl, RepeatsCountInMButNotInTheDistances) {
  const Eigen::MatrixXd reference{{0.0, 1.0, 3.0}};
  // A repeated sample point raises the estimate by log(m / n_distinct) exactly here.
  const auto repeated = knn_kl(Eigen::MatrixXd{{0.5, 4.0, 0.5}}, reference);
  EXPECT_NEAR(repeated.kl, std::log(0.5) + std::log(1.5), 1e-15);
  EXPECT_EQ(repeated.n_distinct, 2);
  // A repeated reference point takes its distance from the nearest other point.
  EXPECT_NEAR(knn_kl(Eigen::MatrixXd{{0.5, 4.0}}, Eigen::MatrixXd{{0.0, 1.0, 0.0, 3.0}}).kl,
              std::log(0.5) + std::log(2.0 / 3), 1e-15);
  EXPECT_THROW(knn_kl(Eigen::MatrixXd{{0.5}}, Eigen::MatrixXd{{1.0, 1.0}}), Error);  // 1 distinct
  EXPECT_THROW(knn_kl(Eigen::MatrixXd{{0.0}}, reference), Error);  // on a reference point
}

TEST(TotalVariation, ExactOnKnownHistograms) {
  // a: (3/4, 1/4, outside 0); b: (1/4, 1/2, outside 1/4).
  EXPECT_NEAR(total_variation(kLeftHeavy, std::nullopt, kRightHeavy, std::nullopt, kTwoCells), 0.5,
              1e-15);
  EXPECT_EQ(total_variation(kLeftHeavy, std::nullopt, kLeftHeavy, std::nullopt, kTwoCells), 0.0);
  // Equal weights change nothing; all weight on b's outside point gives
  // TV = 1 (disjoint supports).
  const Vec equal = Vec::Constant(4, -3.0);
  EXPECT_NEAR(total_variation(kLeftHeavy, equal, kRightHeavy, equal, kTwoCells), 0.5, 1e-15);
  const Vec outside_only{{-kInf, -kInf, -kInf, 0.0}};
  EXPECT_NEAR(total_variation(kLeftHeavy, std::nullopt, kRightHeavy, outside_only, kTwoCells), 1.0,
              1e-15);
}

TEST(ModeMasses, NearestCentreAndRadiusBasins) {
  const Eigen::MatrixXd centres{{0.0, 10.0}, {0.0, 0.0}};
  const Eigen::MatrixXd x{{0.1, -0.2, 9.0, 4.0}, {0.0, 0.3, 0.0, 0.0}};
  const Vec truth{{0.5, 0.5}};
  const auto voronoi = mode_masses(x, std::nullopt, centres, truth, 0.0);
  EXPECT_NEAR(voronoi.masses[0], 0.75, 1e-15);
  EXPECT_NEAR(voronoi.masses[1], 0.25, 1e-15);
  EXPECT_EQ(voronoi.outside, 0.0);
  EXPECT_NEAR(voronoi.tv, 0.25, 1e-15);
  // Radius 1.5: the draw at 4 is in no basin, and 9 is.
  const auto balls = mode_masses(x, std::nullopt, centres, Vec{{0.4, 0.4}}, 1.5);
  EXPECT_NEAR(balls.masses[0], 0.5, 1e-15);
  EXPECT_NEAR(balls.outside, 0.25, 1e-15);
  EXPECT_NEAR(balls.tv, 0.5 * (0.1 + 0.15 + 0.05), 1e-15);
  // Equal weights change nothing; one weight puts all mass in basin 1.
  EXPECT_NEAR(mode_masses(x, Vec::Constant(4, 2.0), centres, truth, 0.0).tv, voronoi.tv, 1e-15);
  const Vec one{{-kInf, -kInf, 1.0, -kInf}};
  EXPECT_NEAR(mode_masses(x, one, centres, truth, 0.0).tv, 0.5, 1e-15);
}

TEST(LogWeights, RejectsNaNPlusInfinityAndAllZero) {
  const Vec nan{{0.0, std::nan(""), 0.0, 0.0}};
  try {
    total_variation(kLeftHeavy, nan, kRightHeavy, std::nullopt, kTwoCells);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'log_weights_a[1]' = nan: must be a number below +inf");
  }
  EXPECT_THROW(total_variation(kLeftHeavy, Vec::Constant(4, kInf), kRightHeavy, std::nullopt, kTwoCells), Error);
  EXPECT_THROW(total_variation(kLeftHeavy, Vec::Constant(4, -kInf), kRightHeavy, std::nullopt, kTwoCells), Error);
  EXPECT_THROW(total_variation(kLeftHeavy, Vec::Constant(3, 0.0), kRightHeavy, std::nullopt, kTwoCells), Error);
}

}  // namespace
}  // namespace sgmc
