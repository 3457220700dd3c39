// SGLD, pSGLD and SGHMC recover the mean and covariance of a correlated
// Gaussian; with tau = 0 they converge to its minimum. Tolerances: 5 Monte
// Carlo standard errors (batch means over 4 chains) plus the O(eps) bias of
// the discretisation, bounded below for each sampler.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/monte_carlo.hpp"

namespace sgmc {
namespace {

constexpr Index kDim = 3;

struct Case {
  const char* name;
  SamplerConfig config;
  Index n_steps;
  double bias;      ///< allowance for the discretisation bias of the covariance
  double grad_sd;   ///< simulated gradient noise
};

struct Target {
  explicit Target(double grad_sd = 0.0) : model{mean, cov, TargetNoise{0.0, grad_sd}} {}
  Vec mean{{1.0, -2.0, 0.5}};
  Eigen::MatrixXd cov{{1.0, 0.6, 0.2}, {0.6, 1.5, -0.3}, {0.2, -0.3, 0.7}};
  GaussianModel model;
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
  // SGLD is compared with its exact stationary covariance (below), so it
  // needs no bias allowance and its tolerance is pure Monte Carlo error.
  // pSGLD omits the Gamma term, which is harmless only while the
  // preconditioner hardly depends on x: as in its use on mini-batches, the
  // gradient carries noise (sd 5) that dominates V, so G ~ 1/5 stays nearly
  // constant. The noise adds eps G sd^2 / 2 ~ 2.5% to the variance.
  return {{"sgld", make(SamplerKind::kSgld, 1e-2), 3000000, 0.0, 0.0},
          {"psgld", make(SamplerKind::kPsgld, 1e-2), 1500000, 0.06, 5.0},
          {"sghmc", sghmc, 200000, 0.03, 0.0}};
}

/// On a Gaussian with precision A, SGLD with step eps is a linear
/// autoregression whose stationary covariance is (A - eps A^2 / 2)^-1
/// (A and the noise commute): the exact answer for the discretised chain.
Eigen::MatrixXd sgld_stationary_covariance(const Eigen::MatrixXd& cov, double eps) {
  const Eigen::MatrixXd a = cov.inverse();
  return (a - 0.5 * eps * a * a).inverse();
}

void check_moments(const Case& c) {
  Target t(c.grad_sd);
  const Eigen::MatrixXd expected = c.config.kind == SamplerKind::kSgld
      ? sgld_stationary_covariance(t.cov, c.config.schedule.step_size)
      : t.cov;
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
      EXPECT_NEAR(cov.mean, expected(i, j), 5 * cov.se + c.bias) << c.name << " cov " << i << j;
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
