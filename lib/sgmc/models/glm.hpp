// The batch sum of a generalised linear model: per datum, the linear
// predictor z_i = a_i' w + b of the feature row a_i, and a loss of (z_i, y_i)
// with its slope dU_i/dz_i. Shared by logistic and linear regression. Each
// batch row is read from the table in place: with one dot and one axpy per
// row, a gathered copy of the batch would not pay.
#pragma once

#include <algorithm>
#include <span>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

/// How many batch rows ahead of the current one are prefetched: enough to
/// cover a memory latency with the work on the rows in between.
inline constexpr std::size_t kPrefetchRows = 8;

/// Batch rows are taken a chunk at a time: the chunk's predictors are
/// computed first, then its losses at once (vectorised exp and log1p), then
/// its gradient terms while its rows are still in L1. A fixed-capacity array
/// keeps this off the heap.
inline constexpr Index kChunkRows = 16;
using GlmChunk = Eigen::Array<double, Eigen::Dynamic, 1, Eigen::ColMajor, kChunkRows, 1>;

/// Whether the predictor has an intercept b after w. A template argument,
/// so that the intercept's path keeps its code and the other one has no b.
enum class GlmIntercept { kYes, kNo };

/// Returns sum_{i in batch} loss_i for coefficients coef = (w, b) (p + 1
/// values; w alone, p values, with GlmIntercept::kNo) and, when `grad` is
/// non-null, adds the gradient with respect to coef to grad->head(coef
/// size). loss(z, y, slope) gets a chunk of predictors z and targets y,
/// writes dU_i/dz_i to slope and returns the chunk's energy.
template <GlmIntercept kIntercept = GlmIntercept::kYes, typename Loss>
double glm_batch_sum(const Dataset& data, std::span<const Index> batch, ConstVecRef coef,
                     VecRef* grad, const Loss& loss) {
  constexpr bool kWithIntercept = kIntercept == GlmIntercept::kYes;
  const Index p = data.n_features();
  const auto w = coef.head(p);
  const double b = kWithIntercept ? coef[p] : 0.0;
  const auto n = static_cast<Index>(batch.size());
  double energy = 0.0;
  GlmChunk z, y, slope;
  for (Index start = 0; start < n; start += kChunkRows) {
    const Index m = std::min(kChunkRows, n - start);
    z.resize(m);
    y.resize(m);
    slope.resize(m);
    for (Index k = 0; k < m; ++k) {
      const auto ahead = static_cast<std::size_t>(start + k) + kPrefetchRows;
      if (ahead < batch.size()) data.prefetch_row(batch[ahead]);
      const Index i = batch[static_cast<std::size_t>(start + k)];
      if constexpr (kWithIntercept) {
        z[k] = data.features().row(i).dot(w) + b;
      } else {
        z[k] = data.features().row(i).dot(w);
      }
      y[k] = data.targets()[i];
    }
    energy += loss(z, y, slope);
    if (grad == nullptr) continue;
    for (Index k = 0; k < m; ++k) {
      grad->head(p) += slope[k] * data.features().row(batch[static_cast<std::size_t>(start + k)]).transpose();
    }
    if constexpr (kWithIntercept) (*grad)[p] += slope.sum();
  }
  return energy;
}

}  // namespace sgmc
