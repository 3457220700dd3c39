// SGLD, pSGLD and SGHMC recover the mean and covariance of a correlated
// Gaussian; with tau = 0 they converge to its minimum. Tolerances: 5 Monte
// Carlo standard errors (batch means over 4 chains) plus the O(eps) bias of
// the discretisation, bounded below for each sampler.
#include <gtest/gtest.h>

#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/monte_carlo.hpp"

namespace sgmc {
namespace {

constexpr Index kDim = 3;

struct Target {
  Vec mean{{1.0, -2.0, 0.5}};
  Eigen::MatrixXd cov{{1.0, 0.6, 0.2}, {0.6, 1.5, -0.3}, {0.2, -0.3, 0.7}};
  GaussianModel model{mean, cov, TargetNoise{}};
};

struct Case {
  const char* name;
  SamplerConfig config;
  Index n_steps;
  double bias;  ///< allowance for the discretisation bias of the covariance
};

SamplerConfig make(SamplerKind kind, double eps) {
  SamplerConfig c;
  c.kind = kind;
  c.schedule.step_size = eps;
  return c;
}

std::vector<Case> cases() {
  SamplerConfig sghmc = make(SamplerKind::kSghmc, 2e-3);
  sghmc.sghmc.friction = 0.1;
  SamplerConfig psgld = make(SamplerKind::kPsgld, 2e-3);
  // SGLD's stationary covariance is (A - eps A^2 / 2)^-1 on a Gaussian with
  // precision A: relative bias eps * lambda_max(A) / 2 ~ 2e-3 here.
  return {{"sgld", make(SamplerKind::kSgld, 4e-3), 400000, 0.01},
          {"psgld", psgld, 400000, 0.02},
          {"sghmc", sghmc, 200000, 0.03}};
}

void check_moments(const Case& c) {
  Target t;
  RunConfig run{4, 0, 100000, 2024};
  const Index burn = c.n_steps / 10;
  auto result = sample(t.model, c.config, {c.n_steps, burn, 10}, run, t.mean, nullptr);
  for (Index i = 0; i < kDim; ++i) {
    std::vector<Eigen::VectorXd> xi;
    for (const auto& chain : result.chains) xi.push_back(chain->draws().draws().row(i).transpose());
    const auto m = testing::batch_means(xi);
    EXPECT_NEAR(m.mean, t.mean[i], 5 * m.se) << c.name << " mean " << i;
    for (Index j = 0; j <= i; ++j) {
      std::vector<Eigen::VectorXd> products;
      for (const auto& chain : result.chains) {
        const auto d = chain->draws().draws();
        products.push_back(((d.row(i).array() - t.mean[i]) * (d.row(j).array() - t.mean[j])).matrix().transpose());
      }
      const auto cov = testing::batch_means(products);
      EXPECT_NEAR(cov.mean, t.cov(i, j), 5 * cov.se + c.bias) << c.name << " cov " << i << j;
    }
  }
}

TEST(GaussianMoments, Sgld) { check_moments(cases()[0]); }
TEST(GaussianMoments, Psgld) { check_moments(cases()[1]); }
TEST(GaussianMoments, Sghmc) { check_moments(cases()[2]); }

TEST(GaussianMoments, ZeroTemperatureConvergesToTheMinimum) {
  for (auto c : cases()) {
    Target t;
    c.config.temperature = 0.0;
    c.config.schedule.step_size = c.config.kind == SamplerKind::kPsgld ? 1e-3 : 0.05;
    const Vec x0 = Vec::Constant(kDim, 5.0);
    auto result = sample(t.model, c.config, {20000, 19999, 1}, {1, 1, 1000, 1}, x0, nullptr);
    const Vec last = result.chains[0]->position();
    EXPECT_LT((last - t.mean).cwiseAbs().maxCoeff(), 1e-3) << c.name;
  }
}

}  // namespace
}  // namespace sgmc
