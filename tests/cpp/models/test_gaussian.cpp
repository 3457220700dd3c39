#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "sgmc/core/error.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/error_message.hpp"

namespace sgmc {
namespace {

struct Evaluation {
  double energy;
  Vec grad;
};

Evaluation evaluate(const Model& model, ConstVecRef x, Rng& noise, bool want_gradient = true) {
  Vec batch_grad = Vec::Zero(model.dim()), prior_grad = Vec::Zero(model.dim());
  ModelTerms out{0, 0, batch_grad, prior_grad};
  model.evaluate({x, {}, want_gradient, 0, &noise, nullptr}, out);
  return {out.prior_energy, prior_grad};
}

using testing::message_of;

TEST(GaussianModel, EnergyAndGradientAreExact) {
  const Vec mean{{1.0, -1.0}};
  const Eigen::MatrixXd cov{{2.0, 0.5}, {0.5, 1.0}};
  const GaussianModel model(mean, cov);
  EXPECT_EQ(model.dim(), 2);
  EXPECT_EQ(model.data_size(), 0);
  EXPECT_EQ(model.mean(), mean);
  EXPECT_EQ(model.covariance(), cov);
  // By hand: cov^-1 = [[1, -0.5], [-0.5, 2]] / 1.75; r = x - mean = (-0.7, 1.7);
  // r' cov^-1 r = (0.49 + 1.19 + 5.78) / 1.75 = 7.46 / 1.75.
  const Vec x{{0.3, 0.7}};
  Rng rng(1);
  const auto e = evaluate(model, x, rng);
  EXPECT_NEAR(e.energy, 0.5 * 7.46 / 1.75, 1e-14);
  EXPECT_NEAR(e.grad[0], (-0.7 - 0.85) / 1.75, 1e-14);
  EXPECT_NEAR(e.grad[1], (0.35 + 3.4) / 1.75, 1e-14);
  EXPECT_EQ(evaluate(model, mean, rng).energy, 0.0);
  // An energy-only evaluation gives the same energy and leaves the gradient alone.
  const auto energy_only = evaluate(model, x, rng, false);
  EXPECT_NEAR(energy_only.energy, e.energy, 1e-14);
  EXPECT_EQ(energy_only.grad, Vec::Zero(2));
}

TEST(GaussianModel, GradientMatchesCentralDifferencesOnACorrelatedTarget) {
  const Index d = 6;
  Rng rng(5);
  Vec mean(d);
  for (auto& m : mean) m = 4.0 * rng.uniform() - 2.0;
  const GaussianModel model(mean, ar1_covariance(d, 0.9, 2.0));
  const Eigen::MatrixXd precision = model.covariance().inverse();
  for (int trial = 0; trial < 100; ++trial) {
    Vec x(d);
    for (auto& xi : x) xi = 10.0 * rng.uniform() - 5.0;
    const auto e = evaluate(model, x, rng);
    EXPECT_NEAR(e.energy, 0.5 * (x - mean).dot(precision * (x - mean)), 1e-10 * (1 + e.energy));
    EXPECT_NEAR(evaluate(model, x, rng, false).energy, e.energy, 1e-10 * (1 + e.energy));
    for (Index i = 0; i < d; ++i) {
      const double h = 1e-5;
      Vec up = x, down = x;
      up[i] += h;
      down[i] -= h;
      const double numeric = (evaluate(model, up, rng, false).energy -
                              evaluate(model, down, rng, false).energy) / (2 * h);
      EXPECT_NEAR(e.grad[i], numeric, 1e-6 * std::max(1.0, std::abs(numeric)));
    }
  }
}

TEST(GaussianModel, Ar1CovarianceIsTheStationaryAr1Matrix) {
  const Eigen::MatrixXd c = ar1_covariance(4, -0.5, 3.0);
  EXPECT_DOUBLE_EQ(c(0, 0), 3.0);
  EXPECT_DOUBLE_EQ(c(2, 1), -1.5);
  EXPECT_DOUBLE_EQ(c(0, 3), -0.375);
  EXPECT_EQ(c, c.transpose());
  EXPECT_EQ(Eigen::LLT<Eigen::MatrixXd>(ar1_covariance(50, 0.99, 1.0)).info(), Eigen::Success);
  EXPECT_EQ(message_of([] { ar1_covariance(3, 1.0, 1.0); }),
            "argument 'rho' = 1: must lie in (-1, 1)");
  EXPECT_EQ(message_of([] { ar1_covariance(3, 0.5, 0.0); }),
            "argument 'variance' = 0: must be finite and > 0");
  EXPECT_EQ(message_of([] { ar1_covariance(0, 0.5, 1.0); }), "argument 'dim' = 0: must be >= 1");
}

TEST(GaussianModel, TargetNoiseHasTheRequestedSpread) {
  const Vec mean{{0.5, 1.0, -2.0}};
  const Eigen::MatrixXd cov = ar1_covariance(3, 0.3, 1.5);
  const GaussianModel exact(mean, cov), noisy(mean, cov, {0.3, 0.7});
  const Vec x{{1.0, 0.0, 1.0}};
  Rng rng(11);
  const auto reference = evaluate(exact, x, rng);
  const int n = 20000;
  double sum = 0, sum2 = 0, gsum = 0, gsum2 = 0;
  for (int k = 0; k < n; ++k) {
    const auto e = evaluate(noisy, x, rng);
    sum += e.energy - reference.energy;
    sum2 += std::pow(e.energy - reference.energy, 2);
    gsum += (e.grad - reference.grad).sum();
    gsum2 += (e.grad - reference.grad).squaredNorm();
  }
  EXPECT_NEAR(sum / n, 0.0, 5 * 0.3 / std::sqrt(n));
  EXPECT_NEAR(sum2 / n, 0.09, 5 * 0.09 * std::sqrt(2.0 / n));
  EXPECT_NEAR(gsum / (3 * n), 0.0, 5 * 0.7 / std::sqrt(3 * n));
  EXPECT_NEAR(gsum2 / (3 * n), 0.49, 5 * 0.49 * std::sqrt(2.0 / (3 * n)));
  // Without noise the stream is not touched.
  Rng quiet(11);
  evaluate(exact, x, quiet);
  EXPECT_EQ(quiet.state(), Rng(11).state());
}

TEST(GaussianModel, RejectsBadArgumentsNamingThem) {
  const Vec mean = Vec::Zero(2);
  EXPECT_EQ(message_of([&] { GaussianModel(mean, Eigen::MatrixXd{{1.0, 0.0}, {0.0, -2.0}}); }),
            "argument 'covariance' = a matrix with smallest eigenvalue -2: must be positive "
            "definite");
  const std::string indefinite =
      message_of([&] { GaussianModel(mean, Eigen::MatrixXd{{1.0, 2.0}, {2.0, 1.0}}); });
  EXPECT_EQ(indefinite.rfind("argument 'covariance' = a matrix with smallest eigenvalue -0.99999", 0),
            0u)
      << indefinite;
  EXPECT_EQ(message_of([&] { GaussianModel(mean, Eigen::MatrixXd{{1.0, 0.1}, {0.0, 1.0}}); }),
            "argument 'covariance' = a matrix with covariance(0,1) = 0.10000000000000001 but "
            "covariance(1,0) = 0: must be symmetric");
  EXPECT_EQ(message_of([&] { GaussianModel(mean, Eigen::MatrixXd::Identity(3, 3)); }),
            "argument 'covariance' = a 3 x 3 matrix: must be 2 x 2, the size of 'mean'");
  EXPECT_EQ(message_of([&] { GaussianModel(mean, Eigen::MatrixXd{{1.0, NAN}, {NAN, 1.0}}); }),
            "argument 'covariance' = a matrix with covariance(1,0) = nan: must be finite");
  EXPECT_EQ(message_of([] { GaussianModel(Vec{{0.0, INFINITY}}, Eigen::MatrixXd::Identity(2, 2)); }),
            "argument 'mean' = a vector with mean[1] = inf: must be finite");
  EXPECT_EQ(message_of([] { GaussianModel(Vec(0), Eigen::MatrixXd(0, 0)); }),
            "argument 'mean' = an empty vector: must have at least one entry");
  EXPECT_EQ(message_of([&] { GaussianModel(mean, Eigen::MatrixXd::Identity(2, 2), {0.0, -1.0}); }),
            "argument 'grad_noise_sd' = -1: must be finite and >= 0");
}

}  // namespace
}  // namespace sgmc
