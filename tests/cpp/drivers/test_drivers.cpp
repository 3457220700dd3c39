#include <gtest/gtest.h>

#include <atomic>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/driver.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

testing::QuadraticDataModel data_model() {
  Eigen::MatrixXd data = Eigen::MatrixXd::Random(4, 500);
  return testing::QuadraticDataModel(data, 10.0);
}

SampleResult run(const Model& model, SamplerKind kind, Index threads, Index chains = 6) {
  SamplerConfig config;
  config.kind = kind;
  config.schedule.step_size = 1e-4;
  config.batch_size = 50;
  config.mhbt.adaptive_beta = true;  // MHBT: extra evaluations between iterations
  const Vec x0 = Vec::Zero(model.dim());
  return sample(model, config, {300, 100, 2}, {chains, threads, 64, 99}, x0, nullptr);
}

TEST(Drivers, DrawsAreBitwiseIdenticalForAnyThreadCount) {
  const auto model = data_model();
  for (const auto kind :
       {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc, SamplerKind::kMhbt}) {
    const auto one = run(model, kind, 1);
    for (const Index threads : {2, 3, 0}) {
      const auto many = run(model, kind, threads);
      for (std::size_t c = 0; c < one.chains.size(); ++c) {
        testing::expect_same_draws(one.chains[c]->draws(), many.chains[c]->draws(),
                                   std::string(sampler_name(kind)) + " chain " + std::to_string(c) +
                                       " threads " + std::to_string(threads));
      }
    }
  }
}

TEST(Drivers, ChainsDifferFromEachOther) {
  const auto model = data_model();
  const auto r = run(model, SamplerKind::kSgld, 1, 2);
  EXPECT_NE(r.chains[0]->position(), r.chains[1]->position());
}

TEST(Drivers, ProgressReportsAndCancelKeepsDraws) {
  const auto model = data_model();
  SamplerConfig config;
  config.batch_size = 10;
  std::vector<Index> reports;
  auto progress = [&](Index done, Index total) {
    EXPECT_EQ(total, 1000);
    reports.push_back(done);
    return done < 300;  // stop after the round that reaches 300
  };
  auto result = sample(model, config, {1000, 0, 1}, {3, 2, 100, 1}, Vec::Zero(4), progress);
  EXPECT_TRUE(result.outcome.cancelled);
  EXPECT_EQ(result.outcome.steps_done, 300);
  EXPECT_EQ(reports, (std::vector<Index>{100, 200, 300}));
  for (const auto& chain : result.chains) EXPECT_EQ(chain->draws().size(), 300);
}

TEST(Drivers, ModelFailureStopsTheRunWithItsMessage) {
  testing::NanAtStepModel model(2, 1, 0);
  SamplerConfig config;
  config.schedule.step_size = 0.05;
  const Vec x0 = Vec::Zero(2);
  for (const Index threads : {1, 2}) {
    // Drift-free noise walks coordinate 0 of chain 1 past 0.5 quickly.
    const auto result = sample(model, config, {100000, 0, 1}, {3, threads, 1000, 5}, x0, nullptr);
    ASSERT_TRUE(result.outcome.fault);
    const ModelFault& e = *result.outcome.fault;
    EXPECT_EQ(e.kind(), ErrorKind::kNonFinite);
    EXPECT_EQ(e.chain(), 1);
    EXPECT_NE(std::string(e.what()).find("at chain 1, step"), std::string::npos) << e.what();
    // Chain 1 stopped before its faulty step with its draws so far; the
    // others finished the round.
    EXPECT_EQ(result.chains[1]->draws().size(), e.step() - 1);
    EXPECT_EQ(result.chains[0]->steps_done(), 1000);
  }
}

TEST(Drivers, RejectsStartOfWrongLength) {
  const auto model = data_model();
  SamplerConfig config;
  EXPECT_THROW(sample(model, config, {10, 0, 1}, {2, 1, 10, 1}, Vec::Zero(5), nullptr), Error);
}

}  // namespace
}  // namespace sgmc
