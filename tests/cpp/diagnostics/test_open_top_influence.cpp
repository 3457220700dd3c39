// contour_top_influence (lib/sgmc/diagnostics/open_top_influence.hpp) on
// records whose answer is known: exact values on three draws (in one chain,
// or two that share theta, at any scale of the weights), zero without a
// draw in the open top subregion, NaN when nothing can be computed, and a
// Gaussian chain whose rare far excursions into it (tiny weights, huge
// values) inflate the weighted sd, which the statistic catches and an
// sd-neutral excursion passes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "sgmc/diagnostics/open_top_influence.hpp"

namespace sgmc {
namespace {

constexpr Index kM = 4;  // subregion kM - 1 is the open top one

/// One draw: its coordinate, subregion and log-weight.
struct Draw {
  double x;
  Index subregion;
  double log_weight;
};

struct Record {
  DrawStore draws;
  ContourDraws contour;
  ContourChainRecord view() const { return {&draws, &contour}; }
  double influence() const {
    const ContourChainRecord one = view();
    return open_top_influence({&one, 1});
  }
};

/// The draws with their interpolated log-weights; the bin weights (which
/// the statistic must not read) are 7 nats lower for every second draw.
Record record(const std::vector<Draw>& draws) {
  ContourSettings s;
  s.partition = {kM, 0.0, 1.0};
  const auto n = std::ssize(draws);
  Record r{DrawStore(1, n), ContourDraws{ContourTrace(kM, n, 0), Theta(s), Eigen::MatrixXd()}};
  for (Index k = 0; k < n; ++k) {
    const Draw& d = draws[static_cast<std::size_t>(k)];
    r.draws.push(Vec::Constant(1, d.x), 0.0, k + 1);
    r.contour.trace.push(d.subregion, 0.0, d.log_weight, d.log_weight - static_cast<double>(k % 2) * 7.0, 1.0);
  }
  return r;
}

TEST(OpenTopInfluence, ExactOnThreeDraws) {
  // Without the top draw: mean 0, sd 1. With x = 0 at equal weight the sd
  // is sqrt(2/3); with x = 3, the mean moves by 1 sd and the sd is sqrt(8/3).
  EXPECT_NEAR(record({{-1, 0, 0}, {1, 1, 0}, {0, kM - 1, 0}}).influence(), 1 - std::sqrt(2.0 / 3), 1e-14);
  EXPECT_NEAR(record({{-1, 0, 0}, {1, 1, 0}, {3, kM - 1, 0}}).influence(), 1.0, 1e-14);
}

TEST(OpenTopInfluence, WeightsCountRelativeToEachOther) {
  // Every log-weight 1000 nats higher: the same value (exp(1000) overflows).
  EXPECT_NEAR(record({{-1, 0, 1000}, {1, 1, 1000}, {3, kM - 1, 1000}}).influence(), 1.0, 1e-14);
}

TEST(OpenTopInfluence, PoolsChainsThatShareTheta) {
  // Chain a holds the draws outside X_m, chain b the one inside: pooled,
  // they are the three draws of ExactOnThreeDraws.
  const Record a = record({{-1, 0, 0}, {1, 1, 0}});
  const Record b = record({{3, kM - 1, 0}});
  const ContourChainRecord both[] = {a.view(), b.view()};
  EXPECT_NEAR(open_top_influence(both), 1.0, 1e-14);
  EXPECT_EQ(a.influence(), 0.0);
}

TEST(OpenTopInfluence, NanWhenNothingCanBeComputed) {
  Record stopped = record({{-1, 0, 0}, {3, kM - 1, 0}});
  stopped.contour.configured = false;
  EXPECT_TRUE(std::isnan(stopped.influence())) << "a run stopped during its pilot";
  EXPECT_TRUE(std::isnan(record({}).influence())) << "no draws";
  EXPECT_TRUE(std::isnan(record({{-1e200, 0, 0}, {1e200, 1, 0}, {0, kM - 1, 0}}).influence()))
      << "sums past the range of a double";
}

TEST(OpenTopInfluence, ZeroWithoutATopDrawAndInfiniteWithOnlyTopDraws) {
  EXPECT_EQ(record({{-1, 0, 0}, {1, kM - 2, 0}}).influence(), 0.0);
  EXPECT_EQ(record({{-1, kM - 1, 0}, {1, kM - 1, 0}}).influence(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(record({{1, 0, 0}, {1, 0, 0}, {2, kM - 1, -5}}).influence(),
            std::numeric_limits<double>::infinity()) << "no spread outside the top subregion";
}

/// 20000 draws of N(0, 1) at weight 1, and `excursions` draws in the top
/// subregion at weight e^-2 (30 of them hold 2e-4 of the weight) at
/// `where(z)`, z standard normal.
template <class Where>
Record gaussian_with_excursions(int excursions, Where where) {
  std::mt19937_64 rng(5);
  std::normal_distribution<double> z;
  std::vector<Draw> draws;
  for (int k = 0; k < 20000; ++k) draws.push_back({z(rng), k % (kM - 1), 0.0});
  for (int k = 0; k < excursions; ++k) draws.push_back({where(z(rng)), kM - 1, -2.0});
  return record(draws);
}

TEST(OpenTopInfluence, CatchesFarExcursionsWithTinyWeights) {
  // 30 draws near x = 1000 hold 2e-4 of the weight and add about 2e-4 *
  // 1e6 = 200 to the variance: the sd is ~14 times the right one.
  const double far = gaussian_with_excursions(30, [](double z) { return 1000 + z; }).influence();
  EXPECT_GT(far, 10.0);
  // The same weight on draws from the target itself moves nothing.
  const double near = gaussian_with_excursions(30, [](double z) { return z; }).influence();
  EXPECT_LT(near, 1e-3);
  EXPECT_GT(near, 0.0);
}

}  // namespace
}  // namespace sgmc
