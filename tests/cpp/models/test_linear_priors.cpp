// Linear regression's priors (LinearPriors): gradients of every combination
// against central differences, U0 of each sigma prior by hand, the original
// constructor bitwise as it was before the priors existed, and bad values
// named.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "support/error_message.hpp"
#include "support/model_checks.hpp"
#include "support/smooth_data.hpp"

namespace sgmc {
namespace {

using testing::evaluate_terms;
using testing::message_of;

using testing::smooth_point;

/// Responses 0.5 + cos(0.3 i).
std::shared_ptr<const Dataset> smooth_responses() {
  return testing::smooth_data([](double i) { return 0.5 + std::cos(0.3 * i); });
}

const std::vector<Index>& kBatch = testing::kSmoothBatch;

const NoisePrior kNoisePriors[] = {NoisePrior::kKnown, NoisePrior::kLogNormal, NoisePrior::kFlat,
                                   NoisePrior::kHalfNormal, NoisePrior::kHalfCauchy};

TEST(LinearPriors, GradientsOfEveryCombinationMatchDifferences) {
  const auto data = smooth_responses();
  for (const bool intercept : {true, false}) {
    for (const CoefPrior coef : {CoefPrior::kFlat, CoefPrior::kNormal}) {
      for (const NoisePrior noise : kNoisePriors) {
        const LinearRegression model(data, LinearPriors{intercept, coef, 2.0, noise, 0.7});
        const Index d = 3 + (intercept ? 1 : 0) + (noise == NoisePrior::kKnown ? 0 : 1);
        ASSERT_EQ(model.dim(), d);
        for (const double scale : {1.0, -2.0}) {
          SCOPED_TRACE("intercept " + std::to_string(intercept) + " coef " +
                       std::to_string(static_cast<int>(coef)) + " noise " +
                       std::to_string(static_cast<int>(noise)) + " scale " + std::to_string(scale));
          const Vec x = scale * smooth_point(d);
          testing::expect_gradients_match_differences(model, x, kBatch);
          testing::expect_batch_sums_add_up(model, x);
        }
      }
    }
  }
}

TEST(LinearPriors, EnergiesAreExact) {
  // Two data a = (1, 2), y = (0, 1); no intercept, x = (w, t), sigma = 2:
  // residuals 1 and 1, S = 2 / 8 + 2 log 2.
  const std::vector<double> a{1.0, 2.0}, y{0.0, 1.0};
  const auto data = Dataset::copy(2, 1, a.data(), y.data());
  const std::vector<Index> batch{0, 1};
  const double t = std::log(2.0), s = 1.5;
  const Vec x{{1.0, t}};
  const auto terms = [&](NoisePrior noise, CoefPrior coef) {
    return evaluate_terms(LinearRegression(data, LinearPriors{false, coef, 3.0, noise, s}), x, batch,
                          nullptr);
  };
  for (const NoisePrior noise : kNoisePriors) {
    if (noise == NoisePrior::kKnown) continue;
    EXPECT_NEAR(terms(noise, CoefPrior::kFlat).batch_energy, 2.0 / 8 + 2 * t, 1e-15);
  }
  // U0 = coefficient term + sigma's term with the Jacobian -t.
  const double coef_term = 1.0 / 18;
  EXPECT_NEAR(terms(NoisePrior::kLogNormal, CoefPrior::kNormal).prior_energy,
              coef_term + t * t / (2 * s * s), 1e-15);
  EXPECT_NEAR(terms(NoisePrior::kFlat, CoefPrior::kNormal).prior_energy, coef_term - t, 1e-15);
  EXPECT_NEAR(terms(NoisePrior::kHalfNormal, CoefPrior::kFlat).prior_energy, 4.0 / (2 * s * s) - t,
              1e-15);
  EXPECT_NEAR(terms(NoisePrior::kHalfCauchy, CoefPrior::kFlat).prior_energy,
              std::log(1.0 + 4.0 / (s * s)) - t, 1e-15);
  const auto flat = terms(NoisePrior::kFlat, CoefPrior::kFlat);
  EXPECT_EQ(flat.prior_energy, -t);
  EXPECT_EQ(flat.prior_grad[0], 0.0);
  EXPECT_EQ(flat.prior_grad[1], -1.0);
  // Known sigma = s: U0 has the coefficients alone, S no log sigma.
  const auto known = evaluate_terms(
      LinearRegression(data, LinearPriors{false, CoefPrior::kNormal, 3.0, NoisePrior::kKnown, 2.0}),
      x.head(1), batch, nullptr);
  EXPECT_NEAR(known.batch_energy, 2.0 / 8, 1e-15);
  EXPECT_NEAR(known.prior_energy, coef_term, 1e-15);
}

TEST(LinearPriors, HalfCauchyIsFiniteFarOut) {
  const LinearRegression model(smooth_responses(),
                               LinearPriors{true, CoefPrior::kFlat, 1.0, NoisePrior::kHalfCauchy, 2.0});
  for (const double t : {-400.0, 400.0}) {
    Vec x = Vec::Zero(model.dim());
    x[model.dim() - 1] = t;
    const auto terms = evaluate_terms(model, x, {}, nullptr);
    // log(1 + e^{2t} / 4) - t: -t far left, t - 2 log 2 far right.
    EXPECT_NEAR(terms.prior_energy, t < 0 ? -t : t - 2 * std::log(2.0), 1e-12) << t;
    EXPECT_EQ(terms.prior_grad[model.dim() - 1], t < 0 ? -1.0 : 1.0) << t;
  }
}

/// The values of the original constructor before LinearPriors existed
/// (commit 68ec7d9, g++ 12 -O2 -march=native on an AVX2 machine, printed
/// with %a). They were the same bits after the change on that build; another
/// compiler or vector width rounds differently (clang's sanitizer builds
/// do), so here they are compared to 1e-12 relative, and the two spellings
/// of one model bit for bit.
struct Golden {
  double batch_energy, prior_energy;
  std::vector<double> batch_grad, prior_grad;
};

void expect_near(double value, double golden, const std::string& what) {
  EXPECT_NEAR(value, golden, 1e-12 * std::abs(golden)) << what;
}

void expect_golden(const LinearRegression& model, const Golden& golden) {
  const auto t = evaluate_terms(model, smooth_point(model.dim()), kBatch, nullptr);
  expect_near(t.batch_energy, golden.batch_energy, "batch energy");
  expect_near(t.prior_energy, golden.prior_energy, "prior energy");
  for (Index j = 0; j < model.dim(); ++j) {
    expect_near(t.batch_grad[j], golden.batch_grad[static_cast<std::size_t>(j)],
                "batch gradient " + std::to_string(j));
    expect_near(t.prior_grad[j], golden.prior_grad[static_cast<std::size_t>(j)],
                "prior gradient " + std::to_string(j));
  }
}

void expect_same_bits(const LinearRegression& a, const LinearRegression& b) {
  testing::expect_same_bits(a, b, smooth_point(a.dim()), kBatch);
}

TEST(LinearPriors, OriginalConstructorGivesTheSameBitsAsBefore) {
  const auto data = smooth_responses();
  const Golden known{0x1.6e9982061576dp+4, 0x1.102272a83cdf3p-7,
                     {-0x1.0e131a3dc735dp+2, -0x1.86ccb63bae735p+2, 0x1.e7fb54100aa6fp-1,
                      -0x1.591dffccf9879p+4},
                     {-0x1.c68b16e36e005p-7, -0x1.0e557dd14364dp-5, -0x1.64fa007502734p-6,
                      0x1.35d5b2294941bp-7}};
  const Golden sampled{0x1.0cf28fd697b83p+3, 0x1.b62a1074fca22p-6,
                       {-0x1.2f9c1b4d62ca2p-1, -0x1.b753442c7244bp-1, 0x1.124987d80ef78p-3,
                        -0x1.83f86bc096d81p+1, 0x1.71f0991f7ba2cp+3},
                       {-0x1.c68b16e36e005p-7, -0x1.0e557dd14364dp-5, -0x1.64fa007502734p-6,
                        0x1.35d5b2294941bp-7, 0x1.0630c495123b5p-3}};
  expect_golden(LinearRegression(data, 3.0, 0.5, 0.0), known);
  expect_golden(LinearRegression(data, 3.0, 0.0, 1.5), sampled);
  // The same model spelled with LinearPriors.
  expect_same_bits(LinearRegression(data, 3.0, 0.5, 0.0),
                   LinearRegression(data, LinearPriors{true, CoefPrior::kNormal, 3.0,
                                                       NoisePrior::kKnown, 0.5}));
  expect_same_bits(LinearRegression(data, 3.0, 0.0, 1.5),
                   LinearRegression(data, LinearPriors{true, CoefPrior::kNormal, 3.0,
                                                       NoisePrior::kLogNormal, 1.5}));
}

TEST(LinearPriors, RejectBadValuesNamingThem) {
  const auto data = smooth_responses();
  const auto message = [&](LinearPriors priors) {
    return message_of([&] { LinearRegression(data, priors); });
  };
  EXPECT_EQ(message({true, CoefPrior::kNormal, 0.0, NoisePrior::kKnown, 1.0}),
            "argument 'coef_scale' = 0: must be finite and > 0");
  EXPECT_EQ(message({true, CoefPrior::kFlat, 1.0, NoisePrior::kHalfCauchy, -2.0}),
            "argument 'noise_scale' = -2: must be finite and > 0");
  EXPECT_EQ(message({true, CoefPrior::kFlat, 1.0, NoisePrior::kKnown, INFINITY}),
            "argument 'noise_scale' = inf: must be finite and > 0");
  EXPECT_EQ(message({true, static_cast<CoefPrior>(7), 1.0, NoisePrior::kKnown, 1.0}),
            "argument 'coef' = 7: must be a CoefPrior");
  EXPECT_EQ(message({true, CoefPrior::kFlat, 1.0, static_cast<NoisePrior>(-1), 1.0}),
            "argument 'noise' = -1: must be a NoisePrior");
  EXPECT_EQ(message_of([] { LinearRegression(nullptr, LinearPriors{}); }),
            "argument 'data' = NULL: must be a data set");
  // Scales a prior does not use are not looked at.
  EXPECT_NO_THROW(LinearRegression(data, LinearPriors{false, CoefPrior::kFlat, NAN,
                                                      NoisePrior::kFlat, NAN}));
  EXPECT_EQ(message_of([&] {
              validate(LinearPriors{true, CoefPrior::kFlat, 1.0, NoisePrior::kHalfNormal, 0.0},
                       "coef_scale", "sigma_scale");
            }),
            "argument 'sigma_scale' = 0: must be finite and > 0");
}

}  // namespace
}  // namespace sgmc
