// MHBT samples what SPEC §7 says. With n = N and c_n = N it is exact MH on the
// posterior; with few data and small batches its augmented chain (x, I) has
// the enumerable target pi(x, I) ∝ exp(c_n mu_I(x)) (MHBT eq. 1), which the
// kept batch must follow jointly with x. Tolerances: 4.5 Monte Carlo standard
// errors by batch means over 4 chains. And the RSGLD proposal accepts more
// than the SGLD proposal, and batch tempering crosses between the modes of a
// mixture posterior (smoke versions of SPEC §9 experiments 8 and 7).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <random>

#include "models.hpp"  // bench/mhbt: the mixture of SPEC §9 experiment 7
#include "sgmc/drivers/driver.hpp"
#include "support/monte_carlo.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

constexpr Index kChains = 4;

using Statistic = std::function<double(ConstVecRef, Index)>;

/// Runs kChains chains and estimates E f(x, kept batch) for each f over
/// every iteration after a 10% burn-in.
std::vector<testing::McEstimate> estimates(const Model& model, const SamplerConfig& config,
                                           Index n_steps, const std::vector<Statistic>& fs) {
  std::vector<std::vector<Vec>> series(fs.size());
  const Index burn = n_steps / 10;
  for (Index c = 0; c < kChains; ++c) {
    Chain chain(config, {n_steps, 0, 1}, model.dim(), model.data_size(), Vec::Zero(model.dim()),
                {31, c});
    const auto& mhbt = dynamic_cast<const Mhbt&>(chain.kernel());
    std::vector<Vec> s(fs.size(), Vec(n_steps - burn));
    for (Index k = 0; k < n_steps; ++k) {
      chain.advance(model, nullptr);
      for (std::size_t f = 0; k >= burn && f < fs.size(); ++f) {
        s[f][k - burn] = fs[f](chain.position(), mhbt.kept_batch()[0]);
      }
    }
    for (std::size_t f = 0; f < fs.size(); ++f) series[f].push_back(std::move(s[f]));
  }
  std::vector<testing::McEstimate> out;
  for (const auto& s : series) out.push_back(testing::batch_means(s));
  return out;
}

TEST(MhbtStatistical, FullBatchWithCnEqualNIsExactMh) {
  // U_i = |x - y_i|^2 / 2, prior N(0, I): posterior N(sum y / (N + 1), I / (N + 1)).
  constexpr Index kN = 4;
  Eigen::MatrixXd y(2, kN);
  y << 1.0, 2.5, -0.5, 1.5, -2.0, 0.5, -1.0, 0.3;
  const testing::QuadraticDataModel model(y, 1.0);
  const Vec mean = y.rowwise().sum() / (kN + 1.0);
  const double var = 1.0 / (kN + 1.0);
  for (const auto proposal : {MhbtProposal::kRandomWalk, MhbtProposal::kSgld}) {
    SamplerConfig config;
    config.kind = SamplerKind::kMhbt;
    config.mhbt.proposal = proposal;
    config.mhbt.c_n = kN;
    config.mhbt.rw_scale = 0.6;
    config.schedule.step_size = 0.3;
    std::vector<Statistic> fs;
    for (Index i = 0; i < 2; ++i) {
      fs.push_back([i](ConstVecRef x, Index) { return x[i]; });
      fs.push_back([&, i](ConstVecRef x, Index) { return (x[i] - mean[i]) * (x[i] - mean[i]); });
    }
    const auto e = estimates(model, config, 200000, fs);
    for (Index i = 0; i < 2; ++i) {
      const auto& m = e[2 * i];
      const auto& v = e[2 * i + 1];
      EXPECT_NEAR(m.mean, mean[i], 4.5 * m.se) << proposal_name(proposal) << " mean " << i;
      EXPECT_NEAR(v.mean, var, 4.5 * v.se) << proposal_name(proposal) << " variance " << i;
    }
  }
}

TEST(MhbtStatistical, AugmentedChainFollowsTheBatchTemperedTarget) {
  // N = 3 data, batches of one, d = 1: pi(x, i) ∝ exp(c_n mu_i(x)) with
  // mu_i = -U_i(x) - U0(x)/3. Each batch has its own mode and mass, so the
  // joint law of (x, kept batch) shows a wrong ratio: a missing -d log beta,
  // a reverse density with the old batch's gradient, a cache not kept.
  const Eigen::MatrixXd y{{-1.5, 0.0, 2.0}};
  const testing::QuadraticDataModel model(y, 4.0);
  const double c_n = 1.5;
  // Exact P(I = i) and E[x 1{I = i}] by quadrature.
  std::array<double, 3> mass{}, first{};
  double total = 0.0;
  for (double x = -15; x < 15; x += 1e-3) {
    for (int i = 0; i < 3; ++i) {
      const double w = std::exp(c_n * (-0.5 * (x - y(0, i)) * (x - y(0, i)) - x * x / 8.0 / 3.0));
      mass[i] += w;
      first[i] += w * x;
      total += w;
    }
  }
  for (const auto proposal : {MhbtProposal::kRsgld, MhbtProposal::kSgld}) {
    SamplerConfig config;
    config.kind = SamplerKind::kMhbt;
    config.batch_size = 1;
    config.schedule.step_size = 0.5;
    config.mhbt = {proposal, c_n, 0.1, 3.0, 0.3, false, 1000.0};
    std::vector<Statistic> fs;
    for (Index i = 0; i < 3; ++i) {
      fs.push_back([i](ConstVecRef, Index b) { return b == i ? 1.0 : 0.0; });
      fs.push_back([i](ConstVecRef x, Index b) { return b == i ? x[0] : 0.0; });
    }
    const auto e = estimates(model, config, 300000, fs);
    for (std::size_t i = 0; i < 3; ++i) {
      const auto& p = e[2 * i];
      const auto& m = e[2 * i + 1];
      EXPECT_NEAR(p.mean, mass[i] / total, 4.5 * p.se) << proposal_name(proposal) << " P(I = " << i << ")";
      EXPECT_NEAR(m.mean, first[i] / total, 4.5 * m.se) << proposal_name(proposal) << " E[x; I = " << i << "]";
    }
  }
}

TEST(MhbtStatistical, ReversibleProposalAcceptsMoreThanSgld) {
  // SPEC §9 experiment 8, shortened: d = 10, N = 1000, batch 100, c_n = 1,
  // at a learning rate where the SGLD proposal's drift is felt (measured:
  // acceptance 0.61 for SGLD, 0.84 for RSGLD with beta = 1).
  const Eigen::MatrixXd y = Eigen::MatrixXd::Random(10, 1000) * 1.7;
  const testing::QuadraticDataModel model(y, 1e6);
  const auto accept = [&](MhbtProposal proposal, double eps) {
    SamplerConfig config;
    config.kind = SamplerKind::kMhbt;
    config.batch_size = 100;
    config.schedule.step_size = eps;
    config.mhbt = {proposal, 1.0, 0.1, 1.0, 0.5, false, 1000.0};
    const auto run = sample(model, config, {2000, 1999, 1}, {4, 1, 2000, 3}, Vec::Zero(10), nullptr);
    double accepted = 0;
    for (const auto& chain : run.chains) {
      accepted += static_cast<double>(dynamic_cast<const Mhbt&>(chain->kernel()).stats().accepted);
    }
    return accepted / 8000.0;
  };
  // 8000 proposals each: the acceptance rates' standard errors are below 0.02.
  const double sgld = accept(MhbtProposal::kSgld, 1e-5);
  const double rsgld = accept(MhbtProposal::kRsgld, 1e-5);
  EXPECT_LT(sgld, 0.75);
  EXPECT_GT(rsgld, sgld + 0.1);
}

TEST(MhbtStatistical, BatchTemperingCrossesBetweenMixtureModes) {
  // SPEC §9 experiment 7, shortened: N = 1e4, theta2 = 2, batch 100,
  // c_n = 20. The posterior modes (0, 2) and (2, -2) are both visited by
  // MHBT; full-batch MH with the same random walk stays where it starts.
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal(0.0, std::sqrt(2.0));
  std::bernoulli_distribution second(0.5);
  Eigen::VectorXd data(10000);
  for (auto& x : data) x = normal(rng) + (second(rng) ? 2.0 : 0.0);
  const bench::MixtureModel model(std::move(data));
  const auto share_near_second_mode = [&](Index batch, double c_n, Index steps) {
    SamplerConfig config;
    config.kind = SamplerKind::kMhbt;
    config.batch_size = batch;
    config.mhbt = {MhbtProposal::kRandomWalk, c_n, 0.5, 1.0, 0.5, false, 1000.0};
    const auto run = sample(model, config, {steps, 0, 1}, {1, 1, steps, 5}, Vec{{0.0, 2.0}}, nullptr);
    const Vec x2 = run.chains[0]->draws().draws().row(1).transpose();
    return static_cast<double>((x2.array() < 0.0).count()) / static_cast<double>(steps);
  };
  const double mhbt = share_near_second_mode(100, 20.0, 20000);
  EXPECT_GT(mhbt, 0.2);
  EXPECT_LT(mhbt, 0.8);
  EXPECT_EQ(share_near_second_mode(0, 10000.0, 2000), 0.0);
}

}  // namespace
}  // namespace sgmc
