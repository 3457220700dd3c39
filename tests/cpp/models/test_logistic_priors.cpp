// Logistic regression's priors (LogisticPriors): gradients with and without
// an intercept, flat or normal, against central differences; the original
// constructor bitwise as before; bad values named.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sgmc/models/logistic_regression.hpp"
#include "support/error_message.hpp"
#include "support/model_checks.hpp"
#include "support/smooth_data.hpp"

namespace sgmc {
namespace {

using testing::evaluate_terms;
using testing::message_of;

using testing::smooth_point;

/// Labels: the sign of cos(0.3 i).
std::shared_ptr<const Dataset> smooth_labels() {
  return testing::smooth_data([](double i) { return std::cos(0.3 * i) > 0 ? 1.0 : 0.0; });
}

const std::vector<Index>& kBatch = testing::kSmoothBatch;

TEST(LogisticPriors, GradientsMatchDifferencesWithAndWithoutIntercept) {
  const auto data = smooth_labels();
  for (const bool intercept : {true, false}) {
    for (const CoefPrior coef : {CoefPrior::kFlat, CoefPrior::kNormal}) {
      const LogisticRegression model(data, LogisticPriors{intercept, coef, 2.0});
      ASSERT_EQ(model.dim(), intercept ? 4 : 3);
      const Vec x = 2.0 * smooth_point(model.dim());
      testing::expect_gradients_match_differences(model, x, kBatch);
      testing::expect_batch_sums_add_up(model, x);
      const auto t = evaluate_terms(model, x, kBatch, nullptr);
      EXPECT_EQ(t.prior_energy, coef == CoefPrior::kFlat ? 0.0 : x.squaredNorm() / 8);
    }
  }
  // Without the intercept z = a' w: one datum a = 2, y = 1, w = 0.5.
  const std::vector<double> a{2.0}, y{1.0};
  const LogisticRegression one(Dataset::copy(1, 1, a.data(), y.data()),
                               LogisticPriors{false, CoefPrior::kFlat, 1.0});
  const std::vector<Index> batch{0};
  EXPECT_NEAR(evaluate_terms(one, Vec{{0.5}}, batch, nullptr).batch_energy,
              std::log1p(std::exp(-1.0)), 1e-15);
}

TEST(LogisticPriors, OriginalConstructorGivesTheSameBitsAsBefore) {
  // Printed with %a from the model of commit 68ec7d9 (g++ 12 -O2
  // -march=native, AVX2): the same bits there; to 1e-12 relative on other
  // compilers and vector widths, which round differently.
  const LogisticRegression model(smooth_labels(), 3.0);
  const auto t = evaluate_terms(model, smooth_point(4), kBatch, nullptr);
  const std::vector<double> batch_grad{-0x1.1d94b4a60625cp-2, 0x1.b7fe29c0f180ep-2,
                                       0x1.047cedf4d240cp-1, 0x1.5053ca45be6a8p-1};
  const std::vector<double> prior_grad{-0x1.c68b16e36e005p-7, -0x1.0e557dd14364dp-5,
                                       -0x1.64fa007502734p-6, 0x1.35d5b2294941bp-7};
  const auto near = [](double value, double golden) {
    EXPECT_NEAR(value, golden, 1e-12 * std::abs(golden));
  };
  near(t.batch_energy, 0x1.83ffcf2fe5c63p+3);
  near(t.prior_energy, 0x1.102272a83cdf3p-7);
  for (Index j = 0; j < 4; ++j) {
    near(t.batch_grad[j], batch_grad[static_cast<std::size_t>(j)]);
    near(t.prior_grad[j], prior_grad[static_cast<std::size_t>(j)]);
  }
  // The same model spelled with LogisticPriors: the same bits on any build.
  const LogisticRegression spelled(smooth_labels(), LogisticPriors{true, CoefPrior::kNormal, 3.0});
  testing::expect_same_bits(model, spelled, smooth_point(4), kBatch);
}

TEST(LogisticPriors, RejectBadValuesNamingThem) {
  const auto data = smooth_labels();
  EXPECT_EQ(message_of([&] { LogisticRegression(data, LogisticPriors{true, CoefPrior::kNormal, -1.0}); }),
            "argument 'coef_scale' = -1: must be finite and > 0");
  EXPECT_EQ(message_of([&] {
              LogisticRegression(data, LogisticPriors{true, static_cast<CoefPrior>(3), 1.0});
            }),
            "argument 'coef' = 3: must be a CoefPrior");
  EXPECT_NO_THROW(LogisticRegression(data, LogisticPriors{false, CoefPrior::kFlat, NAN}));
}

}  // namespace
}  // namespace sgmc
