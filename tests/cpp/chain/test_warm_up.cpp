// The automatic warm-up (docs/warm_up.md): the step it chooses on a target
// of known curvature, the answer it gives from a far start with nothing set
// but the sampler, and a checkpoint taken in the middle of it.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>

#include <cmath>
#include <string>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/chain/stages/warm_up_stage.hpp"
#include "sgmc/chain/step_rule.hpp"
#include "sgmc/chain/typical_set_search.hpp"
#include "sgmc/chain/window_moments.hpp"
#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/random/normal.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/run_verdict.hpp"
#include "support/monte_carlo.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

Options automatic(const std::string& sampler, Index n_steps) {
  Options o;
  o.set("sampler", sampler);
  o.set("n_steps", n_steps);
  o.set("n_chains", Index{4});
  o.set("seed", Index{5});
  return o;
}

/// y_ij = 3 + sin(i + 7 j): N = n data in d dimensions around 3.
Eigen::MatrixXd quadratic_points(Index d, Index n) {
  Eigen::MatrixXd y(d, n);
  for (Index i = 0; i < d; ++i) {
    for (Index j = 0; j < n; ++j) y(i, j) = 3.0 + std::sin(static_cast<double>(i + 7 * j));
  }
  return y;
}

/// QuadraticDataModel on those points, prior variance 4: an isotropic
/// Gaussian posterior of precision n + 1/4 and mean sum_j y_j / (n + 1/4).
testing::QuadraticDataModel quadratic_data(Index d, Index n) {
  return testing::QuadraticDataModel(quadratic_points(d, n), 4.0);
}

Vec quadratic_data_sum(Index d, Index n) { return quadratic_points(d, n).rowwise().sum(); }

TEST(WarmUp, TheSearchStopsWhereTheEnergysFallIsLostInItsNoise) {
  // Energies 1000 exp(-k/100) + N(0, 5^2): a block of 25 falls by about
  // 221 exp(-k/100), and the standard error of that fall is 5 sqrt(2/25) =
  // 1.41, so the rule (fall <= 2 se) stops near k = 100 ln(221/2.83) = 436;
  // a flat energy stops after the first two blocks.
  NormalSource normal(Rng::stream(8, 0, StreamPurpose::kMoves));
  const Vec x = Vec::Zero(2), g = Vec::Ones(2);
  TypicalSetSearch falling(2, 5000, 1.0);
  for (Index k = 1; !falling.done(); ++k) {
    falling.step(x, g, Vec(), 1000.0 * std::exp(-static_cast<double>(k) / 100.0) + 5.0 * normal.next());
    falling.end_iteration();
  }
  EXPECT_TRUE(falling.converged());
  EXPECT_GT(falling.steps(), 350);
  EXPECT_LT(falling.steps(), 550);
  TypicalSetSearch flat(2, 5000, 1.0);
  while (!flat.done()) {
    flat.step(x, g, Vec(), 5.0 * normal.next());
    flat.end_iteration();
  }
  EXPECT_TRUE(flat.converged());
  EXPECT_EQ(flat.steps(), 2 * TypicalSetSearch::kBlock);
}

TEST(WarmUp, TheRuleSeesCurvatureAndGradientNoise) {
  // SGLD on a 2-D Gaussian of curvatures (100, 1) whose gradient carries
  // noise of variance (1000, 0): the rule's step is 2 delta / max(lambda +
  // v) = 0.1 / 1100. A window's secants measure it from the moves alone;
  // the noise the move carried biases the curvature up (a smaller step, on
  // the safe side: about lambda + v/2, 564 here), and the choice stays
  // within a factor 2 below the rule (0.72 of it with this seed).
  const Vec lambda = Vec{{100.0, 1.0}}, noise_sd = Vec{{std::sqrt(1000.0), 0.0}};
  const double eps = 5e-5;
  NormalSource normal(Rng::stream(9, 0, StreamPurpose::kMoves));
  WindowMoments window(2, true);
  Vec y = Vec::Zero(2), g(2), y_prev(2), g_prev(2), w(2);
  for (int k = 0; k < 20000; ++k) {
    normal.fill(w.data(), 2);
    g = lambda.cwiseProduct(y) + noise_sd.cwiseProduct(w);
    if (k > 0) window.add(y - y_prev, g - g_prev);
    y_prev = y;
    g_prev = g;
    normal.fill(w.data(), 2);
    y += -eps * g + std::sqrt(2.0 * eps) * w;
  }
  const auto measured = measure_curvature(window, nullptr);
  ASSERT_TRUE(measured.has_value());
  const StepChoice choice = choose_step(*measured, StepRuleInput{});
  const double rule = 2.0 * kDefaultStepBias / 1100.0;
  EXPECT_LE(choice.step_size, 1.1 * rule);
  EXPECT_GE(choice.step_size, 0.5 * rule);
}

TEST(WarmUp, ChoosesTheRulesStepOnAGaussianOfKnownCurvature) {
  // H = diag(100, 1, 0.01), no gradient noise, no preconditioner: the rule
  // gives eps = 2 delta / lambda_max = 0.1 / 100. The secant estimate is
  // exact for a quadratic; the chosen step is within 20% of the rule's.
  const GaussianModel model(Vec::Zero(3), Vec{{0.01, 1.0, 100.0}}.asDiagonal().toDenseMatrix());
  Options o = automatic("sgld", 6000);
  o.set("precondition", std::string("none"));
  const auto run = sample(model, o, Vec::Constant(3, 10.0), nullptr);
  for (const auto& chain : run.chains) {
    const WarmUpReport& report = chain->warm_up()->report();
    EXPECT_TRUE(report.search_converged);
    EXPECT_NEAR(report.choice.curvature, 100.0, 20.0);
    EXPECT_NEAR(chain->config().schedule.step_size, 1e-3, 2e-4);
  }
}

/// Coordinate i of every chain's draws, a column each.
std::vector<Vec> series(const SampleResult& run, Index i, double centre, bool square) {
  std::vector<Vec> out;
  for (const auto& chain : run.chains) {
    const Vec x = chain->draws().draws().row(i).transpose();
    out.emplace_back(square ? Vec((x.array() - centre).square().matrix()) : x);
  }
  return out;
}

/// The log-scale s of n standard normals' scale, their sum of squares
/// putting its mode at `mode`: U(s) = n s + S exp(-2 s) / 2 with
/// S = n exp(2 mode), curvature 2 S exp(-2 s): 2n at the mode, and
/// exp(2 (mode - s)) times that below it.
class LogScaleModel final : public Model {
 public:
  LogScaleModel(double n, double mode) : n_(n), s_(n * std::exp(2.0 * mode)) {}
  Index dim() const override { return 1; }
  Index data_size() const override { return 0; }
  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    const double spread = s_ * std::exp(-2.0 * request.x[0]);
    out.prior_energy = n_ * request.x[0] + 0.5 * spread;
    if (request.want_gradient) out.prior_grad[0] = n_ - spread;
  }

 private:
  double n_;
  double s_;
};

/// The draws of `run` on LogScaleModel(n, mode): mean and variance within 4
/// Monte Carlo errors (the variance also within the rule's bias target).
/// S exp(-2 s) / 2 is Gamma(n/2, 1), so E[s] = mode + (log(n/2) -
/// digamma(n/2)) / 2 and Var[s] = trigamma(n/2) / 4, by their asymptotic
/// series (exact to 1e-8 at n/2 = 50).
void expect_log_scale_moments(const SampleResult& run, double n, double mode, const std::string& sampler) {
  const double a = n / 2.0;
  const double mean = mode + 0.5 * (1.0 / (2.0 * a) + 1.0 / (12.0 * a * a));
  const double var = 0.25 * (1.0 / a + 1.0 / (2.0 * a * a) + 1.0 / (6.0 * a * a * a));
  const auto m = testing::batch_means(series(run, 0, 0.0, false));
  const auto v = testing::batch_means(series(run, 0, mean, true));
  EXPECT_NEAR(m.mean, mean, 4 * m.se) << sampler;
  EXPECT_NEAR(v.mean / var, 1.0, 4 * v.se / var + kDefaultStepBias) << sampler;
}

TEST(WarmUp, AFirstStepFarTooSmallGrowsInShortWindows) {
  // From 15 units below the mode, where the curvature is e^30 times the
  // mode's: the search's smallest step is 1/lambda there, and the first
  // window's step 1e-13 of the rule's 2 delta / 2n = 5e-4. Tenfold a
  // window of the warm-up's (1/20 of it), SGLD's step was still 2.4e-6
  // when sampling started, and the draws had not reached the mode; short
  // windows while the growth is cut reach the rule's within a few hundred
  // iterations.
  const double n = 100.0, mode = 2.0;
  const LogScaleModel model(n, mode);
  const auto run = sample(model, automatic("sgld", 20000), Vec::Constant(1, mode - 15.0), nullptr);
  for (const auto& chain : run.chains) {
    EXPECT_GT(chain->config().schedule.step_size, 0.3 * 5e-4);
    EXPECT_LT(chain->config().schedule.step_size, 1.5 * 5e-4);
  }
  expect_log_scale_moments(run, n, mode, "sgld");
}

TEST(WarmUp, PsgldForgetsTheGradientsOfItsSearch) {
  // pSGLD's RMSprop V, a running mean with a = 0.999, would keep the
  // squared gradients of the search, which starts 8 units below the mode
  // where U's slope is n e^16, for thousands of iterations: its metric G
  // far smaller than the one the rule chose the step for (from the
  // window's mean gradient), the draws' mean read 0.58 for 2.005. Each
  // window's end sets V to that mean.
  const double n = 100.0, mode = 2.0;
  const LogScaleModel model(n, mode);
  const auto run = sample(model, automatic("psgld", 20000), Vec::Constant(1, mode - 8.0), nullptr);
  expect_log_scale_moments(run, n, mode, "psgld");
}

void expect_right_from_far(const std::string& sampler) {
  // Scales 1, 30 and 100 with correlation 0.95 (condition number ~4e5),
  // started 50 sds from the mean in the widest direction: nothing set but
  // the sampler and the budget. Means within 4 Monte Carlo standard errors;
  // variances within 4 se plus the rule's bias target (5%).
  const Vec sd = Vec{{1.0, 30.0, 100.0}};
  const Eigen::MatrixXd sigma = sd.asDiagonal() * ar1_covariance(3, 0.95, 1.0) * sd.asDiagonal();
  const Vec mean = Vec{{1.0, -20.0, 50.0}};
  const GaussianModel model(mean, sigma);
  Options o = automatic(sampler, 40000);
  o.set("thin", Index{4});
  const auto run = sample(model, o, Vec::Zero(3), nullptr);
  for (const auto& chain : run.chains) {
    // The dense metric (d = 3) learnt only after the search, in every window.
    const Preconditioner& metric = *chain->preconditioner();
    EXPECT_GT(metric.window_ends().front(), chain->warm_up()->report().search_steps);
    EXPECT_EQ(metric.windows_done(), std::ssize(metric.window_ends()));
    EXPECT_EQ(chain->warm_up()->report().windows, std::ssize(metric.window_ends()));
    // ... and whitens the posterior: Sigma in y, L^-1 Sigma L^-T, is within a
    // factor 10 of a multiple of the identity (Sigma's condition number ~4e5).
    const auto l = metric.factor().triangularView<Eigen::Lower>();
    const Eigen::MatrixXd half = l.solve(sigma);
    const Eigen::MatrixXd in_y = l.solve(half.transpose());
    const Vec eigen = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(in_y).eigenvalues();
    EXPECT_LT(eigen.maxCoeff() / eigen.minCoeff(), 10.0);
  }
  for (Index i = 0; i < 3; ++i) {
    const auto m = testing::batch_means(series(run, i, 0.0, false));
    const auto v = testing::batch_means(series(run, i, mean[i], true));
    EXPECT_NEAR(m.mean, mean[i], 4 * m.se) << sampler << " mean of coordinate " << i;
    EXPECT_NEAR(v.mean / sigma(i, i), 1.0, (4 * v.se) / sigma(i, i) + kDefaultStepBias)
        << sampler << " variance of coordinate " << i;
  }
}

TEST(WarmUp, SgldIsRightFromAFarStartWithNothingSet) { expect_right_from_far("sgld"); }
TEST(WarmUp, SghmcIsRightFromAFarStartWithNothingSet) { expect_right_from_far("sghmc"); }
TEST(WarmUp, PsgldIsRightFromAFarStartWithNothingSet) { expect_right_from_far("psgld"); }
TEST(WarmUp, CycsgldIsRightFromAFarStartWithNothingSet) { expect_right_from_far("cycsgld"); }

/// A chain checkpointed `at` evaluations into its warm-up (after the search)
/// from x0 = (start, ..., start) and resumed goes on exactly as the one that
/// was not.
void expect_checkpoint_in_warm_up_bit_for_bit(const Model& model, const std::string& sampler,
                                              double start = 5.0, int at = 400) {
  const Options o = automatic(sampler, 2000);
  const SamplerConfig config = sampler_config(o);
  const RecordPolicy record = record_policy(o);
  const Index dim = model.dim();
  const Vec x0 = Vec::Constant(dim, start);
  Chain a(config, record, dim, model.data_size(), x0, {5, 0});
  ASSERT_NE(a.warm_up(), nullptr);
  for (int k = 0; k < at; ++k) a.advance(model, nullptr);
  ASSERT_TRUE(a.warm_up()->report().search_steps > 0 && !a.warm_up()->finished());
  ByteWriter out;
  a.save(out);
  Chain b(config, record, dim, model.data_size(), x0, {5, 0});
  ByteReader in(out.bytes());
  b.load(in);
  while (a.steps_done() < record.n_steps) {
    a.advance(model, nullptr);
    b.advance(model, nullptr);
  }
  EXPECT_EQ(a.config().schedule.step_size, b.config().schedule.step_size) << sampler;
  EXPECT_EQ(a.config().mhbt.rw_scale, b.config().mhbt.rw_scale) << sampler;
  EXPECT_EQ(a.position(), b.position()) << sampler;
  EXPECT_EQ(a.draws().draws(), b.draws().draws()) << sampler;
}

/// The rule's fixed point for the true H and V mapped into a chain's y (x =
/// L y): eps = 2 delta / lambda_max(H_y + V_y / (tau eta)) with, for SGHMC,
/// eta = 2 sqrt(eps lambda_min(H_y)) in [kMinAutoFriction, 1] (SGLD: eta = 1).
double rule_fixed_point(const Eigen::MatrixXd& h, const Eigen::MatrixXd& v, const Eigen::MatrixXd& l,
                        bool sghmc) {
  const Eigen::MatrixXd h_y = l.transpose() * h * l, v_y = l.transpose() * v * l;
  const auto eigen = [](const Eigen::MatrixXd& m) { return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues(); };
  double eta = 1.0, eps = 0.0;
  for (int round = 0; round < 100; ++round) {
    eps = 2.0 * kDefaultStepBias / eigen(h_y + v_y / eta).maxCoeff();
    if (!sghmc) break;
    eta = std::clamp(2.0 * std::sqrt(eps * eigen(h_y).minCoeff()), kMinAutoFriction, 1.0);
  }
  return eps;
}

void expect_right_under_gradient_noise(const std::string& sampler) {
  // The getting-started target (docs/getting-started-c.md): mean (1, -2),
  // sds (2, 1), correlation 0.9, gradient noise of sd 1, which in the
  // whitened coordinates is up to 4.8 times the curvature: noise comparable
  // to the curvature. Nothing set but the sampler and 40000 steps (at the
  // noise-limited step, 20000 give a bulk ESS near the verdict's 400). The search's
  // Barzilai-Borwein step halves a step under such noise (to 1e-17 here),
  // and windows at that step measured noise for curvature: the step
  // collapsed to 3e-9 (issue #31's warm-up). Now every chain's step is
  // within a factor 3 of the rule's fixed point for the true H and V in its
  // coordinates (docs/warm_up.md): the margin 2 se lowers it a little (SGLD:
  // 0.93-1.0 of it with this seed), and SGHMC's friction, read at lambda_min
  // + 2 se with se about lambda_min here (v = 4.8 lambda_min, 3309 moves,
  // eta ~0.15), raises eta and eps = 2 delta tau eta / v by up to a factor
  // 3 (1.2-2.1). The moments are right (4 se, variances + delta) and the
  // verdict trusts the run.
  const Vec mean = Vec{{1.0, -2.0}};
  const Eigen::MatrixXd sigma{{4.0, 1.8}, {1.8, 1.0}};
  const GaussianModel model(mean, sigma, TargetNoise{0.0, 1.0});
  const auto run = sample(model, automatic(sampler, 40000), Vec::Zero(2), nullptr);
  for (const auto& chain : run.chains) {
    if (sampler == "psgld") continue;  // its RMSprop metric is the chain's own: no closed form
    const Eigen::MatrixXd l = chain->preconditioner()->factor().triangularView<Eigen::Lower>();
    const double rule = rule_fixed_point(sigma.inverse(), Eigen::MatrixXd::Identity(2, 2), l, sampler == "sghmc");
    const double chosen = chain->config().schedule.step_size;
    EXPECT_GT(chosen, rule / 3.0) << sampler;
    EXPECT_LT(chosen, rule * 3.0) << sampler;
  }
  for (Index i = 0; i < 2; ++i) {
    const auto m = testing::batch_means(series(run, i, 0.0, false));
    const auto v = testing::batch_means(series(run, i, mean[i], true));
    EXPECT_NEAR(m.mean, mean[i], 4 * m.se) << sampler << " mean of coordinate " << i;
    EXPECT_NEAR(v.mean / sigma(i, i), 1.0, (4 * v.se) / sigma(i, i) + kDefaultStepBias)
        << sampler << " variance of coordinate " << i;
  }
  const Verdict verdict = run_verdict(recorded_run(run.chains, run.swaps));
  EXPECT_TRUE(verdict.trusted()) << sampler << ": " << verdict.reasons();
}

TEST(WarmUp, SgldStepSurvivesGradientNoise) { expect_right_under_gradient_noise("sgld"); }
TEST(WarmUp, SghmcStepSurvivesGradientNoise) { expect_right_under_gradient_noise("sghmc"); }
TEST(WarmUp, PsgldStepSurvivesGradientNoise) { expect_right_under_gradient_noise("psgld"); }

TEST(WarmUp, PsgldWithNothingSetRemembersMoreOfItsMetric) {
  // docs/warm_up.md, "pSGLD's metric": rms_decay 0.999 when the run
  // chooses its step; SPEC's 0.99 with a step set; a decay set is kept.
  for (const std::string sampler : {"psgld", "pcsgld", "picsgld"}) {
    Options o = automatic(sampler, 4000);
    EXPECT_EQ(sampler_config(o).psgld.rms_decay, 0.999) << sampler;
    o.set("rms_decay", 0.95);
    EXPECT_EQ(sampler_config(o).psgld.rms_decay, 0.95) << sampler;
    Options set = automatic(sampler, 4000);
    set.set("step_size", 1e-3);
    EXPECT_EQ(sampler_config(set).psgld.rms_decay, 0.99) << sampler;
  }
}

TEST(WarmUp, ACheckpointInTheMiddleOfTheWarmUpGoesOnBitForBit) {
  const GaussianModel model(Vec{{1.0, -2.0}}, Vec{{0.5, 4.0}}.asDiagonal().toDenseMatrix());
  for (const std::string sampler : {"sgld", "sghmc", "psgld"}) {
    expect_checkpoint_in_warm_up_bit_for_bit(model, sampler);
  }
  expect_checkpoint_in_warm_up_bit_for_bit(quadratic_data(2, 40), "mhbt");
  // In the short windows after a first step far too small (and pSGLD's V
  // set at their ends).
  for (const std::string sampler : {"sgld", "psgld"}) {
    expect_checkpoint_in_warm_up_bit_for_bit(LogScaleModel(100.0, 2.0), sampler, -6.0, 150);
  }
}

TEST(WarmUp, MhbtChoosesTheRandomWalksScaleOnAGaussianOfKnownCurvature) {
  // Nothing set but the sampler (and no preconditioner): the random walk at
  // c_n = N, exact MH on an isotropic Gaussian of precision P = N + 1/4 in
  // d = 10, from 19 sds away. Its delta is tuned to an acceptance of 0.234,
  // whose scale is 2.38 sd / sqrt(d) as d -> inf (Roberts, Gelman & Gilks
  // 1997); at d = 10 within 15% of it (measured: 7% above). Means and variances are exact MH's:
  // within 4 Monte Carlo standard errors.
  const Index d = 10, n = 40;
  const testing::QuadraticDataModel model = quadratic_data(d, n);
  Options o = automatic("mhbt", 20000);
  o.set("precondition", std::string("none"));
  const auto run = sample(model, o, Vec::Zero(d), nullptr);
  const double precision = static_cast<double>(n) + 0.25;
  const double optimal = 2.38 / std::sqrt(static_cast<double>(d) * precision);
  for (const auto& chain : run.chains) {
    const auto& mhbt = dynamic_cast<const Mhbt&>(chain->kernel());
    EXPECT_EQ(mhbt.c_n(), static_cast<double>(n));
    EXPECT_EQ(chain->config().mhbt.proposal, MhbtProposal::kRandomWalk);
    const WarmUpReport& report = chain->warm_up()->report();
    EXPECT_TRUE(report.search_converged);
    EXPECT_GE(report.windows, 5);
    EXPECT_NEAR(report.acceptance, 0.234, 0.06);
    EXPECT_GT(chain->config().mhbt.rw_scale, optimal / 1.15);
    EXPECT_LT(chain->config().mhbt.rw_scale, optimal * 1.15);
  }
  const Vec mean = quadratic_data_sum(d, n) / precision;
  for (Index i = 0; i < d; ++i) {
    const auto m = testing::batch_means(series(run, i, 0.0, false));
    const auto v = testing::batch_means(series(run, i, mean[i], true));
    EXPECT_NEAR(m.mean, mean[i], 4 * m.se) << "mean of coordinate " << i;
    EXPECT_NEAR(v.mean * precision, 1.0, 4 * v.se * precision) << "variance of coordinate " << i;
  }
}

TEST(WarmUp, MhbtTunesAGradientProposalToItsAcceptanceAndKeepsWhatIsSet) {
  // proposal rsgld set, step_size not: eps is chosen for an acceptance of
  // 0.574, starting from the search's; the last window measured near it.
  const testing::QuadraticDataModel model = quadratic_data(3, 40);
  Options o = automatic("mhbt", 8000);
  o.set("proposal", std::string("rsgld"));
  const auto run = sample(model, o, Vec::Zero(3), nullptr);
  for (const auto& chain : run.chains) {
    const WarmUpReport& report = chain->warm_up()->report();
    EXPECT_NEAR(report.acceptance, 0.574, 0.15);
    EXPECT_EQ(report.choice.step_size, chain->config().schedule.step_size);
  }
  // A step_size set: no warm-up, and the defaults of before (c_n 20, rsgld).
  o.set("step_size", 1e-3);
  const SamplerConfig set = sampler_config(o);
  EXPECT_FALSE(set.warm_up.automatic);
  EXPECT_FALSE(set.mhbt.c_n_full_data);
  EXPECT_FALSE(set.mhbt.search);
  // rw_scale set (step_size not): no warm-up either, the run of before.
  Options walk = automatic("mhbt", 4000);
  walk.set("rw_scale", 0.05);
  EXPECT_FALSE(sampler_config(walk).warm_up.automatic);
  EXPECT_EQ(record_policy(walk).burn_in, 0);
}

}  // namespace
}  // namespace sgmc
