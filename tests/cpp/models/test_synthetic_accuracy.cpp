// Issue #21: the vectorised synthetic targets against straightforward
// long-double references, at many points from the modes out to |x| = 1e3
// where every exp but one underflows; and the sin/cos kernel of the
// cosine wells against sinl/cosl.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string_view>
#include <vector>

#include "sgmc/models/sincos.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc {
namespace {

using Real = long double;
constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr Real kPiL = std::numbers::pi_v<long double>;

/// A reference value of U or of one gradient coordinate, with the error a
/// correct double evaluation may make.
struct Reference {
  Real energy;
  std::vector<Real> grad;
  std::vector<Real> grad_tolerance;
};

/// -log sum_k w_k N(x; mu_k, s2_k I) term by term in long double. The
/// gradient's tolerance follows the double code's rounding: l_k =
/// log_norm_k - |x - mu_k|^2 / 2 s2_k is off by at most (d + 6) eps A_k,
/// A_k = |log_norm_k| + |x - mu_k|^2 / 2 s2_k; exp(l_k - m) then by
/// eta_k = (d + 6) eps (A_k + A_m) + eps |l_k - m| + 4 eps relatively, except
/// for a clear largest term (exp(0) = 1 exactly); their sum by eta_t =
/// sum_k resp_k eta_k + K eps; and grad_i = sum_k resp_k g_ik, g_ik =
/// (x_i - mu_ik) / s2_k, by sum_k resp_k |g_ik| (eta_k + eta_t + 4 eps).
/// Twice that is the tolerance.
Reference mixture_reference(const GaussianMixtureTarget& target, const Vec& x) {
  const Index d = target.dim(), k_count = target.weights().size();
  std::vector<Real> l(k_count), a(k_count);
  for (Index k = 0; k < k_count; ++k) {
    Real sq = 0;
    for (Index i = 0; i < d; ++i) sq += std::pow(Real(x[i]) - target.centres()(i, k), 2);
    const Real s2 = target.variances()[k];
    const Real log_norm = std::log(Real(target.weights()[k])) - Real(0.5) * d * std::log(2 * kPiL * s2);
    l[k] = log_norm - sq / (2 * s2);
    a[k] = std::abs(log_norm) + sq / (2 * s2);
  }
  Index top = 0;
  for (Index k = 1; k < k_count; ++k) top = l[k] > l[top] ? k : top;
  const Real m = l[top];
  const auto l_error = [&](Index k) { return static_cast<Real>(d + 6) * kEps * a[k]; };
  bool clear_top = true;
  for (Index k = 0; k < k_count; ++k) {
    if (k != top && l[top] - l[k] <= 2 * (l_error(top) + l_error(k))) clear_top = false;
  }
  Real total = 0;
  std::vector<Real> e(k_count), eta(k_count);
  for (Index k = 0; k < k_count; ++k) {
    e[k] = std::exp(l[k] - m);
    total += e[k];
    eta[k] = (k == top && clear_top) ? 0 : l_error(k) + l_error(top) + kEps * (m - l[k]) + 4 * kEps;
  }
  Real eta_total = static_cast<Real>(k_count) * kEps;
  for (Index k = 0; k < k_count; ++k) eta_total += e[k] / total * eta[k];
  Reference ref{-(m + std::log(total)), std::vector<Real>(d, 0), std::vector<Real>(d, 0)};
  for (Index k = 0; k < k_count; ++k) {
    for (Index i = 0; i < d; ++i) {
      const Real g = (Real(x[i]) - target.centres()(i, k)) / target.variances()[k];
      ref.grad[i] += e[k] / total * g;
      ref.grad_tolerance[i] += 2 * e[k] / total * std::abs(g) * (eta[k] + eta_total + 4 * kEps);
    }
  }
  return ref;
}

/// SPEC §9's cosine wells, U = q r^2 - c sum_i cos(f pi x_i) + 1{r^2 > R}
/// (r^2 - R), in long double. The double code rounds f pi x_i (1.5 ulp)
/// before its sin and cos (2.5 ulp), which moves each by up to 2 eps |f pi
/// x_i|; every other term is off by a few eps of its size. Tolerance: 8 eps
/// times the sum of the terms' sizes and of those argument errors.
struct CosineWell {
  std::string_view name;
  Real q, c, f, wall;

  Reference reference(const Vec& x) const {
    const Real r2 = std::pow(Real(x[0]), 2) + std::pow(Real(x[1]), 2);
    const bool outside = r2 > wall;
    Reference ref{q * r2 + (outside ? r2 - wall : 0), {0, 0}, {0, 0}};
    for (Index i = 0; i < 2; ++i) {
      const Real arg = f * kPiL * x[i];
      ref.energy -= c * std::cos(arg);
      ref.grad[i] = 2 * q * x[i] + c * f * kPiL * std::sin(arg) + (outside ? 2 * x[i] : 0);
      ref.grad_tolerance[i] = 8 * kEps * (2 * q * std::abs(x[i]) + c * f * kPiL * (1 + 2 * std::abs(arg)) +
                                          (outside ? 2 * std::abs(x[i]) : 0));
    }
    return ref;
  }

  /// The sizes of U's terms: U crosses zero, so its relative error is
  /// measured against them.
  Real scale(const Vec& x) const {
    const Real r2 = std::pow(Real(x[0]), 2) + std::pow(Real(x[1]), 2);
    return (q + 1) * r2 + 2 * c + wall;
  }
};

const CosineWell kNine{"nine", 1.0L / 3, 10.0L / 3, 1.2L, 7};
const CosineWell kTwentyfive{"twentyfive", 0.2L, 2, 2, 20};

/// Points near and between the modes, the tails, and out to |x| = 1e3:
/// random in a box, random with log-uniform radius, every mode centre and
/// midpoint of a grid of spacing 1 (ties between components), and points
/// on far bisectors (ties far out, where each l_k is ~1e7).
std::vector<Vec> test_points(Index dim) {
  std::vector<Vec> xs;
  Rng rng(2021);
  for (int n = 0; n < 2000; ++n) {
    Vec x(dim);
    for (double& xi : x) xi = 12.0 * rng.uniform() - 6.0;
    xs.push_back(x);
  }
  for (int n = 0; n < 2000; ++n) {
    Vec x(dim);
    for (double& xi : x) xi = 2.0 * rng.uniform() - 1.0;
    x *= std::pow(10.0, 3.0 * rng.uniform()) / x.norm();
    xs.push_back(x);
  }
  for (int a = -12; a <= 12; ++a) {
    if (dim == 1) {
      xs.push_back(Vec::Constant(1, a / 2.0));
      continue;
    }
    for (int b = -12; b <= 12; ++b) xs.push_back(Vec{{a / 2.0, b / 2.0}});
  }
  for (const double far : {37.0, -250.5, 999.0, -1000.0}) {
    xs.push_back(dim == 1 ? Vec::Constant(1, far) : Vec{{1.0, far}});
    if (dim == 2) xs.push_back(Vec{{far, -3.0}});
    if (dim == 2) xs.push_back(Vec{{1.1, far}});
  }
  return xs;
}

struct Evaluation {
  double energy;
  Vec grad;
  double energy_only;
};

Evaluation evaluate(const Model& model, const Vec& x) {
  Vec batch_grad = Vec::Zero(model.dim()), prior_grad = Vec::Zero(model.dim());
  ModelTerms out{0, 0, batch_grad, prior_grad};
  model.evaluate({x, {}, true, 0, nullptr, nullptr}, out);
  const double energy = out.prior_energy;
  model.evaluate({x, {}, false, 0, nullptr, nullptr}, out);
  return {energy, prior_grad, out.prior_energy};
}

void expect_matches(const Model& model, std::string_view name, const Vec& x, const Reference& ref,
                    Real energy_scale) {
  const auto got = evaluate(model, x);
  EXPECT_LE(std::abs(got.energy - ref.energy), 1e-14L * energy_scale) << name << " at " << x.transpose();
  EXPECT_EQ(got.energy_only, got.energy) << name << " at " << x.transpose();
  for (Index i = 0; i < model.dim(); ++i) {
    EXPECT_LE(std::abs(got.grad[i] - ref.grad[i]), ref.grad_tolerance[i])
        << name << " coordinate " << i << " at " << x.transpose();
  }
}

TEST(SyntheticAccuracy, MixturesMatchALongDoubleReference) {
  for (const std::string_view name : {"mix1d", "gauss25"}) {
    const auto target = make_synthetic_target(name, {});
    const auto& mixture = dynamic_cast<const GaussianMixtureTarget&>(*target);
    for (const Vec& x : test_points(target->dim())) {
      const Reference ref = mixture_reference(mixture, x);
      // U >= 1.4 for both: relative to U itself.
      expect_matches(*target, name, x, ref, std::abs(ref.energy));
    }
  }
}

TEST(SyntheticAccuracy, WiderMixturesMatchALongDoubleReference) {
  // More components than one chunk (two passes), unequal widths, d = 3.
  const Index k_count = 45, d = 3;
  Rng rng(5);
  Eigen::MatrixXd centres(d, k_count);
  for (double& c : centres.reshaped()) c = 10.0 * rng.uniform() - 5.0;
  Eigen::VectorXd variances(k_count), weights(k_count);
  for (Index k = 0; k < k_count; ++k) {
    variances[k] = 0.05 + rng.uniform();
    weights[k] = 0.5 + rng.uniform();
  }
  weights /= weights.sum();
  const GaussianMixtureTarget target(weights, centres, variances, {});
  for (const Vec& x : {Vec{{0.1, -0.2, 0.3}}, Vec{{4.0, 4.0, -4.0}}, Vec{{-700.0, 20.0, 1.0}}}) {
    const Reference ref = mixture_reference(target, x);
    expect_matches(target, "45 components", x, ref, std::abs(ref.energy));
  }
}

TEST(SyntheticAccuracy, TwoComponentsInSeveralDimensionsMatchALongDoubleReference) {
  // The closed form of two components (mix1d's path) with unequal weights
  // and widths in d = 2, where the first component is the larger on some
  // points and the second on others. The means are off the test points'
  // grid lines: where x_i equals the larger component's mean, gradient
  // coordinate i is the smaller one's share alone, below double's range far
  // out (the long double reference keeps it).
  const Eigen::MatrixXd centres{{-1.3, 2.7}, {0.45, -2.9}};
  const GaussianMixtureTarget target(Eigen::Vector2d(0.3, 0.7), centres, Eigen::Vector2d(0.2, 1.7), {});
  for (const Vec& x : test_points(2)) {
    const Reference ref = mixture_reference(target, x);
    expect_matches(target, "two components", x, ref, std::abs(ref.energy));
  }
}

TEST(SyntheticAccuracy, CosineWellsMatchALongDoubleReference) {
  for (const CosineWell& well : {kNine, kTwentyfive}) {
    const auto target = make_synthetic_target(well.name, {});
    for (const Vec& x : test_points(2)) expect_matches(*target, well.name, x, well.reference(x), well.scale(x));
  }
}

TEST(SyntheticAccuracy, SinCosIsWithinItsBound) {
  // Documented: within 2.5 ulp of the exact value plus |a| 1e-31 (the
  // reduction's last part, which matters only near multiples of pi/2).
  std::vector<double> args = {0.0, -0.0, 1e-300, 0.5, 0.785, 0.786, 1.5707963267948966, 3.141592653589793,
                              -4.71238898038469, 1e5, 999999.0, 1e6, -1e6, 1.0000001e6, 1e20};
  Rng rng(7);
  for (int n = 0; n < 20000; ++n) args.push_back((2.0 * rng.uniform() - 1.0) * std::pow(10.0, 6.5 * rng.uniform() - 1.0));
  for (int n = 1; n < 2000; n += 7) args.push_back(n * 1.5707963267948966);  // near zeros
  // Each argument in both lanes, beside its neighbour in the list.
  for (std::size_t j = 0; j < args.size(); ++j) {
    const double pair[2] = {args[j], args[(j + 1) % args.size()]};
    const auto [s, c] = sin_cos(Double2{pair[0], pair[1]});
    for (int lane = 0; lane < 2; ++lane) {
      const double a = pair[lane];
      const Real exact_s = std::sin(Real(a)), exact_c = std::cos(Real(a));
      const auto bound = [&](Real exact) {
        const double v = std::abs(static_cast<double>(exact));
        return 2.5L * (std::nextafter(v, INFINITY) - v) + std::abs(Real(a)) * 1e-31L;
      };
      EXPECT_LE(std::abs(s[lane] - exact_s), bound(exact_s)) << "sin(" << a << ")";
      EXPECT_LE(std::abs(c[lane] - exact_c), bound(exact_c)) << "cos(" << a << ")";
    }
  }
  for (const double a : {INFINITY, -INFINITY, NAN}) {
    const auto [s, c] = sin_cos(Double2{a, 0.5});
    EXPECT_TRUE(std::isnan(s[0]) && std::isnan(c[0])) << a;
    EXPECT_EQ(s[1], std::sin(0.5));
    EXPECT_EQ(c[1], std::cos(0.5));
  }
}

}  // namespace
}  // namespace sgmc
