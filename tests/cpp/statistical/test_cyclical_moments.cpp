// cSGLD and cSGHMC (SPEC §3) on a correlated Gaussian: the mean and the
// covariance of the sampling-stage draws. Every chain starts at the mean,
// so on a Gaussian target the kernels are linear maps of the state plus
// Gaussian noise: the mean stays exact and the covariance of iterate x_k
// follows the recursion Sigma_{k+1} = T_k Sigma_k T_k' + Q_k of the
// discretised chain (exploration steps with Q_k = 0). The expected second
// moment of the recorded draws is the average of Sigma_k over the recorded
// k: the exact answer for this finite chain, whatever the step sizes, and
// the draws must match it within 5 Monte Carlo standard errors. The
// exploration stages forget the previous cycle (SGD contracts to the mean),
// so cycles are independent batches.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/monte_carlo.hpp"

namespace sgmc {
namespace {

constexpr Index kDim = 3;
constexpr Index kCycles = 40;
constexpr Index kSteps = 400000;
constexpr Index kThin = 10;

struct Target {
  Vec mean{{0.5, -1.0, 2.0}};
  Eigen::MatrixXd cov{{1.2, 0.5, -0.2}, {0.5, 0.8, 0.1}, {-0.2, 0.1, 0.6}};
  GaussianModel model{mean, cov};
};

SamplerConfig cyclical(SamplerKind kind, double eps0) {
  SamplerConfig c;
  c.kind = kind;
  c.schedule = {.kind = ScheduleKind::kCyclical, .step_size = eps0, .total = kSteps,
                .cycles = kCycles, .exploration = 0.5};
  c.sghmc.friction = 0.2;
  return c;
}

/// The average covariance of the recorded iterates, by the recursion of the
/// state z = (x - mean, v) (v only for SGHMC).
Eigen::MatrixXd expected_covariance(const SamplerConfig& c, const RecordPolicy& record,
                                    const Eigen::MatrixXd& precision) {
  const bool hmc = c.kind == SamplerKind::kCycSghmc;
  const Index n = hmc ? 2 * kDim : kDim;
  // Bounded sizes keep the 4e5 small products of the recursion off the heap.
  using Small = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 2 * kDim, 2 * kDim>;
  const Small eye = Small::Identity(kDim, kDim);
  Small sigma = Small::Zero(n, n);
  const Small a = precision;
  Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(kDim, kDim);
  Index recorded = 0;
  for (Index k = 1; k <= record.n_steps; ++k) {
    const bool exploring = c.schedule.exploring(k);
    if (!exploring && record.records(k)) {
      sum += sigma.topLeftCorner(kDim, kDim);
      ++recorded;
    }
    const double eps = c.schedule.at(k);
    const double tau = exploring ? 0.0 : c.temperature;
    Small t(n, n);
    Small q(n, n);
    if (hmc) {  // x' = (I - eps A) x + (1 - eta) v + w, v' = -eps A x + (1 - eta) v + w
      const double keep = 1.0 - c.sghmc.friction;
      t << eye - eps * a, keep * eye, -eps * a, keep * eye;
      const double var = 2.0 * (c.sghmc.friction - c.sghmc.noise_estimate) * eps * tau;
      q << var * eye, var * eye, var * eye, var * eye;
    } else {    // x' = (I - eps A) x + sqrt(2 tau eps) w
      t = eye - eps * a;
      q = 2.0 * tau * eps * eye;
    }
    sigma = t * sigma * t.transpose() + q;
  }
  return sum / static_cast<double>(recorded);
}

void check_moments(SamplerKind kind, double eps0) {
  Target t;
  const SamplerConfig config = cyclical(kind, eps0);
  const RecordPolicy record{kSteps, 0, kThin};
  const Eigen::MatrixXd expected = expected_covariance(config, record, t.cov.inverse());
  auto result = sample(t.model, config, record, {4, 0, 100000, 77}, t.mean, nullptr);
  const auto name = sampler_name(kind);
  ASSERT_EQ(result.chains[0]->draws().size(), kSteps / 2 / kThin) << name;
  for (Index i = 0; i < kDim; ++i) {
    std::vector<Eigen::VectorXd> xi;
    for (const auto& chain : result.chains) xi.push_back(chain->draws().draws().row(i).transpose());
    const auto m = testing::batch_means(xi, kCycles);
    EXPECT_NEAR(m.mean, t.mean[i], 5 * m.se) << name << " mean " << i;
    for (Index j = 0; j <= i; ++j) {
      std::vector<Eigen::VectorXd> products;
      for (const auto& chain : result.chains) {
        const auto d = chain->draws().draws();
        products.push_back(
            ((d.row(i).array() - t.mean[i]) * (d.row(j).array() - t.mean[j])).matrix().transpose());
      }
      const auto cov = testing::batch_means(products, kCycles);
      EXPECT_NEAR(cov.mean, expected(i, j), 5 * cov.se) << name << " cov " << i << j;
      // And the discretised chain is close to the target: within 10%.
      EXPECT_NEAR(expected(i, j), t.cov(i, j), 0.1 * t.cov(i, i)) << name << " bias " << i << j;
    }
  }
}

TEST(CyclicalMoments, CycSgld) { check_moments(SamplerKind::kCycSgld, 0.2); }
TEST(CyclicalMoments, CycSghmc) { check_moments(SamplerKind::kCycSghmc, 0.02); }

}  // namespace
}  // namespace sgmc
