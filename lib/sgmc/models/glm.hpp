// The batch sum of a generalised linear model: per datum, the linear
// predictor z_i = a_i' w + b of the feature row a_i, and a loss of (z_i, y_i)
// with its slope dU_i/dz_i. Shared by logistic and linear regression.
#pragma once

#include <span>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

/// How many batch rows ahead of the current one are prefetched: enough to
/// cover a memory latency with the work on the rows in between.
inline constexpr std::size_t kPrefetchRows = 8;

/// A loss's value and slope at one datum.
struct LossTerm {
  double energy;
  double slope;
};

/// Returns sum_{i in batch} loss(z_i, y_i) for coefficients coef = (w, b)
/// (p + 1 values) and, when `grad` is non-null, adds the gradient with
/// respect to (w, b) to grad->head(p + 1). One pass over each batch row: the
/// row is still in L1 when its gradient term is added, so no gathered copy
/// of the batch pays here (each row is used by one dot and one axpy only).
template <typename Loss>
double glm_batch_sum(const Dataset& data, std::span<const Index> batch, ConstVecRef coef,
                     VecRef* grad, const Loss& loss) {
  const Index p = data.n_features();
  const auto w = coef.head(p);
  const double b = coef[p];
  double energy = 0.0;
  const std::size_t n = batch.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + kPrefetchRows < n) data.prefetch_row(batch[k + kPrefetchRows]);
    const Index i = batch[k];
    const auto a = data.features().row(i);
    const LossTerm term = loss(a.dot(w) + b, data.targets()[i]);
    energy += term.energy;
    if (grad != nullptr) {
      grad->head(p) += term.slope * a.transpose();
      (*grad)[p] += term.slope;
    }
  }
  return energy;
}

}  // namespace sgmc
