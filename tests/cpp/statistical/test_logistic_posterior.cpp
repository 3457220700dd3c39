// SGLD on Bayesian logistic regression of real data (Pima Indians diabetes,
// MASS::Pima.tr: 200 rows, standardised glucose, BMI and pedigree, plus an
// intercept) recovers the posterior means and standard deviations of an
// exact reference: full-batch random-walk Metropolis-Hastings.
//
// Tolerance: 5 combined Monte Carlo standard errors (batch means over 4
// chains of each sampler) plus the O(eps) bias of SGLD. On a Gaussian
// posterior of precision a (one direction), SGLD with step eps and
// mini-batch gradient noise of variance v has stationary variance
// (1 + eps (a + v) / 2 + O(eps^2)) / a, so the standard deviation is
// inflated by eps (a + v) / 4. The allowance takes a and v as the largest
// eigenvalues of the reference posterior precision and of the mini-batch
// gradient-noise covariance at the reference mean, and is applied (times
// the posterior sd) to means and sds alike; eps is chosen so that it stays
// near 2% while 250k steps still mix.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <cmath>
#include <vector>

#include "sgmc/data/csv.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "support/metropolis.hpp"
#include "support/monte_carlo.hpp"

namespace sgmc {
namespace {

/// Columns glu, bmi and ped of Pima.tr, each standardised, and its labels.
std::shared_ptr<const Dataset> standardised_pima() {
  const auto raw = read_csv(SGMC_SOURCE_DIR "/tests/data/pima_tr.csv", "type");
  const std::vector<Index> columns{1, 4, 5};
  const Index n = raw->rows(), p = static_cast<Index>(columns.size());
  std::vector<double> features(static_cast<std::size_t>(n * p));
  for (Index j = 0; j < p; ++j) {
    const Vec c = raw->features().col(columns[static_cast<std::size_t>(j)]);
    const double mean = c.mean();
    const double sd = std::sqrt((c.array() - mean).square().sum() / static_cast<double>(n - 1));
    for (Index i = 0; i < n; ++i) features[static_cast<std::size_t>(i * p + j)] = (c[i] - mean) / sd;
  }
  return Dataset::adopt(n, p, std::move(features),
                        std::vector<double>(raw->targets().begin(), raw->targets().end()));
}

/// Mean and standard deviation of each coordinate, with standard errors.
struct Moments {
  std::vector<testing::McEstimate> mean, sd;
};

Moments moments(const std::vector<Eigen::MatrixXd>& chains) {
  Moments m;
  for (Index j = 0; j < chains.front().rows(); ++j) {
    std::vector<Vec> xj;
    for (const auto& c : chains) xj.push_back(c.row(j).transpose());
    m.mean.push_back(testing::batch_means(xj));
    std::vector<Vec> squares;
    for (const auto& x : xj) squares.push_back((x.array() - m.mean.back().mean).square().matrix());
    const auto var = testing::batch_means(squares);
    const double sd = std::sqrt(var.mean);
    m.sd.push_back({sd, var.se / (2 * sd)});  // the delta method
  }
  return m;
}

Eigen::MatrixXd covariance(const std::vector<Eigen::MatrixXd>& chains) {
  Eigen::MatrixXd all(chains.front().rows(), 0);
  for (const auto& c : chains) {
    all.conservativeResize(Eigen::NoChange, all.cols() + c.cols());
    all.rightCols(c.cols()) = c;
  }
  const Eigen::MatrixXd centred = all.colwise() - all.rowwise().mean();
  return centred * centred.transpose() / static_cast<double>(all.cols() - 1);
}

/// Covariance of the SGLD gradient estimate (N/n) grad S_B at x for batches
/// of n drawn without replacement.
Eigen::MatrixXd gradient_noise(const Dataset& data, ConstVecRef x, Index n) {
  const Index big_n = data.rows(), p = data.n_features();
  Eigen::MatrixXd g(p + 1, big_n);
  for (Index i = 0; i < big_n; ++i) {
    const double z = data.features().row(i).dot(x.head(p)) + x[p];
    const double r = 1.0 / (1.0 + std::exp(-z)) - data.targets()[i];
    g.col(i).head(p) = r * data.features().row(i).transpose();
    g(p, i) = r;
  }
  const Eigen::MatrixXd centred = g.colwise() - g.rowwise().mean();
  const Eigen::MatrixXd per_datum = centred * centred.transpose() / static_cast<double>(big_n);
  const auto nn = static_cast<double>(n), nb = static_cast<double>(big_n);
  return nb * nb / nn * (nb - nn) / (nb - 1) * per_datum;
}

double largest_eigenvalue(const Eigen::MatrixXd& m) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m, Eigen::EigenvaluesOnly)
      .eigenvalues()
      .maxCoeff();
}

TEST(LogisticPosterior, SgldMatchesExactMetropolisOnPima) {
  const auto data = standardised_pima();
  const LogisticRegression model(data, 5.0);
  const Index d = model.dim();

  // Reference: a pilot run tunes the proposal to 2.38^2 / d times the
  // posterior covariance; then 4 chains of 100k full-batch steps.
  const Eigen::MatrixXd pilot = testing::random_walk_metropolis(
      model, Vec::Zero(d), 0.01 * Eigen::MatrixXd::Identity(d, d), 40000, 10000, 1, 1);
  const Eigen::MatrixXd proposal = 2.38 * 2.38 / static_cast<double>(d) * covariance({pilot});
  const Vec start = pilot.rowwise().mean();
  std::vector<Eigen::MatrixXd> exact;
  for (std::uint64_t c = 0; c < 4; ++c) {
    exact.push_back(testing::random_walk_metropolis(model, start, proposal, 100000, 5000, 5, 10 + c));
  }
  const Moments reference = moments(exact);

  SamplerConfig sgld;
  sgld.schedule.step_size = 4e-4;
  sgld.batch_size = 32;
  const Index n_steps = 250000;
  auto result = sample(model, sgld, {n_steps, n_steps / 10, 10}, {4, 0, n_steps, 2025}, start, nullptr);
  std::vector<Eigen::MatrixXd> chains;
  for (const auto& chain : result.chains) chains.emplace_back(chain->draws().draws());
  const Moments got = moments(chains);

  Vec mean(d);
  for (Index j = 0; j < d; ++j) mean[j] = reference.mean[static_cast<std::size_t>(j)].mean;
  const double a = largest_eigenvalue(covariance(exact).inverse());
  const double v = largest_eigenvalue(gradient_noise(*data, mean, sgld.batch_size));
  const double bias = sgld.schedule.step_size * (a + v) / 4;
  EXPECT_LT(bias, 0.03) << "the step is too large for a meaningful test";
  for (std::size_t j = 0; j < static_cast<std::size_t>(d); ++j) {
    const double sd = reference.sd[j].mean;
    const auto tolerance = [&](const testing::McEstimate& x, const testing::McEstimate& y) {
      return 5 * std::hypot(x.se, y.se) + bias * sd;
    };
    EXPECT_NEAR(got.mean[j].mean, reference.mean[j].mean, tolerance(got.mean[j], reference.mean[j]))
        << "mean " << j;
    EXPECT_NEAR(got.sd[j].mean, sd, tolerance(got.sd[j], reference.sd[j])) << "sd " << j;
    // The test has power: the tolerance is a small fraction of the sd.
    EXPECT_LT(tolerance(got.mean[j], reference.mean[j]), 0.15 * sd) << "mean " << j;
    std::printf("x[%zu]: mean %.4f vs %.4f, sd %.4f vs %.4f, tolerance %.4f (bias %.4f)\n", j,
                got.mean[j].mean, reference.mean[j].mean, got.sd[j].mean, sd,
                tolerance(got.sd[j], reference.sd[j]), bias * sd);
  }
}

}  // namespace
}  // namespace sgmc
