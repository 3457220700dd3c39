// The interacting contour samplers (SPEC §5): one chain is CSGLD with the
// linear field; the draws do not depend on the thread count; all chains
// share theta; on mix1d the pooled weighted mean is unbiased and theta
// reaches the linear field's fixed point theta_inf^(1/zeta); the pilot
// theta_0; errors.
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/interacting_contour.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/models/synthetic.hpp"
#include "support/error_message.hpp"
#include "support/energy_pdf.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

using testing::energy_pdf;
using testing::message_of;

SamplerConfig mix1d_config(SamplerKind kind) {
  SamplerConfig c;
  c.kind = kind;
  c.schedule.step_size = 0.1;
  c.contour.partition = {50, 2.0, 1.0};  // u1 above min U ≈ 1.43
  c.contour.zeta = 0.75;
  c.contour.field = RandomField::kLinear;
  return c;
}

SampleResult run(const SamplerConfig& sampler, Index chains, Index n_steps, Index threads,
                 std::uint64_t seed = 2024) {
  const auto target = make_synthetic_target("mix1d", {0.1, 0.1});
  return sample(*target, sampler, {n_steps, n_steps / 10, 1}, {chains, threads, 1000, seed},
                Vec::Zero(1), nullptr);
}

/// The pooled self-normalised mean of x over all chains (SPEC §5).
double pooled_mean(const SampleResult& result) {
  Index n = 0;
  for (const auto& chain : result.chains) n += chain->draws().size();
  Eigen::MatrixXd draws(1, n);
  Vec log_w(n);
  Index at = 0;
  for (const auto& chain : result.chains) {
    const Index size = chain->draws().size();
    draws.middleCols(at, size) = chain->draws().draws();
    log_w.segment(at, size) =
        chain->contour()->snapshot().log_weights(WeightKind::kInterpolated, WeightTheta::kFinal);
    at += size;
  }
  return weighted_moments(draws, log_w).mean[0];
}

TEST(Interacting, OneChainIsCsgldWithTheLinearField) {
  const auto icsgld = run(mix1d_config(SamplerKind::kIcsgld), 1, 3000, 1);
  const auto csgld = run(mix1d_config(SamplerKind::kCsgld), 1, 3000, 1);
  EXPECT_EQ(icsgld.chains[0]->draws().draws(), csgld.chains[0]->draws().draws());
  EXPECT_EQ(icsgld.chains[0]->contour()->theta().values(), csgld.chains[0]->contour()->theta().values());
}

TEST(Interacting, DrawsAndSharedThetaAreBitwiseIdenticalForAnyThreadCount) {
  for (const auto kind : {SamplerKind::kIcsgld, SamplerKind::kIcsghmc, SamplerKind::kPicsgld}) {
    SamplerConfig config = mix1d_config(kind);
    config.contour.theta_thin = 100;
    config.contour.pilot_steps = 500;
    const auto one = run(config, 5, 3000, 1);
    const auto two = run(config, 5, 3000, 2);
    for (std::size_t c = 0; c < one.chains.size(); ++c) {
      const auto& a = *one.chains[c];
      const auto& b = *two.chains[c];
      EXPECT_EQ(a.draws().draws(), b.draws().draws()) << sampler_name(kind) << " chain " << c;
      EXPECT_EQ(a.contour()->trace().indices(), b.contour()->trace().indices());
      EXPECT_EQ(a.contour()->trace().log_weights(WeightKind::kInterpolated),
                b.contour()->trace().log_weights(WeightKind::kInterpolated));
      EXPECT_EQ(a.contour()->trace().theta_trace(), b.contour()->trace().theta_trace());
      EXPECT_EQ(&a.contour()->theta(), &one.chains[0]->contour()->theta());  // one shared theta
    }
  }
}

TEST(Interacting, PooledWeightedMeanIsUnbiasedAndThetaReachesItsFixedPoint) {
  const auto target = make_synthetic_target("mix1d", {});
  const SamplerConfig config = mix1d_config(SamplerKind::kIcsgld);
  // Linear field: theta_* ∝ theta_inf^(1/zeta) (SPEC §4, ICSGLD B.1.3).
  const double power = 1 / config.contour.zeta;
  Vec fixed_point = energy_pdf(*target, config.contour.partition)
                        .unaryExpr([&](double t) { return std::pow(t, power); });
  fixed_point /= fixed_point.sum();
  constexpr Index kRepeats = 6;
  Vec means(kRepeats);
  Eigen::MatrixXd thetas(config.contour.partition.m, kRepeats);
  for (Index r = 0; r < kRepeats; ++r) {
    const auto result = run(config, 4, 50000, 0, 100 + static_cast<std::uint64_t>(r));
    means[r] = pooled_mean(result);
    thetas.col(r) = result.chains[0]->contour()->theta().values();
  }
  const double mean = means.mean();
  const double se = std::sqrt((means.array() - mean).square().sum() / (kRepeats - 1) / kRepeats);
  EXPECT_NEAR(mean, 0.0, 5 * se + 0.05);
  EXPECT_LT(se, 0.5);
  const Vec theta = thetas.rowwise().mean();
  const Vec theta_se = ((thetas.colwise() - theta).array().square().rowwise().sum() /
                        ((kRepeats - 1) * kRepeats)).sqrt();
  // O(du) at du = 1, then 5 standard errors. The linear field's bias in
  // the lowest subregion (U <= 2, holding both modes' cores) is about twice
  // the power field's 0.1: theta_inf^(1/zeta) steepens log theta between
  // the first knots, and the interpolated Psi there departs most from the
  // bin picture behind the fixed point (0.87 against 0.68 after 5e4 steps,
  // 0.84 after 4e5).
  for (Index i = 0; i < theta.size(); ++i) {
    EXPECT_NEAR(theta[i], fixed_point[i], 0.2 + 5 * theta_se[i]) << "bin " << i;
  }
}

TEST(Interacting, PilotThetaIsTheSmoothedIndexHistogramOfSgld) {
  const auto target = make_synthetic_target("mix1d", {0.1, 0.1});
  SamplerConfig config = mix1d_config(SamplerKind::kIcsgld);
  config.contour.pilot_steps = 2000;
  LocalExchange local;
  const auto theta = pilot_theta(*target, config, {3, 0, 1000, 5}, Vec::Zero(1), local);
  ASSERT_EQ(static_cast<Index>(theta.size()), config.contour.partition.m);
  double sum = 0;
  for (const double t : theta) {
    EXPECT_GE(t, 1e-4 / (1 + 1e-4 * 50) * (1 - 1e-12));
    sum += t;
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // SGLD from 0 falls into the mode at 4 (U ≈ 1.9 at its centre): the
  // lowest subregions hold most of the states.
  EXPECT_GT(theta[0] + theta[1] + theta[2] + theta[3], 0.8);
}

TEST(Interacting, PilotWithoutAStepSizeWarmsUpInItsFirstHalf) {
  // No step size (issue #31): the SGLD pilot chooses its own in its first
  // half and counts the second half's energies; a pilot too short for that
  // is refused by name (it was refused as 'burn_in' = 0).
  const auto target = make_synthetic_target("mix1d", {0.1, 0.1});
  SamplerConfig config = mix1d_config(SamplerKind::kIcsgld);
  config.warm_up.automatic = true;
  config.contour.pilot_steps = 2000;
  LocalExchange local;
  const auto theta = pilot_theta(*target, config, {3, 0, 1000, 5}, Vec::Zero(1), local);
  EXPECT_GT(theta[0] + theta[1] + theta[2] + theta[3], 0.8);
  config.contour.pilot_steps = 150;
  EXPECT_NE(message_of([&] { pilot_theta(*target, config, {3, 0, 1000, 5}, Vec::Zero(1), local); })
                .find("'contour_pilot_steps' = 150"),
            std::string::npos);
}

TEST(Interacting, BadSettingsAndNonFiniteEnergiesAreErrors) {
  SamplerConfig config = mix1d_config(SamplerKind::kIcsgld);
  config.contour.pilot_steps = -1;
  EXPECT_NE(message_of([&] { config.validate(); }).find("contour_pilot_steps"), std::string::npos);
  config.kind = SamplerKind::kCsgld;
  config.contour.pilot_steps = 10;
  EXPECT_NE(message_of([&] { config.validate(); }).find("icsgld"), std::string::npos);
  config = mix1d_config(SamplerKind::kIcsgld);
  // A lone chain has no theta to share.
  EXPECT_NE(message_of([&] { Chain(config, {10, 0, 1}, 1, 0, Vec::Zero(1), {1, 0}); })
                .find("shared"),
            std::string::npos);
  testing::NanAtStepModel model(1, 2, 0);
  config.schedule.step_size = 0.05;
  config.contour.partition.u1 = 0.0;
  const auto result = sample(model, config, {100000, 0, 1}, {3, 2, 1000, 9}, Vec::Zero(1), nullptr);
  ASSERT_TRUE(result.outcome.fault);
  EXPECT_EQ(result.outcome.fault->kind(), ErrorKind::kNonFinite);
  const std::string message = result.outcome.fault->what();
  EXPECT_NE(message.find("chain 2, step"), std::string::npos) << message;
  // Every chain stopped before the faulty iteration, with its draws.
  for (const auto& chain : result.chains) {
    EXPECT_EQ(chain->steps_done(), result.outcome.fault->step() - 1);
  }
}

}  // namespace
}  // namespace sgmc
