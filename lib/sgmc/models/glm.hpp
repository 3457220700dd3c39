// The batch sum of a generalised linear model: per datum, the linear
// predictor z_i = a_i' w + b of the feature row a_i, and a loss of (z_i, y_i)
// with its slope dU_i/dz_i. Shared by logistic and linear regression. Each
// batch row is read from the table in place: with one dot and one axpy per
// row, a gathered copy of the batch would not pay.
#pragma once

#include <algorithm>
#include <span>
#include <type_traits>

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

/// a' w for a float row a, each a_j widened to double: the products and
/// their sums are double. Eight partial sums, lane by lane, which the
/// compiler turns into vector registers (Eigen has no vectorised
/// float-to-double cast), added up in a fixed order.
inline double widened_dot(const float* a, const double* w, Index p) {
  double lanes[8] = {};
  Index j = 0;
  for (; j + 8 <= p; j += 8) {
    for (Index l = 0; l < 8; ++l) lanes[l] += static_cast<double>(a[j + l]) * w[j + l];
  }
  double tail = 0.0;
  for (; j < p; ++j) tail += static_cast<double>(a[j]) * w[j];
  return ((lanes[0] + lanes[4]) + (lanes[1] + lanes[5])) + ((lanes[2] + lanes[6]) + (lanes[3] + lanes[7])) +
         tail;
}

/// g += s a for a float row a, in double.
inline void widened_axpy(double s, const float* a, double* g, Index p) {
  for (Index j = 0; j < p; ++j) g[j] += s * static_cast<double>(a[j]);
}

/// The batch sum of glm_batch_sum() over the rows of `table`, features()
/// or features32() of the data set. The double path is Eigen's dot and
/// axpy, as it always was; a float row goes through the widened ones.
template <GlmIntercept kIntercept, typename Table, typename Loss>
double glm_table_sum(const Table& table, const Dataset::Targets& targets,
                     std::span<const Index> batch, ConstVecRef coef, VecRef* grad, const Loss& loss) {
  constexpr bool kWithIntercept = kIntercept == GlmIntercept::kYes;
  constexpr bool kFloat = std::is_same_v<typename Table::Scalar, float>;
  const Index p = table.cols();
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
      if (ahead < batch.size()) {
        Dataset::prefetch_row(table, batch[ahead]);
        // Its target too: scattered the same way, a miss that stalled the
        // row loop (43% of the samples at the load, perf, N = 1e5).
        __builtin_prefetch(targets.data() + batch[ahead]);
      }
      const Index i = batch[static_cast<std::size_t>(start + k)];
      double dot;
      if constexpr (kFloat) {
        dot = widened_dot(table.row(i).data(), w.data(), p);
      } else {
        dot = table.row(i).dot(w);
      }
      if constexpr (kWithIntercept) {
        z[k] = dot + b;
      } else {
        z[k] = dot;
      }
      y[k] = targets[i];
    }
    energy += loss(z, y, slope);
    if (grad == nullptr) continue;
    for (Index k = 0; k < m; ++k) {
      const Index i = batch[static_cast<std::size_t>(start + k)];
      if constexpr (kFloat) {
        widened_axpy(slope[k], table.row(i).data(), grad->data(), p);
      } else {
        grad->head(p) += slope[k] * table.row(i).transpose();
      }
    }
    if constexpr (kWithIntercept) (*grad)[p] += slope.sum();
  }
  return energy;
}

/// Returns sum_{i in batch} loss_i for coefficients coef = (w, b) (p + 1
/// values; w alone, p values, with GlmIntercept::kNo) and, when `grad` is
/// non-null, adds the gradient with respect to coef to grad->head(coef
/// size). loss(z, y, slope) gets a chunk of predictors z and targets y,
/// writes dU_i/dz_i to slope and returns the chunk's energy. Reads the
/// float32 features when the data set has them.
template <GlmIntercept kIntercept = GlmIntercept::kYes, typename Loss>
double glm_batch_sum(const Dataset& data, std::span<const Index> batch, ConstVecRef coef,
                     VecRef* grad, const Loss& loss) {
  return data.float32_features()
             ? glm_table_sum<kIntercept>(data.features32(), data.targets(), batch, coef, grad, loss)
             : glm_table_sum<kIntercept>(data.features(), data.targets(), batch, coef, grad, loss);
}

}  // namespace sgmc
