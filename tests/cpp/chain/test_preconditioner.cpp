// The warm-up preconditioner (docs/preconditioning.md): its windows, its
// estimate, and SGLD with it on an ill-conditioned Gaussian that plain SGLD
// at the same step cannot mix.
#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>

#include <cmath>
#include <string>
#include <vector>

#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/diagnostics/ess.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/random/normal.hpp"
#include "support/error_message.hpp"
#include "support/monte_carlo.hpp"

namespace sgmc {
namespace {

/// Scales 1, 30 and 100 with lag-one correlation 0.95: condition number
/// about 4e5, as the unscaled regressions of posteriordb.
Eigen::MatrixXd stiff_covariance() {
  const Vec sd = Vec{{1.0, 30.0, 100.0}};
  return sd.asDiagonal() * ar1_covariance(3, 0.95, 1.0) * sd.asDiagonal();
}

double smallest_eigenvalue(const Eigen::MatrixXd& a) {
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(a, Eigen::EigenvaluesOnly).eigenvalues()[0];
}

TEST(Preconditioner, WindowsGrowThenRefine) {
  // Ten equal windows fill the first half, a third and two thirds the rest.
  EXPECT_EQ(Preconditioner(PreconditionKind::kDiag, 2, 1000).window_ends(),
            (std::vector<Index>{50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 666, 1000}));
  EXPECT_EQ(Preconditioner(PreconditionKind::kDiag, 2, 60).window_ends(),
            (std::vector<Index>{30, 60}));
  EXPECT_EQ(Preconditioner(PreconditionKind::kDiag, 2, 39).window_ends(), (std::vector<Index>{39}));
  EXPECT_THROW(Preconditioner(PreconditionKind::kDense, 2, 19), Error);
}

TEST(Preconditioner, WhitensTheCovarianceOfItsPositions) {
  // Independent draws of N(0, Sigma): after the last window, L^-1 Sigma L^-T
  // is close to a multiple of the identity and L L' has smallest eigenvalue 1.
  const Eigen::MatrixXd sigma = stiff_covariance();
  const Eigen::MatrixXd root = sigma.llt().matrixL();
  NormalSource normal(Rng::stream(3, 0, StreamPurpose::kMoves));
  Preconditioner dense(PreconditionKind::kDense, 3, 6200);
  Preconditioner diag(PreconditionKind::kDiag, 3, 6200);
  Vec w(3);
  Index changes = 0;
  const Eigen::MatrixXd precision = sigma.inverse();
  for (Index k = 1; k <= 6200; ++k) {
    normal.fill(w.data(), 3);
    const Vec x = root * w;
    const Vec g = precision * x;  // grad U of N(0, Sigma)
    dense.add(x, g);
    diag.add(x, g);
    changes += dense.end_window(k);
    diag.end_window(k);
  }
  EXPECT_EQ(changes, 12);
  dense.add(Vec::Zero(3), Vec::Zero(3));
  EXPECT_FALSE(dense.end_window(6201));  // the warm-up is over
  const Eigen::MatrixXd l = dense.factor();
  // Scaled so that the largest curvature in y is the largest in x: for a
  // Gaussian, L L' = Sigma / lambda_min(Sigma), up to the estimates' errors.
  EXPECT_NEAR(smallest_eigenvalue(l * l.transpose()), 1.0, 0.25);
  const Eigen::MatrixXd inv = l.inverse();
  const Vec e = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(inv * sigma * inv.transpose())
                    .eigenvalues();
  // The last window holds 2,067 draws: sample variances off by a few percent,
  // whitened eigenvalues within 1.35 of each other (the unwhitened spread is 4e5).
  EXPECT_LT(e.maxCoeff() / e.minCoeff(), 1.35) << e.transpose();
  // diag: scales proportional to (Var x_i / Var g_i)^(1/4) =
  // (Sigma_ii / (Sigma^-1)_ii)^(1/4), each variance within 4 standard errors
  // (1/sqrt(2 n) relative, n = 2,067: 1.6%), so the ratio within 7%.
  const auto expected = [&](Index i) {
    return std::pow(sigma(i, i) / precision(i, i), 0.25);
  };
  for (Index i = 1; i < 3; ++i) {
    EXPECT_NEAR(diag.scales()[i] / diag.scales()[0] / (expected(i) / expected(0)), 1.0, 0.07) << i;
  }
}

Options stiff_run(const std::string& precondition, double step) {
  Options o;
  o.set("sampler", std::string("sgld"));
  o.set("step_size", step);
  o.set("n_steps", Index{110000});
  o.set("burn_in", Index{10000});
  o.set("thin", Index{5});
  o.set("n_chains", Index{4});
  o.set("seed", Index{11});
  o.set("precondition", precondition);
  return o;
}

/// Column c: chain c's draws of coordinate i.
ChainDraws coordinate(const SampleResult& run, Index i) {
  ChainDraws out(run.chains[0]->draws().size(), static_cast<Index>(run.chains.size()));
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    out.col(static_cast<Index>(c)) = run.chains[c]->draws().draws().row(i).transpose();
  }
  return out;
}

TEST(Preconditioner, DenseSgldGetsAnIllConditionedGaussianRight) {
  const Eigen::MatrixXd sigma = stiff_covariance();
  const Vec mean = Vec{{1.0, -20.0, 50.0}};
  const GaussianModel model(mean, sigma);
  // A step of 2% of the smallest variance: stable and nearly unbiased in the
  // stiffest direction (variance inflated by about 1/(1 - step/(2 lambda)),
  // 1%); with the preconditioner every direction moves as fast.
  const double step = 0.02 * smallest_eigenvalue(sigma);
  const Vec x0 = Vec::Zero(3);
  const auto with = sample(model, stiff_run("dense", step), x0, nullptr);
  const auto without = sample(model, stiff_run("none", step), x0, nullptr);
  for (Index i = 0; i < 3; ++i) {
    const ChainDraws d = coordinate(with, i);
    std::vector<Vec> series, squares;
    for (Index c = 0; c < d.cols(); ++c) {
      series.emplace_back(d.col(c));
      squares.emplace_back((d.col(c).array() - mean[i]).square().matrix());
    }
    const auto m = testing::batch_means(series);
    const auto v = testing::batch_means(squares);
    EXPECT_NEAR(m.mean, mean[i], 4 * m.se) << "mean of coordinate " << i;
    EXPECT_NEAR(v.mean / sigma(i, i), 1.0, 4 * v.se / sigma(i, i) + 0.01)
        << "variance of coordinate " << i;
    // The widest direction mixes orders of magnitude faster.
    if (i == 2) {
      EXPECT_GT(ess_bulk(d), 20 * ess_bulk(coordinate(without, i)));
    }
  }
  EXPECT_EQ(with.chains[0]->preconditioner()->windows_done(), 12);
  EXPECT_EQ(without.chains[0]->preconditioner(), nullptr);
}

void expect_refused(const Model& model, const Options& o, const std::string& naming) {
  const std::string text =
      testing::message_of([&] { sample(model, o, Vec::Zero(model.dim()), nullptr); });
  EXPECT_NE(text.find(naming), std::string::npos) << text;
}

TEST(Preconditioner, SettingsThatCannotWorkAreRefusedByName) {
  const GaussianModel model(Vec::Zero(2), Eigen::MatrixXd::Identity(2, 2));
  auto o = stiff_run("diag", 0.1);
  o.set("n_steps", Index{200});
  o.set("burn_in", Index{0});
  expect_refused(model, o, "'burn_in' = 0");
  o.set("burn_in", Index{50});
  o.set("precondition_steps", Index{60});
  expect_refused(model, o, "'precondition_steps' = 60");
  o.set("precondition_steps", Index{10});
  expect_refused(model, o, "'precondition_steps' = 10");
}

}  // namespace
}  // namespace sgmc
