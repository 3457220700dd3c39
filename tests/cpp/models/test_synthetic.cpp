#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <Eigen/LU>

#include "sgmc/core/error.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc {
namespace {

struct Evaluation {
  double energy;
  Vec grad;
};

Evaluation evaluate(const Model& model, ConstVecRef x, Rng* noise = nullptr) {
  Vec batch_grad = Vec::Zero(model.dim()), prior_grad = Vec::Zero(model.dim());
  ModelTerms out{0, 0, batch_grad, prior_grad};
  Rng rng(3);
  model.evaluate({x, {}, true, 0, noise ? noise : &rng, nullptr}, out);
  return {out.prior_energy, prior_grad};
}

TEST(SyntheticTargets, GradientsMatchCentralDifferences) {
  Rng rng(42);
  for (const auto name : synthetic_target_names()) {
    const auto target = make_synthetic_target(name, {});
    for (int trial = 0; trial < 200; ++trial) {
      Vec x(target->dim());
      for (auto& xi : x) xi = -5.5 + 11.0 * rng.uniform();
      const auto e = evaluate(*target, x);
      EXPECT_DOUBLE_EQ(e.energy, target->exact_energy(x));
      for (Index i = 0; i < target->dim(); ++i) {
        const double h = 1e-6;
        Vec up = x, down = x;
        up[i] += h;
        down[i] -= h;
        const double numeric = (target->exact_energy(up) - target->exact_energy(down)) / (2 * h);
        EXPECT_NEAR(e.grad[i], numeric, 1e-5 * (1.0 + std::abs(numeric))) << name << " at " << x.transpose();
      }
    }
  }
}

TEST(SyntheticTargets, EnergiesAtKnownPoints) {
  const double pi = std::numbers::pi;
  // mix1d at x = 4: -log(0.4 phi(10) + 0.6 phi(0)).
  const double phi0 = 1.0 / std::sqrt(2 * pi);
  EXPECT_NEAR(make_synthetic_target("mix1d", {})->exact_energy(Vec::Constant(1, 4.0)),
              -std::log(0.4 * phi0 * std::exp(-50.0) + 0.6 * phi0), 1e-12);
  // nine at the origin: 2 * (0 - 10) / 3; twentyfive at the origin: -4.
  EXPECT_NEAR(make_synthetic_target("nine", {})->exact_energy(Vec::Zero(2)), -20.0 / 3, 1e-12);
  EXPECT_NEAR(make_synthetic_target("twentyfive", {})->exact_energy(Vec::Zero(2)), -4.0, 1e-12);
  // twentyfive outside the wall, x = (5, 0): 0.2*25 - 2(cos 10 pi + 1) + 5.
  EXPECT_NEAR(make_synthetic_target("twentyfive", {})->exact_energy(Vec{{5.0, 0.0}}), 6.0, 1e-12);
}

TEST(SyntheticTargets, MixturesAreNormalisedDensities) {
  // exp(-U) integrates to 1 for mix1d and gauss25 (midpoint rule).
  const auto mix = make_synthetic_target("mix1d", {});
  double total = 0;
  const double h = 1e-3;
  for (double x = -20; x < 20; x += h) total += std::exp(-mix->exact_energy(Vec::Constant(1, x + h / 2))) * h;
  EXPECT_NEAR(total, 1.0, 1e-9);
  const auto g25 = make_synthetic_target("gauss25", {});
  total = 0;
  const double h2 = 0.01;
  for (double a = -6; a < 6; a += h2) {
    for (double b = -6; b < 6; b += h2) total += std::exp(-g25->exact_energy(Vec{{a + h2 / 2, b + h2 / 2}})) * h2 * h2;
  }
  EXPECT_NEAR(total, 1.0, 1e-6);
  EXPECT_EQ(gauss25_centres().cols(), 25);
}

TEST(SyntheticTargets, NoiseHasTheRequestedSpreadAndZeroNoiseDrawsNothing) {
  const auto noisy = make_synthetic_target("nine", {0.5, 2.0});
  const Vec x{{0.3, -1.1}};
  const double exact = noisy->exact_energy(x);
  const int n = 20000;
  Rng rng(8);
  double sum = 0, sum2 = 0, gsum2 = 0;
  const Vec exact_grad = evaluate(*make_synthetic_target("nine", {}), x).grad;
  for (int i = 0; i < n; ++i) {
    const auto e = evaluate(*noisy, x, &rng);
    sum += e.energy - exact;
    sum2 += (e.energy - exact) * (e.energy - exact);
    gsum2 += (e.grad[0] - exact_grad[0]) * (e.grad[0] - exact_grad[0]);
  }
  EXPECT_NEAR(sum / n, 0.0, 5 * 0.5 / std::sqrt(n));
  // The sample variance of n normals has relative sd sqrt(2/n).
  EXPECT_NEAR(sum2 / n, 0.25, 5 * 0.25 * std::sqrt(2.0 / n));
  EXPECT_NEAR(gsum2 / n, 4.0, 5 * 4.0 * std::sqrt(2.0 / n));
  Rng quiet(8);
  evaluate(*make_synthetic_target("nine", {}), x, &quiet);
  EXPECT_EQ(quiet.state(), Rng(8).state());
}

TEST(SyntheticTargets, UnknownNameAndBadNoiseAreNamed) {
  try {
    make_synthetic_target("ten", {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'target' = \"ten\": must be one of mix1d, nine, twentyfive, gauss25");
  }
  EXPECT_THROW(make_synthetic_target("nine", {-1.0, 0.0}), Error);
  EXPECT_THROW(make_synthetic_target("nine", {0.0, std::nan("")}), Error);
}

TEST(GaussianModel, EnergyAndGradientAreExact) {
  const Vec mean{{1.0, -1.0}};
  const Eigen::MatrixXd cov{{2.0, 0.5}, {0.5, 1.0}};
  GaussianModel model(mean, cov);
  const Vec x{{0.3, 0.7}};
  const Vec r = x - mean;
  const Eigen::MatrixXd p = cov.inverse();
  const auto e = evaluate(model, x);
  EXPECT_NEAR(e.energy, 0.5 * r.dot(p * r), 1e-12);
  EXPECT_LT((e.grad - p * r).cwiseAbs().maxCoeff(), 1e-12);
  // Energy-only evaluation gives the same energy.
  Vec g1 = Vec::Zero(2), g2 = Vec::Zero(2);
  ModelTerms out{0, 0, g1, g2};
  Rng rng(1);
  model.evaluate({x, {}, false, 0, &rng, nullptr}, out);
  EXPECT_NEAR(out.prior_energy, e.energy, 1e-12);
}

TEST(GaussianModel, RejectsBadCovariance) {
  const Vec mean = Vec::Zero(2);
  EXPECT_THROW(GaussianModel(mean, Eigen::MatrixXd{{1.0, 2.0}, {2.0, 1.0}}), Error);  // not PD
  EXPECT_THROW(GaussianModel(mean, Eigen::MatrixXd{{1.0, 0.1}, {0.0, 1.0}}), Error);  // not symmetric
  EXPECT_THROW(GaussianModel(mean, Eigen::MatrixXd::Identity(3, 3)), Error);          // wrong size
  try {
    GaussianModel(mean, Eigen::MatrixXd{{1.0, 2.0}, {2.0, 1.0}});
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("argument 'covariance'"), std::string::npos);
  }
}

}  // namespace
}  // namespace sgmc
