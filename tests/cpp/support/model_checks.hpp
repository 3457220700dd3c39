// Checks every model with data must pass: gradients against central finite
// differences, and batch sums that add up per datum.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "sgmc/models/model.hpp"

namespace sgmc::testing {

/// One evaluation's terms, with its own gradient buffers.
struct Terms {
  double batch_energy = 0;
  double prior_energy = 0;
  Vec batch_grad;
  Vec prior_grad;
};

inline Terms evaluate_terms(const Model& model, ConstVecRef x, std::span<const Index> batch,
                            ModelWorkspace* workspace, bool want_gradient = true) {
  Terms t{0, 0, Vec::Zero(model.dim()), Vec::Zero(model.dim())};
  ModelTerms out{0, 0, t.batch_grad, t.prior_grad};
  model.evaluate({x, batch, want_gradient, 0, nullptr, workspace}, out);
  t.batch_energy = out.batch_energy;
  t.prior_energy = out.prior_energy;
  return t;
}

/// Both gradients agree with central differences of the energies (step h,
/// relative tolerance), and an energy-only call gives the same energies.
inline void expect_gradients_match_differences(const Model& model, ConstVecRef x,
                                               std::span<const Index> batch,
                                               double h = 1e-5, double tolerance = 1e-6) {
  const auto work = model.make_workspace();
  const Terms t = evaluate_terms(model, x, batch, work.get());
  const Terms energies = evaluate_terms(model, x, batch, work.get(), false);
  EXPECT_DOUBLE_EQ(energies.batch_energy, t.batch_energy);
  EXPECT_DOUBLE_EQ(energies.prior_energy, t.prior_energy);
  for (Index j = 0; j < model.dim(); ++j) {
    Vec up = x, down = x;
    up[j] += h;
    down[j] -= h;
    const Terms u = evaluate_terms(model, up, batch, work.get(), false);
    const Terms d = evaluate_terms(model, down, batch, work.get(), false);
    const double batch_numeric = (u.batch_energy - d.batch_energy) / (2 * h);
    const double prior_numeric = (u.prior_energy - d.prior_energy) / (2 * h);
    EXPECT_NEAR(t.batch_grad[j], batch_numeric, tolerance * std::max(1.0, std::abs(batch_numeric)))
        << "batch gradient coordinate " << j;
    EXPECT_NEAR(t.prior_grad[j], prior_numeric, tolerance * std::max(1.0, std::abs(prior_numeric)))
        << "prior gradient coordinate " << j;
  }
}

/// Singleton batches add up to the full batch; a repeated index counts twice;
/// the prior term does not depend on the batch; an empty batch gives 0.
inline void expect_batch_sums_add_up(const Model& model, ConstVecRef x) {
  const auto work = model.make_workspace();
  std::vector<Index> all(static_cast<std::size_t>(model.data_size()));
  std::iota(all.begin(), all.end(), Index{0});
  const Terms full = evaluate_terms(model, x, all, work.get());
  double energy = 0;
  Vec grad = Vec::Zero(model.dim());
  for (const Index i : all) {
    const Terms one = evaluate_terms(model, x, std::span<const Index>(&i, 1), work.get());
    energy += one.batch_energy;
    grad += one.batch_grad;
    EXPECT_EQ(one.prior_energy, full.prior_energy);
    EXPECT_EQ(one.prior_grad, full.prior_grad);
  }
  const double scale = 1e-12 * (1 + std::abs(full.batch_energy));
  EXPECT_NEAR(energy, full.batch_energy, scale);
  EXPECT_LT((grad - full.batch_grad).lpNorm<Eigen::Infinity>(),
            1e-12 * (1 + full.batch_grad.lpNorm<Eigen::Infinity>()));

  const std::vector<Index> twice{3, 1, 3}, once{1, 3};
  const Index three = 3;
  const Terms rep = evaluate_terms(model, x, twice, work.get());
  const Terms pair = evaluate_terms(model, x, once, work.get());
  const Terms single = evaluate_terms(model, x, std::span<const Index>(&three, 1), work.get());
  EXPECT_NEAR(rep.batch_energy, pair.batch_energy + single.batch_energy, scale);
  EXPECT_LT((rep.batch_grad - pair.batch_grad - single.batch_grad).lpNorm<Eigen::Infinity>(), 1e-10);

  const Terms none = evaluate_terms(model, x, {}, work.get());
  EXPECT_EQ(none.batch_energy, 0.0);
  EXPECT_EQ(none.batch_grad, Vec::Zero(model.dim()));
}

/// Two models that must be one model (two spellings of its constructor):
/// the same energies and gradients at x on `batch`, bit for bit.
inline void expect_same_bits(const Model& a, const Model& b, ConstVecRef x,
                             std::span<const Index> batch) {
  const Terms s = evaluate_terms(a, x, batch, nullptr);
  const Terms t = evaluate_terms(b, x, batch, nullptr);
  EXPECT_EQ(s.batch_energy, t.batch_energy);
  EXPECT_EQ(s.prior_energy, t.prior_energy);
  EXPECT_EQ(s.batch_grad, t.batch_grad);
  EXPECT_EQ(s.prior_grad, t.prior_grad);
}

}  // namespace sgmc::testing
