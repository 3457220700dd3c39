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
#include "sgmc/data/dataset.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/random/normal.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "support/error_message.hpp"
#include "support/monte_carlo.hpp"
#include "support/toy_models.hpp"

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

/// The largest eigenvalue of L' H L: the curvature the kernel sees in y.
double curvature_in_y(const Preconditioner& p, const Eigen::MatrixXd& h) {
  const Eigen::MatrixXd l = p.factor().size() > 0 ? p.factor()
                                                  : Eigen::MatrixXd(p.scales().asDiagonal());
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(l.transpose() * h * l,
                                                        Eigen::EigenvaluesOnly)
      .eigenvalues()
      .maxCoeff();
}

TEST(Preconditioner, GradientNoiseCannotMakeTheStepUnstable) {
  // H = diag(1000, 1), the second coordinate prior-only (no noise) and batch
  // noise of variance V = 10 H_11 on the first (docs/preconditioning.md).
  // Scaled by the gradients' covariance alone, c^2 = 3,317 and the second
  // coordinate's curvature in y is 3,317 > 1,000: a step stable in x would
  // be unstable in y. The slope Cov(g, x) / Var x is not inflated by noise.
  const Eigen::MatrixXd h = Vec{{1000.0, 1.0}}.asDiagonal();
  const double noise_sd = std::sqrt(10.0 * 1000.0);
  NormalSource normal(Rng::stream(5, 0, StreamPurpose::kMoves));
  const Index warm_up = 6000;
  Preconditioner diag(PreconditionKind::kDiag, 2, warm_up);
  Preconditioner dense(PreconditionKind::kDense, 2, warm_up);
  Vec w(3);
  for (Index k = 1; k <= warm_up; ++k) {
    normal.fill(w.data(), 3);
    const Vec x{{w[0] / std::sqrt(1000.0), w[1]}};
    const Vec g{{1000.0 * x[0] + noise_sd * w[2], x[1]}};
    diag.add(x, g);
    dense.add(x, g);
    diag.end_window(k);
    dense.end_window(k);
  }
  // The last window holds n = 4,000 draws; the slope of the first
  // coordinate has standard error sqrt(V / (Var x_1 n)) = 50, 5% of 1,000.
  const Index n = warm_up - dense.window_ends()[dense.window_ends().size() - 2];
  const double relative_se = noise_sd / std::sqrt(static_cast<double>(n) / 1000.0) / 1000.0;
  EXPECT_LT(curvature_in_y(diag, h), 1000.0 * (1.0 + 4.0 * relative_se));
  EXPECT_LT(curvature_in_y(dense, h), 1000.0 * (1.0 + 4.0 * relative_se));
  // And the quiet coordinate is still scaled up: it moves faster than in x.
  EXPECT_GT(diag.scales()[1], 20.0);
}

TEST(Preconditioner, MapsASecondMomentOfGradientsIntoTheNewCoordinates) {
  // diag: g_y = s g_x, so a second moment of g_y scales by (s_new / s_old)^2.
  const Eigen::MatrixXd sigma = stiff_covariance();
  const Eigen::MatrixXd root = sigma.llt().matrixL();
  const Eigen::MatrixXd precision = sigma.inverse();
  NormalSource normal(Rng::stream(9, 0, StreamPurpose::kMoves));
  Preconditioner diag(PreconditionKind::kDiag, 3, 100);
  Preconditioner dense(PreconditionKind::kDense, 3, 100);
  Vec w(3);
  for (Index k = 1; k <= 50; ++k) {
    normal.fill(w.data(), 3);
    const Vec x = root * w;
    diag.add(x, precision * x);
    dense.add(x, precision * x);
  }
  ASSERT_TRUE(diag.end_window(50));
  ASSERT_TRUE(dense.end_window(50));
  Vec v = Vec{{1.0, 2.0, 3.0}};
  diag.map_gradient_moment(v);
  for (Index i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(v[i], (static_cast<double>(i) + 1.0) * std::pow(diag.scales()[i], 2));
  // dense, from L = I: A = L_new', so v_i <- sum_j L_ji^2 v_j.
  v = Vec{{1.0, 2.0, 3.0}};
  dense.map_gradient_moment(v);
  const Vec expected = dense.factor().transpose().cwiseAbs2() * Vec{{1.0, 2.0, 3.0}};
  for (Index i = 0; i < 3; ++i) EXPECT_NEAR(v[i], expected[i], 1e-12 * expected[i]);
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

TEST(Preconditioner, DiagSgldStaysStableOnARegressionWithAnAllZeroFeature) {
  // The run of issue #31: y = a_1 w_1 + noise with a_1 ~ N(0, 1), a second
  // feature that is zero in every row (w_2 is prior-only, N(0, 1)), known
  // sigma = 1, no intercept; N = 1000, batch 100. H = diag(~1000, 1); the
  // batch gradient's noise variance on w_1 is about (N^2 / n) Var(a r) =
  // 1e4 = 10 H_11. step 1.5e-3 is stable in x (2 / 1000 = 2e-3); scaled by
  // the gradients' covariance alone, w_2's curvature in y was about 3,300
  // and the run diverged after the first window.
  const Index n_rows = 1000;
  NormalSource normal(Rng::stream(21, 0, StreamPurpose::kMoves));
  std::vector<double> features(static_cast<std::size_t>(2 * n_rows), 0.0);
  std::vector<double> targets(static_cast<std::size_t>(n_rows));
  for (Index i = 0; i < n_rows; ++i) {
    const double a = normal.next();
    features[static_cast<std::size_t>(2 * i)] = a;
    targets[static_cast<std::size_t>(i)] = 0.5 * a + normal.next();
  }
  const LinearRegression model(Dataset::copy(n_rows, 2, features.data(), targets.data()),
                               LinearPriors{false, CoefPrior::kNormal, 1.0, NoisePrior::kKnown, 1.0});
  Options o;
  o.set("sampler", std::string("sgld"));
  o.set("step_size", 1.5e-3);
  o.set("batch_size", Index{100});
  o.set("n_steps", Index{24000});
  o.set("burn_in", Index{4000});
  o.set("thin", Index{4});
  o.set("seed", Index{2});
  o.set("precondition", std::string("diag"));
  const auto run = sample(model, o, Vec::Zero(2), nullptr);
  // w_2's posterior is its prior N(0, 1). The step keeps its meaning: w_2's
  // curvature in y is at most the stiffest in x, H_11 = 1 + sum a_i^2, so
  // its variance is inflated at most as SGLD's in that direction is,
  // 1 / (1 - eps H_11 / 2) (about 4 at this step, 75% of the stable limit),
  // within 4 standard errors (batch means).
  double h11 = 1.0;
  for (Index i = 0; i < n_rows; ++i) h11 += std::pow(features[static_cast<std::size_t>(2 * i)], 2);
  const double inflation = 1.0 / (1.0 - 1.5e-3 * h11 / 2.0);
  std::vector<Vec> squares{(coordinate(run, 1).col(0).array().square()).matrix()};
  const auto v = testing::batch_means(squares);
  ASSERT_TRUE(run.chains[0]->draws().draws().allFinite());
  EXPECT_LT(v.mean, inflation + 4 * v.se) << "inflation " << inflation;
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

TEST(Preconditioner, MhbtKeepsItsAdaptiveBetaAndCountsAcrossWindows) {
  // Each window's end rebuilds the kernel in the new coordinates; MHBT's
  // statistics (acceptance counts and adaptive beta, one struct) go on from
  // where they were: the counts cover every iteration, not only those after
  // the last window's end (1500).
  const testing::QuadraticDataModel model(Eigen::MatrixXd::Random(2, 500), 10.0);
  Options o;
  o.set("sampler", std::string("mhbt"));
  o.set("batch_size", Index{50});
  o.set("proposal", std::string("rsgld"));
  o.set("rsgld_adaptive_beta", Index{1});
  o.set("step_size", 1e-3);
  o.set("n_steps", Index{3000});
  o.set("burn_in", Index{1500});
  o.set("precondition", std::string("diag"));
  o.set("seed", Index{4});
  const auto run = sample(model, o, Vec::Zero(2), nullptr);
  const auto& mhbt = dynamic_cast<const Mhbt&>(run.chains[0]->kernel());
  EXPECT_EQ(mhbt.stats().proposed, 3000);
}

}  // namespace
}  // namespace sgmc
