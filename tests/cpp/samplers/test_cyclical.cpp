// cSGLD and cSGHMC (SPEC §3): the stages of the cyclical schedule, what a
// chain records, the options that make them, and the cycle weights of
// cSG-MCMC App. F against a direct computation.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sgmc/chain/chain.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/core/error.hpp"
#include "support/error_message.hpp"
#include "sgmc/estimators/cycle_weights.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

using testing::message_of;

StepSchedule cyclical(Index total, Index cycles, double beta) {
  return {.kind = ScheduleKind::kCyclical, .step_size = 0.1, .total = total, .cycles = cycles,
          .exploration = beta};
}

TEST(CyclicalStages, SwitchAtBetaOfEveryCycle) {
  // K = 100, M = 4: L = 25, r(k) = mod(k - 1, 25) / 25; beta = 0.8 explores
  // while mod(k - 1, 25) < 20, i.e. k = 1..20 of the first cycle.
  const auto s = cyclical(100, 4, 0.8);
  EXPECT_TRUE(s.exploring(1));    // cycle start, r = 0
  EXPECT_TRUE(s.exploring(20));   // r = 19/25 < 0.8
  EXPECT_FALSE(s.exploring(21));  // r = 20/25 = beta: sampling
  EXPECT_FALSE(s.exploring(25));  // cycle end, r = 24/25
  EXPECT_TRUE(s.exploring(26));   // next cycle starts exploring
  EXPECT_FALSE(s.exploring(100));
  EXPECT_DOUBLE_EQ(s.at(21), 0.05 * (std::cos(std::numbers::pi * 0.8) + 1.0));
}

TEST(CyclicalStages, KNotDivisibleByMCutsTheLastCycle) {
  // K = 10, M = 3: L = 4, cycles start at k = 1, 5, 9; beta = 0.5 samples
  // at r = 2/4, 3/4, so k = 3, 4, 7, 8 sample and the cut last cycle
  // (k = 9, 10 with r = 0, 1/4) only explores.
  const auto s = cyclical(10, 3, 0.5);
  std::vector<Index> sampling;
  for (Index k = 1; k <= 10; ++k) {
    if (!s.exploring(k)) sampling.push_back(k);
  }
  EXPECT_EQ(sampling, (std::vector<Index>{3, 4, 7, 8}));
  EXPECT_EQ(s.cycle_of(9), 2);
}

TEST(CyclicalStages, ZeroBetaNeverExploresAndPlainSchedulesNever) {
  const auto s = cyclical(10, 2, 0.0);
  for (Index k = 1; k <= 10; ++k) EXPECT_FALSE(s.exploring(k));
  StepSchedule constant{.exploration = 0.5};
  EXPECT_FALSE(constant.exploring(1));
}

TEST(CyclicalStages, RejectsBetaOutsideUnitInterval) {
  for (const double beta : {-0.1, 1.0, 1.5}) {
    const auto s = cyclical(10, 2, beta);
    EXPECT_NE(message_of([&] { s.validate(); }).find("'exploration' = " + show(beta)),
              std::string::npos);
  }
}

struct Quadratic {
  Vec mean{{1.0, -1.0}};
  Eigen::MatrixXd cov{{1.0, 0.3}, {0.3, 0.5}};
  GaussianModel model{mean, cov, TargetNoise{0.0, 0.5}};  // gradient noise: a stochastic gradient
};

/// The exploration stage is the optimizer's step exactly: a cyclical chain
/// and a tau = 0 chain on the same schedule and streams agree bitwise until
/// the first sampling stage, where only the cyclical one injects noise.
TEST(CyclicalChain, ExplorationStepIsTheOptimizerStep) {
  Quadratic q;
  for (const auto kind : {SamplerKind::kCycSgld, SamplerKind::kCycSghmc}) {
    SamplerConfig cyc;
    cyc.kind = kind;
    cyc.schedule = cyclical(200, 4, 0.6);  // L = 50, k = 1..30 explore
    SamplerConfig optimizer = cyc;
    optimizer.kind = kind == SamplerKind::kCycSgld ? SamplerKind::kSgld : SamplerKind::kSghmc;
    optimizer.temperature = 0.0;
    optimizer.schedule.exploration = 0.0;
    const Vec x0 = Vec::Constant(2, 3.0);
    Chain a(cyc, {200, 0, 1}, 2, 0, x0, {11, 0});
    Chain b(optimizer, {200, 0, 1}, 2, 0, x0, {11, 0});
    for (Index k = 1; k <= 30; ++k) {
      a.advance(q.model, nullptr);
      b.advance(q.model, nullptr);
      ASSERT_EQ(a.position(), b.position()) << sampler_name(kind) << " k " << k;
    }
    EXPECT_EQ(a.draws().size(), 0);  // nothing recorded while exploring
    a.advance(q.model, nullptr);       // k = 31: sampling, noise injected
    b.advance(q.model, nullptr);
    EXPECT_NE(a.position(), b.position()) << sampler_name(kind);
    EXPECT_EQ(a.draws().steps(), std::vector<Index>{31});
  }
}

TEST(CyclicalChain, RecordsSamplingStagesWithBurnInAndThin) {
  Quadratic q;
  SamplerConfig cyc;
  cyc.kind = SamplerKind::kCycSgld;
  cyc.schedule = cyclical(10, 3, 0.5);  // samples at k = 3, 4, 7, 8
  Chain chain(cyc, {10, 3, 2}, 2, 0, Vec::Zero(2), {1, 0});  // records k = 5, 7, 9 otherwise
  for (Index k = 0; k < 10; ++k) chain.advance(q.model, nullptr);
  EXPECT_EQ(chain.draws().steps(), std::vector<Index>{7});
  EXPECT_EQ(chain.draws().capacity(), 1);  // stores only what it keeps
  EXPECT_EQ(draw_cycles(chain.draws(), cyc.schedule), std::vector<Index>{1});
}

TEST(CyclicalChain, DrawsAreBitwiseIdenticalForAnyThreadCount) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(3, 300), 10.0);
  for (const auto kind : {SamplerKind::kCycSgld, SamplerKind::kCycSghmc}) {
    SamplerConfig c;
    c.kind = kind;
    c.batch_size = 30;
    c.schedule = cyclical(600, 5, 0.7);
    c.schedule.step_size = 1e-4;
    auto run = [&](Index threads) {
      return sample(model, c, {600, 50, 2}, {5, threads, 100, 31}, Vec::Zero(3), nullptr);
    };
    const auto one = run(1);
    for (const Index threads : {2, 0}) {
      const auto many = run(threads);
      for (std::size_t i = 0; i < one.chains.size(); ++i) {
        testing::expect_same_draws(one.chains[i]->draws(), many.chains[i]->draws(),
                                   std::string(sampler_name(kind)) + " chain " + std::to_string(i));
      }
    }
  }
}

TEST(CyclicalOptions, CyclesDefaultToFourAndScheduleIsForced) {
  Options o;
  o.set("sampler", std::string("cycsgld"));
  auto s = sampler_config(o);
  EXPECT_EQ(s.kind, SamplerKind::kCycSgld);
  EXPECT_EQ(s.schedule.kind, ScheduleKind::kCyclical);
  EXPECT_EQ(s.schedule.cycles, kCyclicalSamplerCycles);
  EXPECT_EQ(s.schedule.exploration, 0.8);
  o.set("cycles", std::int64_t{1});  // set explicitly: kept, even at the plain default
  EXPECT_EQ(sampler_config(o).schedule.cycles, 1);
  o.set("schedule", std::string("constant"));
  EXPECT_NE(message_of([&] { sampler_config(o); }).find("'schedule' = \"constant\""),
            std::string::npos);
  o.set("schedule", std::string("cyclical"));
  o.set("sampler", std::string("sgld"));
  EXPECT_EQ(sampler_config(o).schedule.exploration, 0.0);  // plain SGLD never explores
}

TEST(CyclicalOptions, BadValuesAreNamed) {
  Options o;
  EXPECT_NE(message_of([&] { o.set("exploration", 1.0); }).find("'exploration' = 1"),
            std::string::npos);
  EXPECT_NE(message_of([&] { o.set("cycles", std::int64_t{0}); }).find("'cycles' = 0"),
            std::string::npos);
  o.set("sampler", std::string("cycsghmc"));
  o.set("n_steps", std::int64_t{3});  // M = 4 by default exceeds K = 3
  EXPECT_NE(message_of([&] { sampler_config(o); }).find("'cycles' = 4"), std::string::npos);
}

/// Harmonic weights against the formula evaluated directly in long double.
TEST(CycleWeights, HarmonicMatchesDirectComputation) {
  Eigen::MatrixXd data(2, 5);
  data << 0.1, -0.4, 0.7, 1.2, -0.3, 0.5, 0.2, -0.6, 0.9, 0.0;
  testing::QuadraticDataModel model(data, 2.0);
  Eigen::MatrixXd draws(2, 6);
  draws << 0.0, 0.3, -0.2, 1.5, 0.1, 0.2, 0.1, -0.1, 0.4, 0.3, 2.0, 0.2;
  const std::vector<Index> cycles{0, 0, 1, 1, 1, 3};  // cycle 2 has no draws
  const Vec log_lik = log_likelihoods(model, draws);
  std::vector<long double> direct(4, 0.0L);
  std::vector<int> counts(4, 0);
  for (Index j = 0; j < draws.cols(); ++j) {
    long double s_all = 0;  // sum_i U_i(x_j) = -log p(D | x_j)
    for (Index i = 0; i < data.cols(); ++i) s_all += 0.5L * (draws.col(j) - data.col(i)).squaredNorm();
    EXPECT_NEAR(log_lik[j], -static_cast<double>(s_all), 1e-12);
    direct[static_cast<std::size_t>(cycles[static_cast<std::size_t>(j)])] += std::exp(s_all);
    ++counts[static_cast<std::size_t>(cycles[static_cast<std::size_t>(j)])];
  }
  long double total = 0;
  for (std::size_t c = 0; c < 4; ++c) {
    if (counts[c] > 0) direct[c] = counts[c] / direct[c];  // 1 / mean_j (1 / p(D | x_j))
    total += direct[c];
  }
  const Vec log_w = cycle_log_weights(CycleWeighting::kHarmonic, cycles, 4, log_lik);
  for (std::size_t c = 0; c < 4; ++c) {
    EXPECT_NEAR(std::exp(log_w[static_cast<Index>(c)]), static_cast<double>(direct[c] / total), 1e-12)
        << "cycle " << c;
  }
  // The combined estimate is sum_c w_c xbar_c.
  Vec expected = Vec::Zero(2);
  expected += static_cast<double>(direct[0] / total) * draws.leftCols(2).rowwise().mean();
  expected += static_cast<double>(direct[1] / total) * draws.middleCols(2, 3).rowwise().mean();
  expected += static_cast<double>(direct[3] / total) * draws.col(5);
  EXPECT_LT((combined_mean(draws, cycles, log_w) - expected).norm(), 1e-12);
}

TEST(CycleWeights, EqualWeightsSkipEmptyCyclesAndLargeEnergiesStayFinite) {
  const std::vector<Index> cycles{0, 2, 2};
  const Vec log_w = cycle_log_weights(CycleWeighting::kEqual, cycles, 3, Vec());
  EXPECT_DOUBLE_EQ(std::exp(log_w[0]), 0.5);
  EXPECT_EQ(std::exp(log_w[1]), 0.0);
  EXPECT_DOUBLE_EQ(std::exp(log_w[2]), 0.5);
  // log p(D|x) of -1e5 would underflow exp(); log space keeps the weights.
  const Vec log_lik{{-1e5, -1e5 - 1.0, -1e5 - 1.0}};
  const Vec h = cycle_log_weights(CycleWeighting::kHarmonic, cycles, 3, log_lik);
  EXPECT_NEAR(h[0] - h[2], 1.0, 1e-9);
}

}  // namespace
}  // namespace sgmc
