// reSGLD's automatic ladder (docs/warm_up.md, "The reSGLD ladder"): the swap
// rate law against its closed forms, the measurement of the energies, and
// runs with neither step_size nor temperature_max set: on a Gaussian of
// known dimension the neighbours swap at the target rate, and on a two-mode
// target the tau = 1 replica visits both modes.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sgmc/config/options.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/synthetic.hpp"
#include "sgmc/random/normal.hpp"
#include "sgmc/samplers/swap_ladder.hpp"

namespace sgmc {
namespace {

double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

TEST(AutoLadder, RateIsTheIncompleteBetaLawWithoutNoise) {
  // C = 1: I_x(1, 1) = x, so the rate is 2 / (1 + q) and the target's q is
  // 2 / 0.23 - 1 = 7.696 (Predescu et al. 2004).
  const LadderModel model{1.0, 0.0, 0.0, 1.0};
  for (const double q : {1.5, 3.0, 10.0}) {
    EXPECT_NEAR(ladder_swap_rate(model, 2.0, q), 2.0 / (1.0 + q), 1e-9);
  }
  EXPECT_NEAR(ladder_ratio(model, 1.0, 1e3), 2.0 / kLadderSwapTarget - 1.0, 1e-6);
  // C = 1/2: I_x(1/2, 1/2) = (2/pi) asin(sqrt x).
  const LadderModel half{0.5, 0.0, 0.0, 1.0};
  EXPECT_NEAR(ladder_swap_rate(half, 1.0, 4.0), 4.0 / M_PI * std::asin(std::sqrt(0.2)), 1e-9);
  // The cap: C = 1/2 would ask for q = 30.
  EXPECT_EQ(ladder_ratio(half, 1.0, 10.0), 10.0);
  EXPECT_EQ(ladder_ratio(LadderModel{0.0, 0.0, 0.0, 1.0}, 1.0, 10.0), 10.0);
}

TEST(AutoLadder, NoiseAndTheSwapCorrectionEnterAsAGaussian) {
  // Energies that hardly spread, noise s2 = 4 corrected with F = 1: the log
  // ratio is N(-dbeta^2 s2, 2 dbeta^2 s2), of rate 2 Phi(-dbeta sqrt(s2 / 2)).
  const double tau = 1.0, q = 1.2, dbeta = (1.0 - 1.0 / q) / tau;
  const LadderModel noisy{1e-9, 4.0, 4.0, 1.0};
  EXPECT_NEAR(ladder_swap_rate(noisy, tau, q), 2.0 * phi(-dbeta * std::sqrt(2.0)), 1e-6);
  // F = 2 subtracts half the variance: mean -dbeta^2 s2 / 2, variance 2 dbeta^2 s2.
  const LadderModel lenient{1e-9, 4.0, 4.0, 2.0};
  const double mu = -dbeta * dbeta * 2.0, s = dbeta * std::sqrt(8.0);
  EXPECT_NEAR(ladder_swap_rate(lenient, tau, q),
              phi(mu / s) + std::exp(mu + s * s / 2) * phi(-mu / s - s), 1e-6);
  EXPECT_GT(ladder_swap_rate(lenient, tau, q), ladder_swap_rate(noisy, tau, q));
  // Noise lowers the rate, so the chosen ratio.
  const LadderModel gauss{5.0, 0.0, 0.0, 1.0};
  const LadderModel gauss_noisy{5.0, 4.0, 4.0, 1.0};
  EXPECT_LT(ladder_ratio(gauss_noisy, 1.0, 100.0), ladder_ratio(gauss, 1.0, 100.0));
}

TEST(AutoLadder, MeasureSeparatesNoiseFromDrift) {
  // Two replicas: one of independent noise of variance 4 (lag differences
  // 2 s2 at every lag: s2 = 4), one a random walk of unit steps (V_j = j:
  // s2 = 0), each with its own offset.
  NormalSource normal(Rng::stream(3, 0, StreamPurpose::kMoves));
  LadderMeasure measure(2);
  double walk = 0.0;
  const Index n = 200000;
  for (Index k = 0; k < n; ++k) {
    const double e = 2.0 * normal.next();
    walk += normal.next();
    const double energies[] = {1e6 + e, -50.0 + walk};
    measure.add(energies);
  }
  // Lag-1 squares: 2 * 4 for the noise and 1 for the walk, over 2 replicas.
  EXPECT_NEAR(measure.successive_variance(), (8.0 + 1.0) / 4.0, 0.05);
  EXPECT_NEAR(measure.noise_variance(), 4.0 / 2.0, 0.1);  // averaged over the two
  EXPECT_GT(measure.energy_variance(), 0.0);
}

Options ladder_run(Index n_chains, Index n_steps) {
  Options o;
  o.set("sampler", std::string("resgld"));
  o.set("n_steps", n_steps);
  o.set("n_chains", n_chains);
  o.set("seed", Index{11});
  return o;
}

double rate(const SampleResult& run, std::size_t pair) {
  return static_cast<double>(run.swaps.accepts[pair]) / static_cast<double>(run.swaps.attempts[pair]);
}

TEST(AutoLadder, NeighboursSwapAtTheTargetOnAGaussianOfKnownDimension) {
  // d = 10, scales 1 to 3: C = d/2 = 5 at every temperature, 5.5 with the
  // variances SGLD's step inflates by 1/(1 - eps/2) (eps = 0.1 here), so
  // q = 2.12 (the law) and a span of about 9.6 over 4 replicas. What moves
  // a pair's rate: the rate of ~15,000 correlated attempts (sd about 0.01);
  // the measured C (var+ over 2,500 iterations of 4 replicas, a few
  // percent, about 0.01 on the rate); and the last quarter of the warm-up,
  // whose attempts count while the hotter replicas relax to their new
  // temperatures (a little up). Over seeds 1 to 30 each pair's rate had a
  // mean of 0.235 to 0.244 and an sd of 0.02 (0.196 to 0.291), the span 8.2
  // to 11.8: the band is 0.07, 3.5 sd, around the target.
  const Index d = 10;
  const Vec scales = Vec::LinSpaced(d, 1.0, 3.0);
  const GaussianModel model(Vec::Zero(d), scales.array().square().matrix().asDiagonal().toDenseMatrix());
  const auto run = sample(model, ladder_run(4, 20000), Vec::Constant(d, 3.0), nullptr);
  ASSERT_FALSE(run.outcome.fault);
  const double tau_max = run.chains.back()->config().temperature;
  EXPECT_GT(tau_max, 7.0);
  EXPECT_LT(tau_max, 14.0);
  for (std::size_t pair = 0; pair < 3; ++pair) EXPECT_NEAR(rate(run, pair), kLadderSwapTarget, 0.07) << pair;
}

TEST(AutoLadder, TheLowestReplicaVisitsBothModesOfATwoModeTarget) {
  // mix1d, 0.4 N(-6, 1) + 0.6 N(4, 1): a barrier of about 12 tau_1 between
  // modes 10 apart, which SGLD at tau = 1 does not cross in this run. C = 1/2
  // within a mode asks for q = 30 a rung: the cap holds the span at 100
  // (q = 4.64; rates 0.51 to 0.64 over seeds 1 to 6). Every chain starts in
  // the left mode; the lowest replica's share of draws there is 0.4 within
  // 0.1 (0.37 to 0.42 over seeds 1 to 6).
  const auto model = make_synthetic_target("mix1d", {});
  const auto run = sample(*model, ladder_run(4, 20000), Vec::Constant(1, -6.0), nullptr);
  ASSERT_FALSE(run.outcome.fault);
  EXPECT_EQ(run.chains.back()->config().temperature, kLadderMaxSpan);
  for (std::size_t pair = 0; pair < 3; ++pair) EXPECT_GT(rate(run, pair), 0.3) << pair;
  const Vec x = run.chains.front()->draws().draws().row(0).transpose();
  const double left = static_cast<double>((x.array() < -1.0).count()) / static_cast<double>(x.size());
  EXPECT_NEAR(left, 0.4, 0.1);
}

}  // namespace
}  // namespace sgmc
