// The built-in models with data: gradients against central differences,
// batch sums per datum, exact values by hand, and argument checks.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
#include "sgmc/random/normal.hpp"
#include "support/error_message.hpp"
#include "support/model_checks.hpp"

namespace sgmc {
namespace {

using testing::evaluate_terms;

/// n rows of p standard-normal features; targets from `label(row)`.
template <typename Label>
std::shared_ptr<const Dataset> make_data(Index n, Index p, std::uint64_t seed, Label label) {
  NormalSource normal(Rng{seed});
  std::vector<double> features(static_cast<std::size_t>(n * p)), targets;
  normal.fill(features.data(), features.size());
  for (Index i = 0; i < n; ++i) targets.push_back(label(&features[static_cast<std::size_t>(i * p)], normal));
  return Dataset::adopt(n, p, std::move(features), std::move(targets));
}

std::shared_ptr<const Dataset> binary_data(Index n = 40, Index p = 3) {
  return make_data(n, p, 3, [](const double* a, NormalSource& e) {
    return a[0] - 0.5 * a[1] + e.next() > 0 ? 1.0 : 0.0;
  });
}

std::shared_ptr<const Dataset> real_data(Index n = 40, Index p = 3) {
  return make_data(n, p, 4, [](const double* a, NormalSource& e) {
    return 1.0 + 2.0 * a[0] - a[2] + 0.3 * e.next();
  });
}

std::shared_ptr<const Dataset> class_data(Index n = 30, Index p = 4, Index classes = 3) {
  return make_data(n, p, 5, [classes](const double* a, NormalSource&) {
    return std::min(static_cast<double>(classes - 1), std::floor(std::abs(a[0] + a[1]) * 2.0));
  });
}

Vec random_point(Index d, std::uint64_t seed, double scale) {
  NormalSource normal(Rng{seed});
  Vec x(d);
  normal.fill(x.data(), static_cast<std::size_t>(d));
  return scale * x;
}

using testing::message_of;

const std::vector<Index> kBatch{0, 5, 7, 7, 12, 39, 2};

TEST(LogisticRegression, GradientsMatchDifferencesAndBatchesAddUp) {
  const LogisticRegression model(binary_data(), 2.0);
  EXPECT_EQ(model.dim(), 4);
  EXPECT_EQ(model.data_size(), 40);
  for (const double scale : {0.5, 3.0}) {
    const Vec x = random_point(4, 11, scale);
    testing::expect_gradients_match_differences(model, x, kBatch);
    testing::expect_batch_sums_add_up(model, x);
  }
}

TEST(LogisticRegression, EnergyIsExactAndStableForLargeMargins) {
  // One datum a = (1), y = 1, x = (w, b): z = w + b, U = log(1 + exp(-z)).
  const std::vector<double> a{1.0}, y{1.0};
  const LogisticRegression model(Dataset::copy(1, 1, a.data(), y.data()), 1.0);
  const std::vector<Index> batch{0};
  for (const double z : {-800.0, -30.0, 0.0, 2.0, 40.0, 800.0}) {
    const Vec x{{z, 0.0}};
    const auto t = evaluate_terms(model, x, batch, nullptr);
    const double expected = z > 0 ? std::log1p(std::exp(-z)) : -z + std::log1p(std::exp(z));
    EXPECT_NEAR(t.batch_energy, expected, 1e-15 * std::max(1.0, expected)) << z;
    EXPECT_NEAR(t.batch_grad[0], -1.0 / (1.0 + std::exp(z)), 1e-15) << z;
    EXPECT_EQ(t.batch_grad[1], t.batch_grad[0]);
    EXPECT_DOUBLE_EQ(t.prior_energy, 0.5 * z * z);
  }
}

TEST(LinearRegression, GradientsMatchDifferencesWithKnownAndSampledNoise) {
  const LinearRegression known(real_data(), 3.0, 0.5, 0.0);
  const LinearRegression sampled(real_data(), 3.0, 0.0, 1.5);
  EXPECT_EQ(known.dim(), 4);
  EXPECT_EQ(sampled.dim(), 5);
  EXPECT_FALSE(known.sampled_noise());
  EXPECT_TRUE(sampled.sampled_noise());
  for (const Model* model : {static_cast<const Model*>(&known), static_cast<const Model*>(&sampled)}) {
    const Vec x = random_point(model->dim(), 12, 0.7);
    testing::expect_gradients_match_differences(*model, x, kBatch);
    testing::expect_batch_sums_add_up(*model, x);
  }
}

TEST(LinearRegression, EnergyIsExact) {
  // Two data a = (1, 2), y = (0, 1); x = (w, b, t): z = w a + b.
  const std::vector<double> a{1.0, 2.0}, y{0.0, 1.0};
  const auto data = Dataset::copy(2, 1, a.data(), y.data());
  const LinearRegression sampled(data, 2.0, 0.0, 0.5);
  const std::vector<Index> batch{0, 1};
  const Vec x{{1.0, 0.5, std::log(2.0)}};
  // Residuals 1.5 and 1.5; sigma = 2: 2 * 1.5^2 / 8 + 2 log 2.
  const auto t = evaluate_terms(sampled, x, batch, nullptr);
  EXPECT_NEAR(t.batch_energy, 4.5 / 8 + 2 * std::log(2.0), 1e-15);
  EXPECT_NEAR(t.prior_energy, 1.25 / 8 + 0.5 * std::pow(std::log(2.0), 2) / 0.25, 1e-15);
  const LinearRegression known(data, 2.0, 2.0, 0.0);
  EXPECT_NEAR(evaluate_terms(known, x.head(2), batch, nullptr).batch_energy, 4.5 / 8, 1e-15);
}

TEST(Mlp, ClassifierGradientsMatchDifferencesAndBatchesAddUp) {
  const Mlp model(class_data(), 5, MlpOutput::kSoftmax, 3, 1.5, 0.0);
  EXPECT_EQ(model.dim(), 5 * 5 + 3 * 6);
  for (const double scale : {0.3, 2.0}) {
    const Vec x = random_point(model.dim(), 13, scale);
    testing::expect_gradients_match_differences(model, x, std::vector<Index>{0, 5, 7, 7, 12, 29, 2});
    testing::expect_batch_sums_add_up(model, x);
  }
}

TEST(Mlp, RegressionGradientsMatchDifferencesAndBatchesAddUp) {
  const Mlp model(real_data(), 4, MlpOutput::kGaussian, 0, 2.0, 0.4);
  EXPECT_EQ(model.dim(), 4 * 4 + 5);
  const Vec x = random_point(model.dim(), 14, 0.8);
  testing::expect_gradients_match_differences(model, x, kBatch);
  testing::expect_batch_sums_add_up(model, x);
}

// Batches go through the layers 256 data at a time: a batch of several
// chunks, the last one partial, is still the sum of its data.
TEST(Mlp, BatchesOfSeveralChunksAddUp) {
  const Mlp classifier(class_data(600), 3, MlpOutput::kSoftmax, 3, 1.5, 0.0);
  const Mlp regression(real_data(600), 3, MlpOutput::kGaussian, 0, 2.0, 0.4);
  std::vector<Index> batch(700);
  for (std::size_t b = 0; b < batch.size(); ++b) batch[b] = static_cast<Index>((b * 7) % 600);
  for (const Mlp* model : {&classifier, &regression}) {
    const Vec x = random_point(model->dim(), 15, 0.8);
    testing::expect_batch_sums_add_up(*model, x);
    testing::expect_gradients_match_differences(*model, x, batch);
  }
}

TEST(Mlp, PackingIsTheDocumentedOne) {
  // p = 1, H = 1, K = 2: x = (W1, b1, W2[0], W2[1], b2[0], b2[1]). With
  // W1 = 0 and b1 = atanh(0.5) the hidden unit is 0.5 for every input.
  const std::vector<double> a{3.0}, y{1.0};
  const Mlp model(Dataset::copy(1, 1, a.data(), y.data()), 1, MlpOutput::kSoftmax, 2, 1.0, 0.0);
  const Vec x{{0.0, std::atanh(0.5), 2.0, -2.0, 0.25, 0.5}};
  // z = (1.25, -0.5); U = log(e^1.25 + e^-0.5) + 0.5.
  const std::vector<Index> batch{0};
  const auto work = model.make_workspace();
  const auto t = evaluate_terms(model, x, batch, work.get());
  EXPECT_NEAR(t.batch_energy, std::log(std::exp(1.25) + std::exp(-0.5)) + 0.5, 1e-14);
  EXPECT_DOUBLE_EQ(t.prior_energy, 0.5 * x.squaredNorm());
}

TEST(Mlp, NeedsItsWorkspace) {
  const Mlp model(class_data(), 2, MlpOutput::kSoftmax, 3, 1.0, 0.0);
  const Vec x = Vec::Zero(model.dim());
  try {
    evaluate_terms(model, x, kBatch, nullptr);
    ADD_FAILURE() << "no sgmc::Error thrown";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kState);
    EXPECT_STREQ(e.what(), "the MLP was evaluated without its workspace at chain 0");
  }
}

TEST(DataModels, RejectBadArgumentsNamingThem) {
  const auto reals = real_data();
  EXPECT_EQ(message_of([&] { LogisticRegression(reals, 1.0); }).rfind(
                "argument 'data' = a table with targets[0] = ", 0),
            0u);
  EXPECT_EQ(message_of([&] { LogisticRegression(binary_data(), 0.0); }),
            "argument 'prior_sd' = 0: must be finite and > 0");
  EXPECT_EQ(message_of([] { LogisticRegression(nullptr, 1.0); }),
            "argument 'data' = NULL: must be a data set");
  EXPECT_EQ(message_of([&] { LinearRegression(reals, 1.0, -1.0, 0.0); }),
            "argument 'noise_sd' = -1: must be finite and > 0, or 0 to sample log sigma");
  EXPECT_EQ(message_of([&] { LinearRegression(reals, 1.0, 0.0, 0.0); }),
            "argument 'log_noise_prior_sd' = 0: must be finite and > 0");
  EXPECT_EQ(message_of([&] { Mlp(reals, 0, MlpOutput::kGaussian, 0, 1.0, 1.0); }),
            "argument 'n_hidden' = 0: must be >= 1");
  EXPECT_EQ(message_of([&] { Mlp(reals, 2, MlpOutput::kGaussian, 0, 1.0, 0.0); }),
            "argument 'noise_sd' = 0: must be finite and > 0");
  EXPECT_EQ(message_of([&] { Mlp(class_data(), 2, MlpOutput::kSoftmax, 1, 1.0, 0.0); }),
            "argument 'n_classes' = 1: must be >= 2");
  const std::vector<double> a{1.0, 2.0}, y{0.0, 2.5};
  EXPECT_EQ(message_of([&] {
              Mlp(Dataset::copy(2, 1, a.data(), y.data()), 2, MlpOutput::kSoftmax, 3, 1.0, 0.0);
            }),
            "argument 'data' = a table with targets[1] = 2.5: must be a class label 0..2");
}

TEST(Dataset, CopiesOrBorrowsAndRejectsNonFiniteEntriesByRowAndColumn) {
  std::vector<double> a{1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, y{0.0, 1.0, 0.0};
  const auto copied = Dataset::copy(3, 2, a.data(), y.data());
  const auto borrowed = Dataset::borrow(3, 2, a.data(), y.data());
  EXPECT_EQ(copied->rows(), 3);
  EXPECT_EQ(copied->n_features(), 2);
  EXPECT_EQ(copied->features()(2, 1), 6.0);
  EXPECT_NE(copied->features().data(), a.data());
  EXPECT_EQ(borrowed->features().data(), a.data());
  EXPECT_EQ(borrowed->targets().data(), y.data());
  a[3] = NAN;
  EXPECT_EQ(message_of([&] { Dataset::copy(3, 2, a.data(), y.data()); }),
            "argument 'features' = a table with features[1][1] = nan: must be finite");
  a[3] = 4.0;
  y[2] = INFINITY;
  EXPECT_EQ(message_of([&] { Dataset::borrow(3, 2, a.data(), y.data()); }),
            "argument 'targets' = an array with targets[2] = inf: must be finite");
  EXPECT_EQ(message_of([&] { Dataset::copy(0, 2, a.data(), y.data()); }),
            "argument 'n_rows' = 0: must be >= 1");
  EXPECT_EQ(message_of([&] { Dataset::copy(3, 2, nullptr, y.data()); }),
            "argument 'features' = NULL: must be an array of n_rows * n_features values");
}

}  // namespace
}  // namespace sgmc
