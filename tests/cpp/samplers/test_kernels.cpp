// One step of each kernel against its formula (SPEC §2), with the same
// normal variates drawn from a copy of the stream.
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/samplers/psgld.hpp"
#include "sgmc/samplers/sghmc.hpp"
#include "sgmc/samplers/sgld.hpp"

namespace sgmc {
namespace {

constexpr Index kDim = 300;  // inside one noise block: one fill() per step

struct Fixture {
  Vec x0 = Vec::LinSpaced(kDim, -1.0, 2.0);
  Vec grad = Vec::LinSpaced(kDim, 3.0, -0.5);
  Vec base = Vec::LinSpaced(kDim, 0.2, 0.9);  // per-datum gradient sum
  double scale = 0.1;                          // 1/n
  StochasticEval eval() const { return {1.5, grad, base, scale}; }
  /// True when `source` has drawn nothing yet: its next variate is the first
  /// of a fresh source on the same seed.
  static bool untouched(NormalSource& source, std::uint64_t seed) {
    NormalSource fresh(Rng{seed});
    return source.next() == fresh.next();
  }
  /// The variates a fresh NormalSource(Rng(seed)) produces first.
  static Vec normals(std::uint64_t seed) {
    NormalSource source(Rng{seed});
    Vec w(kDim);
    source.fill(w.data(), kDim);
    return w;
  }
};

TEST(Sgld, StepMatchesFormula) {
  Fixture f;
  Sgld kernel(f.x0);
  NormalSource noise(Rng{11});
  const StepInfo info{1, 0.01, 2.0};
  kernel.step(f.eval(), info, noise);
  const Vec expected = f.x0 - 0.01 * f.grad + std::sqrt(2 * 2.0 * 0.01) * Fixture::normals(11);
  EXPECT_LT((kernel.position() - expected).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(Sgld, ZeroTemperatureIsSgdAndDrawsNoNoise) {
  Fixture f;
  Sgld kernel(f.x0);
  NormalSource noise(Rng{11});
  kernel.step(f.eval(), {1, 0.01, 0.0}, noise);
  EXPECT_EQ(kernel.position(), f.x0 - 0.01 * f.grad);
  EXPECT_TRUE(Fixture::untouched(noise, 11));
}

TEST(Psgld, StepMatchesFormula) {
  Fixture f;
  const PsgldSettings settings{0.9, 1e-3};
  Psgld kernel(f.x0, settings);
  NormalSource noise(Rng{5});
  kernel.step(f.eval(), {1, 0.02, 1.0}, noise);
  const Eigen::ArrayXd gbar = f.scale * f.base.array();
  const Eigen::ArrayXd v = 0.1 * gbar.square();
  const Eigen::ArrayXd g = 1.0 / (1e-3 + v.sqrt());
  const Eigen::ArrayXd expected = f.x0.array() - 0.02 * g * f.grad.array() +
                                  (2 * 0.02 * g).sqrt() * Fixture::normals(5).array();
  EXPECT_LT((kernel.second_moment().array() - v).abs().maxCoeff(), 1e-15);
  EXPECT_LT((kernel.position().array() - expected).abs().maxCoeff(), 1e-12);
}

TEST(Psgld, ZeroTemperatureIsRmspropSgd) {
  Fixture f;
  Psgld kernel(f.x0, PsgldSettings{});
  NormalSource noise(Rng{5});
  kernel.step(f.eval(), {1, 0.02, 0.0}, noise);
  const Eigen::ArrayXd v = 0.01 * (f.scale * f.base.array()).square();
  const Eigen::ArrayXd expected = f.x0.array() - 0.02 * f.grad.array() / (1e-5 + v.sqrt());
  EXPECT_LT((kernel.position().array() - expected).abs().maxCoeff(), 1e-12);
  EXPECT_TRUE(Fixture::untouched(noise, 5));
}

TEST(Sghmc, TwoStepsMatchFormula) {
  Fixture f;
  const SghmcSettings settings{0.2, 0.05};
  Sghmc kernel(f.x0, settings);
  NormalSource noise(Rng{9});
  NormalSource reference(Rng{9});
  Vec x = f.x0;
  Vec v = Vec::Zero(kDim);
  Vec w(kDim);
  for (int k = 1; k <= 2; ++k) {
    kernel.step(f.eval(), {k, 0.01, 1.5}, noise);
    reference.fill(w.data(), kDim);
    v = 0.8 * v - 0.01 * f.grad + std::sqrt(2 * (0.2 - 0.05) * 0.01 * 1.5) * w;
    x += v;
  }
  EXPECT_LT((kernel.position() - x).cwiseAbs().maxCoeff(), 1e-14);
  EXPECT_LT((kernel.momentum() - v).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(Sghmc, ZeroTemperatureIsMomentumSgd) {
  Fixture f;
  Sghmc kernel(f.x0, SghmcSettings{0.1, 0.0});
  NormalSource noise(Rng{9});
  kernel.step(f.eval(), {1, 0.01, 0.0}, noise);
  kernel.step(f.eval(), {2, 0.01, 0.0}, noise);
  const Vec v1 = -0.01 * f.grad;
  const Vec v2 = 0.9 * v1 - 0.01 * f.grad;
  EXPECT_LT((kernel.position() - (f.x0 + v1 + v2)).cwiseAbs().maxCoeff(), 1e-15);
  EXPECT_TRUE(Fixture::untouched(noise, 9));
}

TEST(Kernels, LargeDimensionCrossesNoiseBlocks) {
  // d not a multiple of the block: every coordinate still moves exactly once.
  const Index d = 3 * NoiseBlocks::kBlock + 17;
  const Vec x0 = Vec::Zero(d);
  const Vec grad = Vec::Ones(d);
  Sgld kernel(x0);
  NormalSource noise(Rng{1});
  kernel.step({0.0, grad, grad, 1.0}, {1, 1e-4, 1.0}, noise);
  const Vec w = (kernel.position() + 1e-4 * grad) / std::sqrt(2e-4);
  EXPECT_NEAR(w.mean(), 0.0, 5.0 / std::sqrt(static_cast<double>(d)));
  EXPECT_NEAR(w.squaredNorm() / static_cast<double>(d), 1.0, 5.0 * std::sqrt(2.0 / static_cast<double>(d)));
}

}  // namespace
}  // namespace sgmc
