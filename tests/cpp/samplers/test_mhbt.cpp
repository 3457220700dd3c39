// MHBT's proposal densities, its log acceptance ratio against a direct
// computation of SPEC §7, the kept batch and cache, and adaptive beta.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

/// phi(v; s2 I_d) written out, without logs.
double gaussian_pdf(const Vec& v, double s2) {
  const double d = static_cast<double>(v.size());
  return std::exp(-0.5 * v.squaredNorm() / s2) / std::pow(2 * std::numbers::pi * s2, d / 2);
}

/// MHBT eq. (7) written out: q_I(x -> x') with drift eps g.
double rsgld_pdf(const Vec& x, const Vec& xp, const Vec& eps_g, double sigma, double beta,
                 double pf) {
  return pf * gaussian_pdf(xp - x - eps_g, sigma * sigma) +
         (1 - pf) * gaussian_pdf(xp - x + eps_g, beta * beta * sigma * sigma);
}

/// The integral of q(x -> .) by the midpoint rule on [-8, 8]^d.
double integral(const GradientProposalDensity& q, double beta, const Vec& x, const Vec& eps_g,
                int cells) {
  const double h = 16.0 / cells;
  double sum = 0.0;
  Vec xp(x.size());
  const int total = x.size() == 1 ? cells : cells * cells;
  for (int c = 0; c < total; ++c) {
    xp[0] = -8 + h * (c % cells + 0.5);
    if (x.size() == 2) xp[1] = -8 + h * (c / cells + 0.5);
    sum += std::exp(q.log_q({(xp - x - eps_g).squaredNorm(), (xp - x + eps_g).squaredNorm()}, beta));
  }
  return sum * std::pow(h, static_cast<double>(x.size()));
}

TEST(MhbtProposals, RsgldDensityIntegratesToOne) {
  for (const Index d : {1, 2}) {
    const Vec x = Vec::Constant(d, 0.3);
    const Vec eps_g = Vec::Constant(d, 0.8);
    const GradientProposalDensity rsgld{0.4, 0.3, d};
    const int cells = d == 1 ? 20000 : 1200;
    EXPECT_NEAR(integral(rsgld, 3.0, x, eps_g, cells), 1.0, 1e-9) << "d = " << d;
    EXPECT_NEAR(integral(rsgld, 1.0, x, eps_g, cells), 1.0, 1e-9) << "d = " << d;
    const GradientProposalDensity sgld{0.4, 1.0, d};
    EXPECT_NEAR(integral(sgld, 3.0, x, eps_g, cells), 1.0, 1e-9) << "d = " << d;
  }
}

TEST(MhbtProposals, LogDensityMatchesDirectFormula) {
  const Vec x{{0.2, -0.4}}, xp{{0.5, 0.1}}, eps_g{{0.1, 0.3}};
  const GradientProposalDensity q{0.35, 0.3, 2};
  const double direct = std::log(rsgld_pdf(x, xp, eps_g, 0.35, 2.5, 0.3));
  EXPECT_NEAR(q.log_q({(xp - x - eps_g).squaredNorm(), (xp - x + eps_g).squaredNorm()}, 2.5),
              direct, 1e-13);
}

TEST(MhbtProposals, AuthorsDensityDropsOnlyTheBackwardNormalisation) {
  // The authors' script's density (bench/mlp_digits): the backward Gaussian
  // normalised as if its variance were sigma^2, i.e. d log beta added to it.
  const Vec x{{0.2, -0.4}}, xp{{0.5, 0.1}}, eps_g{{0.1, 0.3}};
  const double beta = 2.5, sigma = 0.35, pf = 0.3;
  const GradientProposalDensity authors{sigma, pf, 2, false};
  const double direct = std::log(pf * gaussian_pdf(xp - x - eps_g, sigma * sigma) +
                                 (1 - pf) * beta * beta *
                                     gaussian_pdf(xp - x + eps_g, beta * beta * sigma * sigma));
  EXPECT_NEAR(authors.log_q({(xp - x - eps_g).squaredNorm(), (xp - x + eps_g).squaredNorm()}, beta),
              direct, 1e-13);
  // With beta = 1 the two densities are the same.
  const GradientProposalDensity exact{sigma, pf, 2};
  const ProposalDistances at{(xp - x - eps_g).squaredNorm(), (xp - x + eps_g).squaredNorm()};
  EXPECT_DOUBLE_EQ(authors.log_q(at, 1.0), exact.log_q(at, 1.0));
}

/// A kernel driven by hand: evaluations with given energy, gradient and batch.
struct Driven {
  static constexpr Index kData = 4;
  MhbtSettings settings{MhbtProposal::kRsgld, 3.0, 0.1, 2.0, 0.3, false, 1000.0};
  double eps = 0.05;
  Mhbt kernel{Vec{{0.2, -0.1}}, settings, eps, kData, 2};
  NormalSource noise{Rng{17}};

  void tell(double energy, const Vec& grad, std::vector<Index> batch) {
    kernel.step({energy, grad, grad, 0.5, batch}, {1, eps, 1.0}, noise);
  }
  /// log r of SPEC §7 written out, for a move from (x, E, G) to (xp, E', G').
  double direct_log_ratio(const Vec& x, double e, const Vec& g, const Vec& xp, double ep,
                          const Vec& gp) const {
    const double n = kData;
    const double sigma = std::sqrt(2 * eps) / n;
    const double back = rsgld_pdf(xp, x, eps * (-gp / n), sigma, settings.beta, settings.forward_prob);
    const double out = rsgld_pdf(x, xp, eps * (-g / n), sigma, settings.beta, settings.forward_prob);
    return std::log(back) - std::log(out) + settings.c_n * (-ep / n - (-e / n));
  }
};

TEST(Mhbt, LogRatioMatchesDirectComputationAndKeepsBatch) {
  Driven t;
  const Vec x0 = t.kernel.position();
  const Vec g0{{0.4, -0.2}}, g1{{-0.3, 0.5}};
  EXPECT_FALSE(t.kernel.next_is_iteration());  // the first evaluation fills the cache
  EXPECT_EQ(t.kernel.query(), x0);
  t.tell(1.0, g0, {1, 3});
  EXPECT_TRUE(t.kernel.next_is_iteration());
  EXPECT_EQ(std::vector<Index>(t.kernel.kept_batch().begin(), t.kernel.kept_batch().end()),
            (std::vector<Index>{1, 3}));

  // A move to much higher energy is rejected: state, batch and cache stay.
  const Vec x1 = t.kernel.query();
  t.tell(50.0, g1, {0, 2});
  EXPECT_NEAR(t.kernel.last_log_ratio(), t.direct_log_ratio(x0, 1.0, g0, x1, 50.0, g1), 1e-10);
  EXPECT_EQ(t.kernel.position(), x0);
  EXPECT_EQ(t.kernel.kept_batch()[0], 1);
  EXPECT_DOUBLE_EQ(t.kernel.position_energy(), 1.0);
  EXPECT_EQ(t.kernel.stats().proposed, 1);
  EXPECT_EQ(t.kernel.stats().accepted, 0);

  // The next ratio is taken against the kept (x0, I = {1, 3}) and its cache.
  const Vec x2 = t.kernel.query();
  t.tell(0.5, g1, {2, 0});
  EXPECT_NEAR(t.kernel.last_log_ratio(), t.direct_log_ratio(x0, 1.0, g0, x2, 0.5, g1), 1e-10);
  const bool accepted = t.kernel.stats().accepted == 1;
  EXPECT_EQ(accepted, t.kernel.position() == x2);
  EXPECT_EQ(t.kernel.kept_batch()[0], accepted ? 2 : 1);
  EXPECT_EQ(t.kernel.stats().proposed, 2);
}

TEST(Mhbt, RandomWalkRatioIsTheTemperedEnergyDifference) {
  MhbtSettings settings;
  settings.proposal = MhbtProposal::kRandomWalk;
  settings.c_n = 5.0;
  Mhbt kernel(Vec::Zero(3), settings, 1.0, 10, 5);
  NormalSource noise(Rng{3});
  const Vec g = Vec::Ones(3);
  kernel.step({2.0, g, g, 0.2, {}}, {1, 1.0, 1.0}, noise);
  EXPECT_NEAR(kernel.query().norm() / std::sqrt(3.0), 0.1, 0.1);  // x' - x = delta z
  kernel.step({4.0, g, g, 0.2, {}}, {1, 1.0, 1.0}, noise);
  EXPECT_DOUBLE_EQ(kernel.last_log_ratio(), 5.0 * (-4.0 / 10 + 2.0 / 10));
}

TEST(Mhbt, NeedsDataAndValidSettings) {
  const auto message = [](const auto& make) {
    try {
      make();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { Mhbt(Vec::Zero(1), {}, 0.1, 0, 0); }).find("'data_size' = 0"),
            std::string::npos);
  MhbtSettings bad;
  bad.forward_prob = 1.0;
  EXPECT_NE(message([&] { bad.validate(); }).find("'rsgld_forward_prob' = 1"), std::string::npos);
  bad = {};
  bad.proposal = MhbtProposal::kSgld;
  bad.adaptive_beta = true;
  EXPECT_NE(message([&] { bad.validate(); }).find("needs proposal 'rsgld', not 'sgld'"),
            std::string::npos);
  SamplerConfig config;
  config.kind = SamplerKind::kMhbt;
  config.schedule.kind = ScheduleKind::kPolynomial;
  EXPECT_NE(message([&] { config.validate(); }).find("'schedule' = polynomial"), std::string::npos);
}

TEST(Mhbt, ChainCountsIterationsAndRecordsTheStateAfterAcceptReject) {
  const testing::QuadraticDataModel model(Eigen::MatrixXd::Random(2, 40), 4.0);
  SamplerConfig config;
  config.kind = SamplerKind::kMhbt;
  config.batch_size = 10;
  config.schedule.step_size = 0.005;
  config.mhbt.adaptive_beta = true;
  config.mhbt.beta_start = 50.0;
  config.mhbt.forward_prob = 0.9;
  config.mhbt.c_n = 2.0;
  Chain chain(config, {400, 0, 1}, 2, 40, Vec::Zero(2), {5, 0});
  for (int s = 0; s < 400; ++s) {
    chain.advance(model, nullptr);
    const auto& draws = chain.draws();
    ASSERT_EQ(draws.draws().col(draws.size() - 1), chain.position());
  }
  const auto& mhbt = dynamic_cast<const Mhbt&>(chain.kernel());
  EXPECT_EQ(chain.steps_done(), 400);
  EXPECT_EQ(mhbt.stats().proposed, 400);
  EXPECT_GT(mhbt.stats().forward_proposed, 320);
  EXPECT_LT(mhbt.stats().forward_proposed, 395);
  // High acceptance shrinks the large start, by 50% at most per 4-step epoch.
  EXPECT_LT(mhbt.beta(), 50.0) << mhbt.stats().accepted;
  EXPECT_GE(mhbt.beta(), 1.0);
  // Every draw's energy is U_hat of the kept state (U0 + (N/n) S_I).
  EXPECT_DOUBLE_EQ(chain.draws().energies()[399], mhbt.position_energy());
}

}  // namespace
}  // namespace sgmc
