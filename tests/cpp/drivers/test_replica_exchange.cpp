// reSGLD (SPEC §6): the swap rule against its formula, the ladder, swap
// frequencies, the target of the lowest replica, determinism across thread
// counts and the errors of bad settings.
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/core/error.hpp"
#include "support/error_message.hpp"
#include "sgmc/drivers/replica_exchange.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/monte_carlo.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

using testing::message_of;

SamplerConfig resgld(double tau_max, double eps = 1e-2) {
  SamplerConfig c;
  c.kind = SamplerKind::kResgld;
  c.schedule.step_size = eps;
  c.resgld.temperature_max = tau_max;
  return c;
}

/// U = 0 everywhere: every pair has equal energies, so S = exp(-dbeta^2 sigma2 / F).
class FlatModel final : public Model {
 public:
  Index dim() const override { return 1; }
  Index data_size() const override { return 0; }
  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    out.prior_energy = 0.0;
    if (request.want_gradient) out.prior_grad.setZero();
  }
};

TEST(SwapRule, LogRatioIsTheFormula) {
  // S = exp[(1/tau_l - 1/tau_h)(U_l - U_h - (1/tau_l - 1/tau_h) sigma2 / F)]
  const double tau_l = 0.5, tau_h = 4.0, u_l = 12.0, u_h = 9.5, sigma2 = 3.0, f = 2.0;
  const double dbeta = 2.0 - 0.25;
  EXPECT_DOUBLE_EQ(swap_log_ratio(tau_l, tau_h, u_l, u_h, sigma2, f),
                   dbeta * (2.5 - dbeta * 1.5));
  EXPECT_DOUBLE_EQ(swap_log_ratio(1.0, 2.0, 1.0, 3.0, 0.0, 1.0), 0.5 * -2.0);
}

TEST(SwapRule, SuccessiveDifferenceVarianceSkipsRestarts) {
  NoiseVariance v;
  EXPECT_EQ(v.variance(), 0.0);
  for (const double u : {1.0, 3.0, 2.0}) v.add(u);  // differences 2, -1
  EXPECT_DOUBLE_EQ(v.variance(), (4.0 + 1.0) / 4.0);
  v.restart();
  v.add(10.0);  // no difference across the restart
  v.add(11.0);
  EXPECT_DOUBLE_EQ(v.variance(), (4.0 + 1.0 + 1.0) / 6.0);
}

TEST(ReplicaExchange, LadderIsGeometricWithExactEnds) {
  SamplerConfig c = resgld(8.0, 1e-3);
  c.resgld.step_size_max = 8e-3;
  c.temperature = 1.0;
  const double taus[] = {1.0, 2.0, 4.0, 8.0};
  for (Index r = 0; r < 4; ++r) {
    const auto rc = replica_config(c, r, 4);
    EXPECT_EQ(rc.kind, SamplerKind::kSgld);
    EXPECT_NEAR(rc.temperature, taus[r], 1e-12);
    EXPECT_NEAR(rc.schedule.step_size, 1e-3 * taus[r], 1e-15);
  }
  EXPECT_EQ(replica_config(c, 3, 4).temperature, 8.0);
  c.resgld.step_size_max = 0.0;  // 0: every replica at step_size
  EXPECT_EQ(replica_config(c, 2, 4).schedule.step_size, 1e-3);
}

TEST(ReplicaExchange, SwapFrequencyMatchesTheRule) {
  FlatModel model;
  SamplerConfig c = resgld(2.0);
  c.resgld.variance_kind = SwapVariance::kFixed;
  c.resgld.variance = 1.0;
  c.resgld.correction = 1.5;
  c.resgld.swap_every = 2;
  const Index steps = 40000;
  const auto result = sample(model, c, {steps, 0, 1}, {2, 1, 10000, 3}, Vec::Zero(1), nullptr);
  ASSERT_EQ(result.swaps.attempts, std::vector<Index>{steps / 2});
  const double p = std::exp(swap_log_ratio(1.0, 2.0, 0.0, 0.0, 1.0, 1.5));
  const double rate = static_cast<double>(result.swaps.accepts[0]) / (steps / 2);
  EXPECT_NEAR(rate, p, 5 * std::sqrt(p * (1 - p) / (steps / 2)));
}

TEST(ReplicaExchange, SwapMovesPositionsWithTheirEvaluations) {
  // Replica 0 starts high on the quadratic, replica 1 at its minimum: the
  // first sweep swaps for sure (log S = 0.5 * 8 > 0), so the first draw of
  // replica 0 is replica 1's start, with its energy.
  Vec mean = Vec::Zero(1);
  GaussianModel model(mean, Eigen::MatrixXd::Identity(1, 1));
  SamplerConfig c = resgld(2.0);
  c.resgld.variance_kind = SwapVariance::kFixed;
  const Vec starts{{4.0, 0.0}};
  const auto result = sample(model, c, {1, 0, 1}, {2, 1, 10, 3}, starts, nullptr);
  EXPECT_EQ(result.swaps.accepts, std::vector<Index>{1});
  EXPECT_EQ(result.chains[0]->draws().draws()(0, 0), 0.0);
  EXPECT_EQ(result.chains[0]->draws().energies()[0], 0.0);
  EXPECT_EQ(result.chains[1]->draws().draws()(0, 0), 4.0);
  EXPECT_EQ(result.chains[1]->draws().energies()[0], 8.0);
}

TEST(ReplicaExchange, LowestReplicaSamplesTheTarget) {
  // A bimodal 1-d target would take long; a Gaussian N(1, 0.5) with exact
  // energies (sigma2 = 0 is then exact) and equal step sizes suffices to
  // check that swaps keep the lowest replica's distribution. SGLD's
  // stationary variance at step eps is v / (1 - eps / (2 v)).
  const Vec mean{{1.0}};
  GaussianModel model(mean, Eigen::MatrixXd::Constant(1, 1, 0.5));
  SamplerConfig c = resgld(5.0, 0.02);
  c.resgld.variance_kind = SwapVariance::kFixed;
  const auto result = sample(model, c, {400000, 1000, 4}, {3, 0, 100000, 8}, mean, nullptr);
  EXPECT_GT(result.swaps.accepts[0], result.swaps.attempts[0] / 10);
  const Eigen::VectorXd x = result.chains[0]->draws().draws().row(0).transpose();
  const auto m = testing::batch_means({x});
  EXPECT_NEAR(m.mean, 1.0, 5 * m.se);
  const auto v = testing::batch_means({((x.array() - 1.0).square()).matrix()});
  EXPECT_NEAR(v.mean, 0.5 / (1.0 - 0.02 / 1.0), 5 * v.se);
}

TEST(ReplicaExchange, DrawsAreBitwiseIdenticalForAnyThreadCount) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(3, 400), 10.0);
  SamplerConfig c = resgld(10.0, 1e-4);
  c.batch_size = 20;
  c.resgld.step_size_max = 1e-3;
  c.resgld.correction = 3.0;
  c.temperature = 0.5;
  auto run = [&](Index threads) {
    return sample(model, c, {500, 100, 2}, {4, threads, 64, 99}, Vec::Zero(3), nullptr);
  };
  const auto one = run(1);
  EXPECT_GT(one.swaps.accepts[0] + one.swaps.accepts[1] + one.swaps.accepts[2], 0);
  for (const Index threads : {2, 3, 0}) {
    const auto many = run(threads);
    EXPECT_EQ(one.swaps.accepts, many.swaps.accepts);
    for (std::size_t r = 0; r < one.chains.size(); ++r) {
      testing::expect_same_draws(one.chains[r]->draws(), many.chains[r]->draws(),
                                 "replica " + std::to_string(r) + " threads " + std::to_string(threads));
    }
  }
}

TEST(ReplicaExchange, BadSettingsAreNamed) {
  FlatModel model;
  auto message = [&](const SamplerConfig& c, Index chains) {
    return message_of(
        [&] { sample(model, c, {10, 0, 1}, {chains, 1, 10, 1}, Vec::Zero(1), nullptr); });
  };
  EXPECT_NE(message(resgld(2.0), 1).find("'n_chains' = 1"), std::string::npos);
  EXPECT_NE(message(resgld(1.0), 2).find("'temperature_max' = 1"), std::string::npos);
  EXPECT_NE(message(resgld(0.5), 2).find("'temperature_max' = 0.5"), std::string::npos);
  SamplerConfig f = resgld(2.0);
  f.resgld.correction = 0.5;
  EXPECT_NE(message(f, 2).find("'swap_correction' = 0.5"), std::string::npos);
  SamplerConfig cold = resgld(2.0);
  cold.temperature = 0.0;
  EXPECT_NE(message(cold, 2).find("'temperature' = 0"), std::string::npos);
}

}  // namespace
}  // namespace sgmc
