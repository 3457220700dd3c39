// Partition, theta update and Psi of the contour samplers (SPEC §4).
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/contour/contour.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/random/rng.hpp"

namespace sgmc {
namespace {

ContourSettings settings(Index m, double u1, double du) {
  ContourSettings s;
  s.partition = {m, u1, du};
  return s;
}

TEST(Partition, IndexFollowsTheSpecFormula) {
  const Partition p{5, 2.0, 0.5};
  EXPECT_EQ(p.index(-100.0), 0);
  EXPECT_EQ(p.index(2.0), 0);   // u <= u1
  EXPECT_EQ(p.index(2.01), 1);  // (u1, u2]
  EXPECT_EQ(p.index(2.5), 1);
  EXPECT_EQ(p.index(2.51), 2);
  EXPECT_EQ(p.index(3.5), 3);   // u_4 = u1 + 3 du, the last boundary
  EXPECT_EQ(p.index(3.51), 4);  // X_m = {U > u_{m-1}}
  EXPECT_EQ(p.index(1e300), 4);
}

TEST(Partition, BadSettingsNameTheOption) {
  EXPECT_THROW((Partition{1, 0.0, 1.0}.validate()), Error);
  try {
    Partition{10, 0.0, 0.0}.validate();
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("contour_du"), std::string::npos) << e.what();
  }
  ContourSettings s = settings(3, 0, 1);
  s.theta0 = {0.5, 0.6, -0.1};
  EXPECT_THROW(s.validate(), Error);
  s.theta0 = {0.2, 0.2, 0.2};
  EXPECT_THROW(s.validate(), Error);
  s.theta0 = {0.5, 0.5};
  EXPECT_THROW(s.validate(), Error);  // length != m
  s.theta0 = {0.2, 0.3, 0.5};
  EXPECT_NO_THROW(s.validate());
  s.clip_lo = 2;
  s.clip_hi = 1;
  EXPECT_THROW(s.validate(), Error);
}

/// The update written out component by component from a copy of theta_k.
Vec reference_update(const Vec& theta, Index j, double omega, double zeta, double rho, bool power) {
  const double s = power ? std::pow(theta[j], zeta) : theta[j];
  Vec next = theta;
  for (Index i = 0; i < theta.size(); ++i) {
    const double hit = i == j ? 1.0 : 0.0;
    next[i] = theta[i] + omega * (s * (hit - theta[i]) + (i >= j ? omega * rho * (hit - theta[i]) : 0.0));
  }
  return next / next.sum();
}

TEST(Theta, UpdateIsSimultaneousAndStaysOnTheSimplex) {
  for (const bool power : {true, false}) {
    for (const double rho : {0.0, 0.7}) {
      ContourSettings s = settings(6, 0.0, 1.0);
      s.theta0 = {0.05, 0.1, 0.15, 0.2, 0.25, 0.25};
      s.field = power ? RandomField::kPower : RandomField::kLinear;
      s.rho = rho;
      Theta theta(s);
      Vec expected = Eigen::Map<const Vec>(s.theta0.data(), 6);
      Rng rng(5);
      for (int step = 0; step < 2000; ++step) {
        const Index j = static_cast<Index>(rng.below(6));
        const double omega = 1.0 / (std::pow(step + 1.0, 0.6) + 10.0);
        expected = reference_update(expected, j, omega, s.zeta, rho, power);
        theta.update({&j, 1}, omega);
      }
      EXPECT_NEAR(theta.values().sum(), 1.0, 1e-12);
      EXPECT_LT((theta.values() - expected).cwiseAbs().maxCoeff(), 1e-12)
          << "power " << power << " rho " << rho;
    }
  }
}

TEST(Theta, SharedUpdateAveragesFieldsFromTheSameTheta) {
  ContourSettings s = settings(4, 0.0, 1.0);
  s.theta0 = {0.1, 0.2, 0.3, 0.4};
  s.field = RandomField::kLinear;
  Theta theta(s);
  const Index js[] = {0, 2, 2};
  theta.update(js, 0.3);
  const Vec t0 = Eigen::Map<const Vec>(s.theta0.data(), 4);
  Vec expected = t0;
  for (const Index j : js) {
    for (Index i = 0; i < 4; ++i) expected[i] += 0.1 * t0[j] * ((i == j ? 1.0 : 0.0) - t0[i]);
  }
  expected /= expected.sum();
  EXPECT_LT((theta.values() - expected).cwiseAbs().maxCoeff(), 1e-15);
}

TEST(Theta, PsiInterpolatesLogThetaAndIsFlatOutsideTheKnots) {
  ContourSettings s = settings(4, 1.0, 0.5);
  s.theta0 = {0.1, 0.2, 0.3, 0.4};
  const Theta back(s);
  const auto& p = back.partition();
  auto lt = [&](Index j) { return std::log(s.theta0[static_cast<std::size_t>(j)]); };
  // Backward: knots (u_i, log theta(i)), u_i = 1 + (i - 1) 0.5, u_m = 2.5.
  EXPECT_DOUBLE_EQ(back.log_psi(0.0, p.index(0.0)), lt(0));
  EXPECT_DOUBLE_EQ(back.log_psi(1.25, p.index(1.25)), 0.5 * (lt(0) + lt(1)));
  EXPECT_DOUBLE_EQ(back.log_psi_slope(1.25, p.index(1.25)), (lt(1) - lt(0)) / 0.5);
  EXPECT_NEAR(back.log_psi(2.4, p.index(2.4)), lt(2) + 0.8 * (lt(3) - lt(2)), 1e-14);
  EXPECT_EQ(back.log_psi_slope(2.6, p.index(2.6)), 0.0);  // flat above u_m
  EXPECT_DOUBLE_EQ(back.log_psi(7.0, p.index(7.0)), lt(3));
  // Forward: the same line one bin down, so the top subregion is flat.
  s.stencil = Stencil::kForward;
  const Theta fwd(s);
  EXPECT_DOUBLE_EQ(fwd.log_psi_slope(1.25, p.index(1.25)), (lt(2) - lt(1)) / 0.5);
  EXPECT_DOUBLE_EQ(fwd.log_psi(1.25, p.index(1.25)), 0.5 * (lt(1) + lt(2)));
  EXPECT_EQ(fwd.log_psi_slope(2.2, p.index(2.2)), 0.0);
  EXPECT_DOUBLE_EQ(fwd.log_weight(WeightKind::kBin, 1.25, 1), s.zeta * lt(1));
}

TEST(Contour, MultiplierIsClippedAndKsgldKeepsTheta) {
  ContourSettings s = settings(4, 1.0, 0.5);
  s.theta0 = {0.1, 0.2, 0.3, 0.4};
  s.clip_lo = -0.5;
  s.clip_hi = 1.5;
  Contour fixed(s, false, 10, 10);
  // g = 1 + zeta tau (log 0.2 - log 0.1) / 0.5 = 1 + 0.75 * 2 * 2 log 2 > 1.5
  EXPECT_EQ(fixed.step(1.25, 1, 2.0, true), 1.5);
  EXPECT_EQ(fixed.step(0.0, 2, 2.0, true), 1.0);
  EXPECT_EQ(fixed.theta().values(), Eigen::Map<const Vec>(s.theta0.data(), 4));
  EXPECT_EQ(fixed.trace().indices(), (std::vector<Index>{1, 0}));
  s.clip_lo = -1e300;
  s.clip_hi = 1e300;
  s.theta0 = {0.4, 0.3, 0.2, 0.1};
  Contour bouncy(s, false, 10, 10);
  EXPECT_LT(bouncy.step(1.25, 1, 10.0, false), 0.0);  // the "bouncy move"
}

}  // namespace
}  // namespace sgmc
