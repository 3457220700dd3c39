// The verdict of a run (docs/verdict.md, lib/sgmc/verdict/): each check on
// a run built to pass it and one built to fail it, far from its limit, so
// that the outcome does not depend on the vector width of the build.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sgmc/config/options.hpp"
#include "sgmc/diagnostics/convergence.hpp"
#include "sgmc/diagnostics/stein_moments.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/random/normal.hpp"
#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/run_verdict.hpp"
#include "sgmc/verdict/mixing.hpp"
#include "sgmc/verdict/stationarity.hpp"
#include "sgmc/verdict/step_bias.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

const Check& find(const Verdict& verdict, const std::string& name) {
  for (const Check& check : verdict.checks) {
    if (check.name == name) return check;
  }
  throw std::runtime_error("no check " + name);
}

Verdict verdict_of(const Model& model, const Options& o, ConstVecRef x0) {
  const auto run = sample(model, o, x0, nullptr);
  return run_verdict(recorded_run(run.chains, run.swaps));
}

Options options(const std::string& sampler, Index n_steps, double step) {
  Options o;
  o.set("sampler", sampler);
  o.set("n_steps", n_steps);
  o.set("burn_in", n_steps / 5);
  o.set("n_chains", Index{4});
  o.set("seed", Index{3});
  o.set("threads", Index{1});
  if (step > 0) o.set("step_size", step);
  return o;
}

TEST(SteinMoments, RatioIsTheVarianceInflationWithinItsError) {
  // x ~ N(0, s2 * inflation), grad U = x / s2 + noise: c = inflation, the
  // standard error of 20 000 independent draws about sqrt(2 / 20000) c.
  NormalSource normal(Rng::stream(4, 0, StreamPurpose::kMoves));
  const double s2 = 4.0;
  for (const double inflation : {1.0, 1.5}) {
    SteinMoments moments(1, 20000);
    Vec x(1), g(1);
    for (Index j = 0; j < 20000; ++j) {
      x[0] = std::sqrt(s2 * inflation) * normal.next();
      g[0] = x[0] / s2 + 0.5 * normal.next();
      moments.add(x, g, 0.0);
    }
    const SteinRatios r = moments.ratios(1.0);
    EXPECT_NEAR(r.ratio[0], inflation, 4.0 * std::sqrt(2.0 / 20000.0) * inflation);
    EXPECT_NEAR(r.se[0], std::sqrt(2.0 / 20000.0) * inflation, 0.5 * std::sqrt(2.0 / 20000.0) * inflation);
  }
}

TEST(SteinMoments, WeightedDrawsJudgeTheTargetTheirWeightsEstimate) {
  // Draws of N(0, s2 q) weighted by pi / q for pi = N(0, s2): the weighted
  // ratio is pi's, 1, while the unweighted one is q's inflation; and the
  // weighted ratio's standard error is its spread over 40 replications.
  // Log-weights far from 0 (a contour sampler's reach hundreds) change
  // nothing.
  NormalSource normal(Rng::stream(5, 0, StreamPurpose::kMoves));
  const double s2 = 4.0, q = 1.5;
  constexpr int kReplications = 40;
  Vec ratios(kReplications), errors(kReplications);
  Vec x(1), g(1);
  for (int r = 0; r < kReplications; ++r) {
    SteinMoments weighted(1, 10000), plain(1, 10000);
    for (Index j = 0; j < 10000; ++j) {
      x[0] = std::sqrt(s2 * q) * normal.next();
      g[0] = x[0] / s2;
      const double log_w = -0.5 * x[0] * x[0] / s2 * (1.0 - 1.0 / q) + 700.0;  // log pi/q + c
      weighted.add(x, g, log_w);
      plain.add(x, g, 0.0);
    }
    const SteinRatios w = weighted.ratios(1.0), p = plain.ratios(1.0);
    EXPECT_NEAR(p.ratio[0], q, 4.0 * p.se[0]);
    EXPECT_NEAR(w.shift[0], 0.0, 4.0 * w.shift_se[0]);
    ratios[r] = w.ratio[0];
    errors[r] = w.se[0];
  }
  const double mean = ratios.mean();
  const double spread = std::sqrt((ratios.array() - mean).square().sum() / (kReplications - 1));
  EXPECT_NEAR(mean, 1.0, 4.0 * spread / std::sqrt(double{kReplications}));
  // The batch-means error over 20 blocks is itself uncertain by about
  // 1 / sqrt(2 * 19) = 16%, and the spread over 40 replications by 11%.
  EXPECT_NEAR(errors.mean() / spread, 1.0, 0.35);
}

TEST(RhatLimit, IsTheNoiseOfStationaryChainsAtTheirEss) {
  // 500 runs of 4 stationary AR(1) chains (phi 0.8, 1000 draws each: a
  // bulk ESS near 440, just above the 400 ess_bulk accepts). R-hat passes
  // 1.01 in 147 of them by noise alone; its limit at the run's ESS, meant
  // to be passed in 1% (0.01 / coordinates, here 1), in 1.
  NormalSource normal(Rng::stream(7, 0, StreamPurpose::kMoves));
  constexpr int kRuns = 500;
  constexpr double kPhi = 0.8;
  int above_fixed = 0, above_limit = 0;
  for (int r = 0; r < kRuns; ++r) {
    std::vector<Eigen::MatrixXd> chains(4, Eigen::MatrixXd(1, 1000));
    for (auto& chain : chains) {
      double x = normal.next();  // the stationary law of AR(1) scaled to unit variance
      for (Index j = 0; j < chain.cols(); ++j) {
        x = kPhi * x + std::sqrt(1.0 - kPhi * kPhi) * normal.next();
        chain(0, j) = x;
      }
    }
    const std::vector<Eigen::Ref<const Eigen::MatrixXd>> refs(chains.begin(), chains.end());
    const double rhat = convergence_per_coordinate(refs, ConvergenceStat::kRhat)[0];
    const double ess = convergence_per_coordinate(refs, ConvergenceStat::kEssBulk)[0];
    above_fixed += rhat > kRhatLimit;
    above_limit += rhat > rhat_limit(ess, 4, 1);
  }
  EXPECT_GT(above_fixed, kRuns / 10);
  EXPECT_LE(above_limit, 3 * kRuns / 100);  // 1% expected: 5 of 500, sd 2.2
}

TEST(Verdict, TrustsSgldWithASmallStepOnAGaussian) {
  // Curvatures 1 and 4: step 0.01 inflates the variance by 1 / (1 - 0.02).
  const GaussianModel model(Vec::Zero(2), Vec{{1.0, 0.25}}.asDiagonal().toDenseMatrix());
  const Verdict v = verdict_of(model, options("sgld", 60000, 0.01), Vec::Zero(2));
  EXPECT_TRUE(v.trusted()) << v.reasons();
  EXPECT_LE(find(v, "rhat").value, 1.01);
  EXPECT_GE(find(v, "ess_bulk").value, 400.0);
}

TEST(Verdict, TrustsSgldSamplingATemperedTarget) {
  // temperature 2 on every chain: the chains that make the estimates are
  // those at chain 0's temperature, not those at 1 (which once left R-hat
  // and ESS without draws, "too few draws", on every tempered run).
  const GaussianModel model(Vec::Zero(2), Vec{{1.0, 0.25}}.asDiagonal().toDenseMatrix());
  Options o = options("sgld", 60000, 0.01);
  o.set("temperature", 2.0);
  const Verdict v = verdict_of(model, o, Vec::Zero(2));
  EXPECT_TRUE(v.trusted()) << v.reasons();
  EXPECT_GE(find(v, "ess_bulk").value, 400.0);
}

TEST(Verdict, FlagsSgldWhoseStepInflatesTheVariance) {
  // Curvature 4, step 0.4: eps lambda / 2 = 0.8, variance inflated fivefold
  // in that direction; everything else about the run is fine.
  const GaussianModel model(Vec::Zero(2), Vec{{1.0, 0.25}}.asDiagonal().toDenseMatrix());
  const Verdict v = verdict_of(model, options("sgld", 60000, 0.4), Vec::Zero(2));
  EXPECT_FALSE(v.trusted());
  const Check& bias = find(v, "step_bias");
  EXPECT_FALSE(bias.passed());
  EXPECT_GT(bias.value, 2.0);  // c = 5 in that coordinate
  EXPECT_NE(bias.where.find("coordinate 1"), std::string::npos) << bias.where;
  EXPECT_NE(v.reasons().find("step_bias = "), std::string::npos);
}

TEST(Verdict, StepBiasJudgesACsgldRunByItsWeightedDraws) {
  // CSGLD's draws, weighted, estimate pi; Stein's identity is judged on
  // them (docs/verdict.md). Curvatures 1 and 4, the automatic partition:
  // with a step of 0.05 the weighted sds are 0.993 and 0.502 (true 1 and
  // 0.5), with 0.45 they are 1.107 and 2.249. (Its flattened target's
  // identity read 11.4 at a step of 0.25, where the weighted sds are 0.991
  // and 0.509: the flattened kernel's error, not the estimates'.)
  const GaussianModel model(Vec::Zero(2), Vec{{1.0, 0.25}}.asDiagonal().toDenseMatrix());
  const Check small = find(verdict_of(model, options("csgld", 60000, 0.05), Vec::Zero(2)), "step_bias");
  EXPECT_TRUE(small.passed()) << small.value << " " << small.where;
  const Check large = find(verdict_of(model, options("csgld", 60000, 0.45), Vec::Zero(2)), "step_bias");
  EXPECT_FALSE(large.passed());
  EXPECT_GT(large.value, 1.0) << large.where;
  EXPECT_NE(large.where.find("coordinate 1"), std::string::npos) << large.where;
}

/// A chain of dimension 1 whose Stein ratio and shift read `ratio` and
/// `shift`, each with standard error `se`, at temperature `tau`.
RecordedChain stein_chain(double ratio, double shift, double se, double tau) {
  RecordedChain chain{DrawStore(1, 1), tau, 0, 0, 0.0, 0.0, 0.0, NAN, {}, {}, {}, {}};
  chain.stein = SteinRatios{Vec::Constant(1, ratio), Vec::Constant(1, se), Vec::Constant(1, shift), Vec::Constant(1, se)};
  return chain;
}

TEST(Verdict, StepBiasJudgesTheChainsWhoseDrawsMakeTheEstimates) {
  // A reSGLD ladder: the hottest replica's variance 40% too large (its
  // draws only feed the swaps) and the target replica exact: trusted, and
  // the bound's q is that of the one chain judged (2.576 for one
  // coordinate). The target replica 40% too large fails.
  RecordedRun run;
  run.add(stein_chain(1.05, 0.0, 0.01, 1.0));
  run.add(stein_chain(1.4, 0.3, 0.01, 3.0));
  const auto checks = step_bias_checks(run);
  ASSERT_EQ(checks.size(), 2u);
  EXPECT_NEAR(checks[0].value, 0.05 - 2.5758 * 0.01, 1e-4);
  EXPECT_EQ(checks[0].where, "chain 0, coordinate 0 (0.05 +- 0.01)");
  EXPECT_TRUE(checks[1].passed());
  RecordedRun hot_target;
  hot_target.add(stein_chain(1.4, 0.0, 0.01, 1.0));
  hot_target.add(stein_chain(1.0, 0.0, 0.01, 3.0));
  EXPECT_FALSE(step_bias_checks(hot_target)[0].passed());
}

TEST(Verdict, StepBiasReadsAContourChainInItsPreconditionedCoordinates) {
  // ICSGLD with nothing set on a Gaussian of correlation 0.95: the warm-up
  // learns a dense preconditioner, and the check pairs each draw's y with
  // L' times its raw gradient (PreconditionStage maps it on recorded draws).
  // Paired with the gradient in x instead, coordinate 0's ratio is
  // Cov(y_0, d_0 U) / tau, far from 1 for this L.
  Eigen::Matrix2d cov;
  cov << 1.0, 0.95, 0.95, 1.0;
  const GaussianModel model(Vec::Zero(2), cov);
  const Verdict v = verdict_of(model, options("icsgld", 40000, 0.0), Vec::Zero(2));
  const Check& bias = find(v, "step_bias");
  EXPECT_TRUE(bias.passed()) << bias.value << " " << bias.where;
  EXPECT_TRUE(find(v, "mean_bias").passed());
}

TEST(Verdict, FlagsChainsStartedApartThatHaveNotMet) {
  // A tiny step from starts 100 sds apart: the chains have not mixed.
  const GaussianModel model(Vec::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  Options o = options("sgld", 2000, 1e-5);
  o.set("n_chains", Index{2});
  Eigen::MatrixXd x0(1, 2);
  x0 << -100.0, 100.0;
  const auto apart = sample(model, o, x0.reshaped(), nullptr);
  const Verdict v = run_verdict(recorded_run(apart.chains, apart.swaps));
  EXPECT_FALSE(find(v, "rhat").passed());
  EXPECT_FALSE(find(v, "ess_bulk").passed());
}

TEST(Verdict, EnergyDriftSeesATrendAndNotNoise) {
  NormalSource normal(Rng::stream(6, 0, StreamPurpose::kMoves));
  Vec flat(4000), falling(4000);
  for (Index k = 0; k < 4000; ++k) {
    flat[k] = normal.next();
    falling[k] = normal.next() + 3.0 * std::exp(-static_cast<double>(k) / 1000.0);
  }
  EXPECT_LT(energy_drift(flat), 4.0);
  EXPECT_GT(energy_drift(falling), 10.0);
  EXPECT_TRUE(std::isnan(energy_drift(Vec::Ones(4000))));
}

TEST(Verdict, FlagsMhbtThatAcceptsNothing) {
  // A random walk 1e4 sds wide: nothing is accepted, the draws are x0.
  const testing::QuadraticDataModel model(Eigen::MatrixXd::Zero(2, 50), 1.0);
  Options o = options("mhbt", 2000, 1e-3);
  o.set("proposal", std::string("random_walk"));
  o.set("rw_scale", 1e4);
  const Verdict v = verdict_of(model, o, Vec::Zero(2));
  EXPECT_FALSE(v.trusted());
  EXPECT_FALSE(find(v, "mhbt_acceptance").passed());
  EXPECT_LT(find(v, "mhbt_acceptance").value, 0.01);
  EXPECT_TRUE(std::isnan(find(v, "rhat").value));  // constant draws
}

TEST(Verdict, FlagsAReplicaLadderThatNeverSwaps) {
  // Temperatures 1 .. 1e6 over 2 replicas of a 20-dimensional Gaussian:
  // the energies are ~10 and ~1e7 apart, no swap is ever accepted.
  const GaussianModel model(Vec::Zero(20), Eigen::MatrixXd::Identity(20, 20));
  Options o = options("resgld", 4000, 1e-3);
  o.set("n_chains", Index{2});
  o.set("temperature_max", 1e6);
  const Verdict v = verdict_of(model, o, Vec::Zero(20));
  const Check& swaps = find(v, "swap_acceptance");
  EXPECT_FALSE(swaps.passed());
  EXPECT_EQ(swaps.where, "replicas 0 and 1");
}

TEST(Verdict, ChecksDependOnTheSampler) {
  const GaussianModel model(Vec::Zero(1), Eigen::MatrixXd::Identity(1, 1));
  const auto names = [&](const std::string& sampler) {
    Options o = options(sampler, 400, 1e-2);
    if (sampler == "mhbt") {
      const testing::QuadraticDataModel data(Eigen::MatrixXd::Zero(1, 50), 1.0);
      std::string out;
      for (const Check& c : verdict_of(data, o, Vec::Zero(1)).checks) out += c.name + " ";
      return out;
    }
    if (sampler == "csgld") {
      o.set("contour_u1", 0.0);
      o.set("contour_du", 1.0);
      o.set("contour_m", Index{5});
    }
    std::string out;
    for (const Check& c : verdict_of(model, o, Vec::Zero(1)).checks) out += c.name + " ";
    return out;
  };
  EXPECT_EQ(names("sgld"), "rhat ess_bulk ess_tail energy_drift step_bias mean_bias fault_share ");
  EXPECT_EQ(names("mhbt"), "rhat ess_bulk ess_tail energy_drift mhbt_acceptance fault_share ");
  const std::string contour = names("csgld");
  EXPECT_NE(contour.substr(0, 5), "rhat ");  // weighted estimates only
  EXPECT_NE(contour.find("contour_theta_max "), std::string::npos);
  EXPECT_NE(contour.find("step_bias mean_bias "), std::string::npos);  // of the flattened target
  EXPECT_NE(contour.find("fault_share"), std::string::npos);
}

}  // namespace
}  // namespace sgmc
