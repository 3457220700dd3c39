#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc {
namespace {

constexpr double kPi = std::numbers::pi;

struct Evaluation {
  double energy;
  Vec grad;
};

// The gradient buffer starts at a sentinel so that an energy-only call can be
// seen to leave it alone.
Evaluation evaluate(const Model& model, ConstVecRef x, Rng& noise, bool want_gradient = true) {
  Vec batch_grad = Vec::Zero(model.dim()), prior_grad = Vec::Constant(model.dim(), 123.0);
  ModelTerms out{0, 0, batch_grad, prior_grad};
  model.evaluate({x, {}, want_gradient, 0, &noise, nullptr}, out);
  return {out.prior_energy, prior_grad};
}

Vec point(double a) { return Vec::Constant(1, a); }
Vec point(double a, double b) { return Vec{{a, b}}; }

/// Half-width of the box the random points of each target are drawn from:
/// all modes, the tails and (for nine, twentyfive) both sides of the wall.
double box(std::string_view name) { return name == "mix1d" ? 10.0 : name == "nine" ? 4.0 : 6.0; }

/// The wall radius^2 of the cosine-well targets (SPEC §9), 0 for the others.
double wall(std::string_view name) { return name == "nine" ? 7.0 : name == "twentyfive" ? 20.0 : 0; }

TEST(SyntheticTargets, NamesDimensionsAndParameters) {
  const std::vector<std::string_view> names(synthetic_target_names().begin(),
                                            synthetic_target_names().end());
  EXPECT_EQ(names, (std::vector<std::string_view>{"mix1d", "nine", "twentyfive", "gauss25"}));
  for (const auto name : names) {
    const auto target = make_synthetic_target(name, {});
    EXPECT_EQ(target->dim(), name == "mix1d" ? 1 : 2) << name;
    EXPECT_EQ(target->data_size(), 0) << name;
  }
  const auto mix = make_synthetic_target("mix1d", {});
  const auto& mixture = dynamic_cast<const GaussianMixtureTarget&>(*mix);
  EXPECT_EQ(mixture.weights(), Eigen::Vector2d(0.4, 0.6));
  EXPECT_EQ(mixture.centres(), Eigen::RowVector2d(-6.0, 4.0));
  EXPECT_EQ(mixture.variance(), 1.0);
  const auto g25 = make_synthetic_target("gauss25", {});
  const auto& grid = dynamic_cast<const GaussianMixtureTarget&>(*g25);
  EXPECT_EQ(grid.centres(), gauss25_centres());
  EXPECT_EQ(grid.variance(), 0.03);
  EXPECT_EQ(grid.weights(), Eigen::VectorXd::Constant(25, 1.0 / 25));
  const Eigen::MatrixXd centres = gauss25_centres();
  ASSERT_EQ(centres.rows(), 2);
  ASSERT_EQ(centres.cols(), 25);
  for (Index k = 0; k < 25; ++k) {
    for (Index i = 0; i < 2; ++i) {
      const double c = centres(i, k);
      EXPECT_TRUE(c == -4 || c == -2 || c == 0 || c == 2 || c == 4);
    }
    for (Index l = 0; l < k; ++l) EXPECT_NE(centres.col(k), centres.col(l));
  }
}

TEST(SyntheticTargets, GradientsMatchCentralDifferences) {
  Rng rng(42);
  for (const auto name : synthetic_target_names()) {
    const auto target = make_synthetic_target(name, {});
    int checked = 0;
    while (checked < 500) {
      Vec x(target->dim());
      for (auto& xi : x) xi = box(name) * (2.0 * rng.uniform() - 1.0);
      // The wall's indicator makes the gradient jump on r^2 = R.
      if (wall(name) > 0 && std::abs(x.squaredNorm() - wall(name)) < 1e-4) continue;
      ++checked;
      const auto e = evaluate(*target, x, rng);
      EXPECT_EQ(e.energy, target->exact_energy(x));
      EXPECT_EQ(evaluate(*target, x, rng, false).energy, e.energy);
      for (Index i = 0; i < target->dim(); ++i) {
        const double h = 1e-6;
        Vec up = x, down = x;
        up[i] += h;
        down[i] -= h;
        const double numeric = (target->exact_energy(up) - target->exact_energy(down)) / (2 * h);
        EXPECT_NEAR(e.grad[i], numeric, 1e-6 * std::max(1.0, std::abs(numeric)))
            << name << " at " << x.transpose();
      }
    }
  }
}

TEST(SyntheticTargets, EnergiesAtKnownPoints) {
  const auto mix = make_synthetic_target("mix1d", {});
  const auto nine = make_synthetic_target("nine", {});
  const auto twentyfive = make_synthetic_target("twentyfive", {});
  const auto g25 = make_synthetic_target("gauss25", {});
  // mix1d at x = 4: -log(0.6 phi(0) + 0.4 phi(10)), phi(10) = phi(0) e^-50;
  // the minimum energy, ≈ 1.43 (SPEC §9, experiment 1).
  const double log_phi0 = -0.5 * std::log(2 * kPi);
  EXPECT_NEAR(mix->exact_energy(point(4)), -log_phi0 - std::log(0.6 + 0.4 * std::exp(-50.0)), 1e-14);
  EXPECT_NEAR(mix->exact_energy(point(4)), 1.43, 5e-3);
  EXPECT_NEAR(mix->exact_energy(point(-6)), -log_phi0 - std::log(0.4), 1e-14);
  // Far in the tail log-sum-exp keeps the energy finite: at x = 60 it is
  // 56^2 / 2 - log(0.6 phi(0)) to double precision.
  EXPECT_NEAR(mix->exact_energy(point(60)), 1568.0 - log_phi0 - std::log(0.6), 1e-9);
  // nine at the origin: 2 (0 - 10 cos 0) / 3; outside the wall at (3, 0):
  // (9 - 10 cos(3.6 pi) - 10) / 3 + (9 - 7), cos(3.6 pi) = cos(0.4 pi).
  EXPECT_NEAR(nine->exact_energy(point(0, 0)), -20.0 / 3, 1e-14);
  EXPECT_NEAR(nine->exact_energy(point(3, 0)), (-1 - 10 * std::cos(0.4 * kPi)) / 3 + 2, 1e-12);
  EXPECT_NEAR(nine->exact_energy(point(3, 0)), 0.636610, 1e-6);
  // twentyfive at the origin: -4, its minimum (SPEC §9, experiment 3); at
  // (5, 0), outside the wall: 0.2 * 25 - 2 (cos 10 pi + 1) + 5.
  EXPECT_NEAR(twentyfive->exact_energy(point(0, 0)), -4.0, 1e-14);
  EXPECT_NEAR(twentyfive->exact_energy(point(5, 0)), 6.0, 1e-12);
  EXPECT_NEAR(twentyfive->exact_energy(point(1, -1)), 0.4 - 4.0, 1e-12);
  // gauss25 at a mode: -log(phi_2(0) / 25) = log(25 * 2 pi 0.03), the
  // neighbours adding e^(-4 / 0.06) ≈ 1e-29 relative.
  for (const auto& mode : {point(2, -4), point(0, 0), point(-4, 4)}) {
    EXPECT_NEAR(g25->exact_energy(mode), std::log(25 * 2 * kPi * 0.03), 1e-14);
  }
  EXPECT_NEAR(g25->exact_energy(point(0, 0)), 1.550195, 1e-6);
}

TEST(SyntheticTargets, MixturesAreNormalisedDensities) {
  // Midpoint rule, spectrally accurate for these smooth fast-decaying densities.
  const auto mix = make_synthetic_target("mix1d", {});
  double total = 0;
  const double h = 1e-2;
  for (double x = -20; x < 20; x += h) total += std::exp(-mix->exact_energy(point(x + h / 2))) * h;
  EXPECT_NEAR(total, 1.0, 1e-9);
  const auto g25 = make_synthetic_target("gauss25", {});
  total = 0;
  const double h2 = 0.02;
  for (double a = -6; a < 6; a += h2) {
    for (double b = -6; b < 6; b += h2) {
      total += std::exp(-g25->exact_energy(point(a + h2 / 2, b + h2 / 2))) * h2 * h2;
    }
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
}

/// The normalising constant of the bowl without its wall,
/// int exp(-q r^2 + c sum_i cos(w x_i)) dx over R^2 with w = f pi, in closed
/// form: by e^(c cos t) = I0(c) + 2 sum_n In(c) cos(n t), each coordinate's
/// integral is sqrt(pi/q) (I0(c) + 2 sum_n In(c) e^(-n^2 w^2 / 4q)).
double bowl_constant(double q, double c, double f) {
  const double w = f * kPi;
  double series = std::cyl_bessel_i(0.0, c);
  for (int n = 1; n < 40; ++n) {
    series += 2 * std::cyl_bessel_i(static_cast<double>(n), c) * std::exp(-n * n * w * w / (4 * q));
  }
  return std::pow(std::sqrt(kPi / q) * series, 2);
}

TEST(SyntheticTargets, CosineWellsIntegrateToTheirDefinition) {
  struct Case {
    std::string_view name;
    double q, c, f, wall;  // SPEC §9: q r^2 - c sum cos(f pi x_i) + 1{r^2 > R}(r^2 - R)
  };
  for (const Case& t : {Case{"nine", 1.0 / 3, 10.0 / 3, 1.2, 7.0},
                        Case{"twentyfive", 0.2, 2.0, 2.0, 20.0}}) {
    const auto target = make_synthetic_target(t.name, {});
    // int exp(-U) = (bowl constant) - int_{r^2 > R} exp(-bowl) (1 - e^-(r^2 - R)):
    // the grid sums of both terms on the left add to a smooth integrand. The
    // bowl alone decays like e^(-q r^2), hence the wide grid.
    const double h = 0.02, half = 14.0;
    double mass = 0, wall_loss = 0, outside_box = 0;
    for (double a = -half + h / 2; a < half; a += h) {
      for (double b = -half + h / 2; b < half; b += h) {
        const double p = std::exp(-target->exact_energy(point(a, b)));
        mass += p;
        if (std::abs(a) > 2.5 || std::abs(b) > 2.5) outside_box += p;
        const double r2 = a * a + b * b;
        if (r2 > t.wall) {
          const double bowl = t.q * r2 - t.c * (std::cos(t.f * kPi * a) + std::cos(t.f * kPi * b));
          wall_loss += std::exp(-bowl) * -std::expm1(-(r2 - t.wall));
        }
      }
    }
    const double closed = bowl_constant(t.q, t.c, t.f);
    EXPECT_NEAR((mass + wall_loss) * h * h, closed, 1e-10 * closed) << t.name;
    EXPECT_GT(wall_loss, 0.0);
    // SPEC §9, experiment 3: 19.5% of twentyfive's mass lies outside [-2.5, 2.5]^2.
    if (t.name == "twentyfive") {
      EXPECT_NEAR(outside_box / mass, 0.195, 1e-3);
    }
  }
}

TEST(SyntheticTargets, NoiseHasTheRequestedSpread) {
  const double energy_sd = 0.25, grad_sd = 0.1;
  Rng points(3), rng(8);
  for (const auto name : synthetic_target_names()) {
    const auto noisy = make_synthetic_target(name, {energy_sd, grad_sd});
    Vec x(noisy->dim());
    for (auto& xi : x) xi = 2.0 * points.uniform() - 1.0;
    const double exact = noisy->exact_energy(x);
    const Vec exact_grad = evaluate(*make_synthetic_target(name, {}), x, rng).grad;
    const int n = 20000;
    const double m = static_cast<double>(n * noisy->dim());
    double sum = 0, sum2 = 0, gsum = 0, gsum2 = 0;
    for (int k = 0; k < n; ++k) {
      const auto e = evaluate(*noisy, x, rng);
      sum += e.energy - exact;
      sum2 += std::pow(e.energy - exact, 2);
      gsum += (e.grad - exact_grad).sum();
      gsum2 += (e.grad - exact_grad).squaredNorm();
    }
    // Means within 5 standard errors; the variance of n normals has relative
    // standard deviation sqrt(2/n).
    EXPECT_NEAR(sum / n, 0.0, 5 * energy_sd / std::sqrt(n)) << name;
    EXPECT_NEAR(sum2 / n, energy_sd * energy_sd, 5 * energy_sd * energy_sd * std::sqrt(2.0 / n)) << name;
    EXPECT_NEAR(gsum / m, 0.0, 5 * grad_sd / std::sqrt(m)) << name;
    EXPECT_NEAR(gsum2 / m, grad_sd * grad_sd, 5 * grad_sd * grad_sd * std::sqrt(2.0 / m)) << name;
  }
}

TEST(SyntheticTargets, NoiseIsDrawnOnlyWhenAskedFor) {
  const Vec x = point(0.3, -1.1);
  const auto exact = make_synthetic_target("nine", {});
  const double u = exact->exact_energy(x);
  // s = 0: exact values, no draw from the stream.
  Rng quiet(8);
  const auto e = evaluate(*exact, x, quiet);
  EXPECT_EQ(e.energy, u);
  EXPECT_EQ(quiet.state(), Rng(8).state());
  // Gradient noise only: an energy-only request is exact and draws nothing.
  const auto grad_noise = make_synthetic_target("nine", {0.0, 2.0});
  const auto energy_only = evaluate(*grad_noise, x, quiet, false);
  EXPECT_EQ(energy_only.energy, u);
  EXPECT_EQ(energy_only.grad, Vec::Constant(2, 123.0));
  EXPECT_EQ(quiet.state(), Rng(8).state());
  const auto with_grad = evaluate(*grad_noise, x, quiet);
  EXPECT_EQ(with_grad.energy, u);
  EXPECT_NE(with_grad.grad, e.grad);
  // Energy noise on an energy-only request leaves the gradient alone, and
  // the same stream state gives the same noise.
  const auto energy_noise = make_synthetic_target("nine", {0.5, 2.0});
  Rng a(9), b(9);
  const auto first = evaluate(*energy_noise, x, a, false);
  EXPECT_NE(first.energy, u);
  EXPECT_EQ(first.grad, Vec::Constant(2, 123.0));
  EXPECT_EQ(evaluate(*energy_noise, x, b, false).energy, first.energy);
  EXPECT_EQ(a.state(), b.state());
  // A draw without a stream is a state error, not a crash.
  Vec g1 = Vec::Zero(2), g2 = Vec::Zero(2);
  ModelTerms out{0, 0, g1, g2};
  try {
    energy_noise->evaluate({x, {}, true, 0, nullptr, nullptr}, out);
    FAIL();
  } catch (const Error& err) {
    EXPECT_EQ(err.kind(), ErrorKind::kState);
  }
}

TEST(SyntheticTargets, BadArgumentsAreNamed) {
  try {
    make_synthetic_target("ten", {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
    EXPECT_STREQ(e.what(), "argument 'target' = \"ten\": must be one of mix1d, nine, twentyfive, gauss25");
  }
  try {
    make_synthetic_target("nine", {-1.0, 0.0});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'energy_noise_sd' = -1: must be finite and >= 0");
  }
  EXPECT_THROW(make_synthetic_target("nine", {0.0, std::nan("")}), Error);
  try {
    GaussianMixtureTarget(Eigen::Vector2d(0.5, 0.6), Eigen::RowVector2d(0, 1), 1.0, {});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'weights' = a vector summing to 1.1000000000000001: must be "
                           "positive and sum to one");
  }
  EXPECT_THROW(GaussianMixtureTarget(Eigen::Vector3d(0.2, 0.3, 0.5), Eigen::RowVector2d(0, 1), 1.0, {}),
               Error);
  EXPECT_THROW(GaussianMixtureTarget(Eigen::Vector2d(0.5, 0.5), Eigen::RowVector2d(0, 1), 0.0, {}),
               Error);
}

}  // namespace
}  // namespace sgmc
