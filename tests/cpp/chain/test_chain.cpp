#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "sgmc/chain/chain.hpp"
#include "sgmc/core/error.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

SamplerConfig sgld(double eps, Index batch) {
  SamplerConfig c;
  c.schedule.step_size = eps;
  c.batch_size = batch;
  return c;
}

TEST(Chain, FormsUnbiasedEstimatesFromBatchTerms) {
  // tau = 0 makes the step deterministic: x1 = x0 - eps (grad U0 + N/n grad S_B).
  Eigen::MatrixXd data(1, 10);
  data << 0, 1, 2, 3, 4, 5, 6, 7, 8, 9;
  testing::QuadraticDataModel model(data, 4.0);
  SamplerConfig config = sgld(0.01, 3);
  config.temperature = 0.0;
  const Vec x0 = Vec::Constant(1, 2.0);
  Chain chain(config, {5, 0, 1}, 1, 10, x0, {3, 0});
  const auto batch = chain.batch();
  double sum_grad = 0, sum_energy = 0;
  for (const Index i : batch) {
    sum_grad += 2.0 - data(0, i);
    sum_energy += 0.5 * std::pow(2.0 - data(0, i), 2);
  }
  chain.advance(model, nullptr);
  const double grad = 2.0 / 4.0 + 10.0 / 3.0 * sum_grad;
  EXPECT_DOUBLE_EQ(chain.position()[0], 2.0 - 0.01 * grad);
  EXPECT_DOUBLE_EQ(chain.draws().energies()[0], 0.5 * 4.0 / 4.0 + 10.0 / 3.0 * sum_energy);
  EXPECT_EQ(chain.draws().draws()(0, 0), 2.0);  // the draw is the evaluated point
}

TEST(Chain, BatchesAreDistinctIndicesAndUniform) {
  // Inclusion frequency of every index is n/N; chi-square over 20 indices.
  const Index n_data = 20, n = 5, steps = 20000;
  Chain chain(sgld(0.01, n), {steps, 0, 1}, 1, n_data, Vec::Zero(1), {1, 0});
  std::vector<double> counts(n_data, 0.0);
  for (Index s = 0; s < steps; ++s) {
    const auto b = chain.batch();
    std::set<Index> unique(b.begin(), b.end());
    ASSERT_EQ(static_cast<Index>(unique.size()), n);
    for (const Index i : b) counts[static_cast<std::size_t>(i)] += 1;
    chain.terms().prior_energy = 0;
    chain.terms().batch_energy = 0;
    chain.terms().batch_grad.setZero();
    chain.terms().prior_grad.setZero();
    chain.tell();
  }
  const double expected = static_cast<double>(steps * n) / n_data;
  double chi2 = 0;
  for (const double c : counts) chi2 += (c - expected) * (c - expected) / expected;
  // Inclusions are negatively correlated within a batch, which only lowers
  // chi2; 19 degrees of freedom, 0.999 quantile = 43.8.
  EXPECT_LT(chi2, 43.8);
}

TEST(Chain, FullBatchWhenBatchSizeIsZeroOrN) {
  Chain chain(sgld(0.01, 0), {10, 0, 1}, 1, 7, Vec::Zero(1), {1, 0});
  EXPECT_EQ(chain.batch().size(), 7u);
  EXPECT_THROW(Chain(sgld(0.01, 8), {10, 0, 1}, 1, 7, Vec::Zero(1), {1, 0}), Error);
}

TEST(Chain, RecordsAfterBurnInWithThinning) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Zero(2, 0), 1.0);
  Chain chain(sgld(0.01, 0), {23, 5, 4}, 2, 0, Vec::Zero(2), {1, 0});
  for (int s = 0; s < 23; ++s) chain.advance(model, nullptr);
  EXPECT_EQ(chain.draws().size(), 4);  // k = 9, 13, 17, 21
  EXPECT_EQ(chain.draws().steps(), (std::vector<Index>{9, 13, 17, 21}));
  EXPECT_THROW(chain.advance(model, nullptr), Error);  // n_steps reached
}

TEST(Chain, NonFiniteEvaluationThrowsAndChangesNothing) {
  Chain chain(sgld(0.1, 0), {10, 0, 1}, 2, 0, Vec::Ones(2), {1, 0});
  const Vec before = chain.position();
  auto& t = chain.terms();
  t.prior_energy = 1.0;
  t.prior_grad << 1.0, std::numeric_limits<double>::infinity();
  try {
    chain.tell();
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kNonFinite);
    EXPECT_NE(std::string(e.what()).find("non-finite gradient (coordinate 1 = inf) at chain 0, step 1"),
              std::string::npos) << e.what();
  }
  t.prior_energy = std::nan("");
  t.prior_grad << 1.0, 1.0;
  EXPECT_THROW(chain.tell(), Error);
  EXPECT_EQ(chain.position(), before);
  EXPECT_EQ(chain.steps_done(), 0);
  EXPECT_EQ(chain.draws().size(), 0);
  t.prior_energy = 1.0;
  chain.tell();  // still usable
  EXPECT_EQ(chain.steps_done(), 1);
}

TEST(Chain, RejectsBadConstruction) {
  EXPECT_THROW(Chain(sgld(0.1, 0), {10, 0, 1}, 0, 0, Vec::Zero(0), {1, 0}), Error);
  EXPECT_THROW(Chain(sgld(0.1, 0), {10, 0, 1}, 2, 0, Vec::Zero(3), {1, 0}), Error);
  EXPECT_THROW(Chain(sgld(0.1, 0), {10, 10, 1}, 1, 0, Vec::Zero(1), {1, 0}), Error);
  EXPECT_THROW(Chain(sgld(-0.1, 0), {10, 0, 1}, 1, 0, Vec::Zero(1), {1, 0}), Error);
  try {
    Chain(sgld(0.1, 0), {std::numeric_limits<Index>::max() / 2, 0, 1}, 1000, 0, Vec::Zero(1000), {1, 0});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("more than can be stored"), std::string::npos) << e.what();
  }
  Vec bad = Vec::Zero(1);
  bad[0] = std::nan("");
  EXPECT_THROW(Chain(sgld(0.1, 0), {10, 0, 1}, 1, 0, bad, {1, 0}), Error);
}

}  // namespace
}  // namespace sgmc
