// NormalSource against N(0, 1): moments, the whole CDF (Kolmogorov–Smirnov),
// tail frequencies beyond the ziggurat's rectangles, independence of
// successive and of differently seeded variates, and determinism.
// Tolerances are 5 standard errors of the Monte Carlo estimate (for KS, its
// critical value at level 1e-3); seeds fixed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "sgmc/random/normal.hpp"

namespace sgmc {
namespace {

std::vector<double> draw(std::uint64_t seed, std::size_t n) {
  NormalSource source(Rng{seed});
  std::vector<double> z(n);
  source.fill(z.data(), n);
  return z;
}

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

TEST(NormalSource, MomentsMatchStandardNormal) {
  constexpr std::size_t n = 1'000'000;
  const std::vector<double> z = draw(1, n);
  double m1 = 0.0;
  double m2 = 0.0;
  double m3 = 0.0;
  double m4 = 0.0;
  for (const double x : z) {
    const double x2 = x * x;
    m1 += x;
    m2 += x2;
    m3 += x2 * x;
    m4 += x2 * x2;
  }
  const double dn = static_cast<double>(n);
  // Mean, variance, skewness E z^3 = 0 and kurtosis E z^4 = 3 as raw moments
  // (the mean is known); standard errors sqrt(Var(z^k) / n), E z^6 = 15, E z^8 = 105.
  EXPECT_NEAR(m1 / dn, 0.0, 5.0 * std::sqrt(1.0 / dn));
  EXPECT_NEAR(m2 / dn, 1.0, 5.0 * std::sqrt(2.0 / dn));
  EXPECT_NEAR(m3 / dn, 0.0, 5.0 * std::sqrt(15.0 / dn));
  EXPECT_NEAR(m4 / dn, 3.0, 5.0 * std::sqrt(96.0 / dn));
}

TEST(NormalSource, KolmogorovSmirnovAgainstNormalCdf) {
  constexpr std::size_t n = 1'000'000;
  std::vector<double> z = draw(2, n);
  std::sort(z.begin(), z.end());
  const double dn = static_cast<double>(n);
  double d = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double f = normal_cdf(z[i]);
    d = std::max({d, static_cast<double>(i + 1) / dn - f, f - static_cast<double>(i) / dn});
  }
  // Asymptotic critical value at level 1e-3: sqrt(-log(1e-3 / 2) / 2) / sqrt(n).
  EXPECT_LT(d * std::sqrt(dn), 1.9495);
}

TEST(NormalSource, TailFrequencies) {
  // 4e7 variates; beyond 4.2 every one comes from the exact tail sampler.
  // Each side separately, so that a lost sign shows too.
  constexpr std::size_t chunk = 1'000'000;
  constexpr int chunks = 40;
  constexpr std::array<double, 3> kThreshold = {3.0, 4.0, 4.5};
  std::array<double, 3> above{};
  std::array<double, 3> below{};
  double beyond4 = 0.0;  // sum of |z| over |z| > 4
  NormalSource source(Rng{3});
  std::vector<double> z(chunk);
  for (int c = 0; c < chunks; ++c) {
    source.fill(z.data(), chunk);
    for (const double x : z) {
      if (std::abs(x) <= kThreshold[0]) continue;
      for (std::size_t t = 0; t < kThreshold.size(); ++t) {
        above[t] += x > kThreshold[t] ? 1.0 : 0.0;
        below[t] += x < -kThreshold[t] ? 1.0 : 0.0;
      }
      beyond4 += std::abs(x) > 4.0 ? std::abs(x) : 0.0;
    }
  }
  const double n = static_cast<double>(chunk) * chunks;
  for (std::size_t t = 0; t < kThreshold.size(); ++t) {
    const double p = 0.5 * std::erfc(kThreshold[t] / std::numbers::sqrt2);
    const double tolerance = 5.0 * std::sqrt(n * p * (1.0 - p));
    EXPECT_NEAR(above[t], n * p, tolerance) << "P(z > " << kThreshold[t] << ")";
    EXPECT_NEAR(below[t], n * p, tolerance) << "P(z < -" << kThreshold[t] << ")";
  }
  // The shape of the tail: E(|z| | |z| > t) = lambda = phi(t) / Q(t), with
  // variance 1 + t lambda - lambda^2 (truncated normal).
  const double t = 4.0;
  const double phi = std::exp(-0.5 * t * t) / std::sqrt(2.0 * std::numbers::pi);
  const double lambda = phi / (0.5 * std::erfc(t / std::numbers::sqrt2));
  const double count = above[1] + below[1];
  EXPECT_NEAR(beyond4 / count, lambda, 5.0 * std::sqrt((1.0 + t * lambda - lambda * lambda) / count));
}

TEST(NormalSource, SuccessiveVariatesUncorrelated) {
  // Lags up to 32 cover neighbours within a group and the same lane's next draw.
  constexpr std::size_t n = 1'000'000;
  const std::vector<double> z = draw(4, n);
  const double dn = static_cast<double>(n);
  for (std::size_t lag = 1; lag <= 32; ++lag) {
    double sum = 0.0;
    for (std::size_t i = lag; i < n; ++i) sum += z[i] * z[i - lag];
    EXPECT_NEAR(sum / dn, 0.0, 5.0 / std::sqrt(dn)) << "lag " << lag;
  }
}

TEST(NormalSource, StreamsAreIndependent) {
  constexpr std::size_t n = 200'000;
  NormalSource a(Rng::stream(8, 0, StreamPurpose::kMoves));
  NormalSource b(Rng::stream(8, 1, StreamPurpose::kMoves));
  std::vector<double> za(n);
  std::vector<double> zb(n);
  a.fill(za.data(), n);
  b.fill(zb.data(), n);
  EXPECT_NE(za, zb);
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) sum += za[i] * zb[i];
  EXPECT_NEAR(sum / static_cast<double>(n), 0.0, 5.0 / std::sqrt(static_cast<double>(n)));
}

TEST(NormalSource, FillIsDeterministic) {
  EXPECT_EQ(draw(5, 10'001), draw(5, 10'001));
  EXPECT_NE(draw(5, 100), draw(6, 100));
}

TEST(NormalSource, SequenceDoesNotDependOnHowItIsDrawn) {
  constexpr std::size_t n = 5'000;
  const std::vector<double> whole = draw(7, n);

  NormalSource one_by_one(Rng{7});
  std::vector<double> singles(n);
  for (double& x : singles) x = one_by_one.next();
  EXPECT_EQ(singles, whole);

  NormalSource mixed(Rng{7});
  std::vector<double> pieces(n);
  std::size_t at = 0;
  for (std::size_t len = 0; at < n; len = (len * 7 + 3) % 41) {
    const std::size_t take = std::min(len, n - at);
    mixed.fill(pieces.data() + at, take);
    at += take;
    if (at < n) pieces[at++] = mixed.next();
  }
  EXPECT_EQ(pieces, whole);
}

TEST(NormalSource, VariatesDoNotDependOnDrawsFromItsRng) {
  NormalSource source(Rng{9});
  const Rng before = source.rng();
  std::vector<double> z(1000);
  source.fill(z.data(), 500);
  EXPECT_EQ(source.rng().state(), before.state());
  for (int i = 0; i < 10; ++i) source.rng().next();
  source.fill(z.data() + 500, 500);
  EXPECT_EQ(z, draw(9, 1000));
}

}  // namespace
}  // namespace sgmc
