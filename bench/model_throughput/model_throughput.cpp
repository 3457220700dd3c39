// One SGLD step on a built-in model with data, as every run makes it: draw a
// mini-batch, evaluate the batch energy and gradient and the prior, form the
// stochastic estimates and move. Logistic and linear regression (N = 1e5 and
// 1e6 rows of 50 features, batch 1000), each with double features and with
// float32 features (Dataset::with_float32_features; the draws are double
// either way), and the tanh MLP for classification (64 inputs, 100 hidden
// units, 10 classes, N = 1e4, batches of 100 and 1000), in double and, on
// float32 features, in float (mlp.hpp), synthetic standard-normal data, one
// thread: microseconds per step,
// the median of 9 timings of ~0.1 s each of the thread's CPU time (not wall
// time, so that other jobs on a shared machine do not count). For each
// regression also the floor under any implementation's step: drawing the
// batch and reading its rows (us_per_read). torch_model_throughput.py does
// the same work with PyTorch; run.sh runs both side by side.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/models/glm.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
#include "sgmc/random/batch_selector.hpp"
#include "sgmc/random/normal.hpp"

namespace {

/// n rows of p N(0, 1) features and labels drawn uniformly from
/// 0..classes-1, or N(0, 1) responses for classes = 0.
std::shared_ptr<const sgmc::Dataset> synthetic(sgmc::Index n, sgmc::Index p, sgmc::Index classes) {
  sgmc::NormalSource normal(sgmc::Rng{3});
  std::vector<double> features(static_cast<std::size_t>(n * p)), labels(static_cast<std::size_t>(n));
  normal.fill(features.data(), features.size());
  if (classes == 0) {
    normal.fill(labels.data(), labels.size());
  } else {
    sgmc::Rng rng(4);
    for (double& y : labels) y = static_cast<double>(rng.below(static_cast<std::uint64_t>(classes)));
  }
  return sgmc::Dataset::adopt(n, p, std::move(features), std::move(labels));
}

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// The median of 9 timings of `run(steps)` (seconds), `steps` doubled
/// until one takes 0.1 s (which also warms up), in microseconds per step.
template <typename Run>
double median_us(const Run& run) {
  long steps = 1;
  while (run(steps) < 0.1) steps *= 2;
  std::array<double, 9> timings{};
  for (double& t : timings) t = run(steps) * 1e6 / static_cast<double>(steps);
  std::nth_element(timings.begin(), timings.begin() + 4, timings.end());
  return timings[4];
}

double us_per_step(const sgmc::Model& model, sgmc::Index batch_size) {
  sgmc::SamplerConfig config;
  config.schedule.step_size = 1e-6;
  config.batch_size = batch_size;
  // Draws are not recorded: the benchmark is the step, not the storage.
  const sgmc::Index huge = sgmc::Index{1} << 40;
  sgmc::Chain chain(config, {huge, huge - 1, 1}, model.dim(), model.data_size(),
                    sgmc::Vec::Constant(model.dim(), 0.01), {1, 0});
  const auto workspace = model.make_workspace();
  const double us = median_us([&](long steps) {
    const double start = thread_seconds();
    for (long s = 0; s < steps; ++s) chain.advance(model, workspace.get());
    return thread_seconds() - start;
  });
  if (!chain.position().allFinite()) std::abort();
  return us;
}

/// The floor under any regression step on `table`: draw a batch as the
/// engine does and bring its rows into the cache (prefetched as the models
/// prefetch them, one value loaded from each of a row's cache lines),
/// nothing else. Every implementation must move these lines, so PyTorch's
/// time over this one bounds the ratio to it that any could reach.
template <typename Table>
double us_per_read(const Table& table, sgmc::Index batch_size) {
  using Scalar = typename Table::Scalar;
  constexpr auto kPerLine = static_cast<sgmc::Index>(64 / sizeof(Scalar));
  sgmc::BatchSelector batches(table.rows(), batch_size);
  sgmc::Rng rng(5);
  Scalar sink = 0;
  const double us = median_us([&](long steps) {
    const double start = thread_seconds();
    for (long s = 0; s < steps; ++s) {
      batches.next(rng);
      const auto batch = batches.current();
      for (std::size_t k = 0; k < batch.size(); ++k) {
        if (k + sgmc::kPrefetchRows < batch.size()) sgmc::Dataset::prefetch_row(table, batch[k + sgmc::kPrefetchRows]);
        const Scalar* row = table.row(batch[k]).data();
        for (sgmc::Index j = 0; j < table.cols(); j += kPerLine) sink += row[j];
        sink += row[table.cols() - 1];
      }
    }
    return thread_seconds() - start;
  });
  if (!std::isfinite(sink)) std::abort();
  return us;
}

/// One row of the table: the regression on double and on float32 features,
/// and the floor of each (us_per_read).
template <typename Regression, typename... Args>
void regression_row(const char* name, sgmc::Index n_rows, sgmc::Index classes, const Args&... args) {
  const auto data = synthetic(n_rows, 50, classes);
  const auto data32 = sgmc::Dataset::with_float32_features(data);
  const double f64 = us_per_step(Regression(data, args...), 1000);
  const double f32 = us_per_step(Regression(data32, args...), 1000);
  const double read64 = us_per_read(data->features(), 1000), read32 = us_per_read(data32->features32(), 1000);
  std::printf("%s N=%s p=50 n=1000\t%.2f\t%.2f\t%.2f\t%.2f\n", name, n_rows == 100000 ? "1e5" : "1e6", f64, f32,
              read64, read32);
}

}  // namespace

int main() {
  std::printf("case\tsgmc_f64_us\tsgmc_f32_us\tread_f64_us\tread_f32_us\n");
  for (const sgmc::Index n_rows : {100000, 1000000}) {
    regression_row<sgmc::LogisticRegression>("logistic", n_rows, 2, 1.0);
    regression_row<sgmc::LinearRegression>("linear", n_rows, 0, 1.0, 1.0, 0.0);
  }
  const auto digits_sized = synthetic(10000, 64, 10);
  const sgmc::Mlp mlp(digits_sized, 100, sgmc::MlpOutput::kSoftmax, 10, 1.0, 0.0);
  const sgmc::Mlp mlp32(sgmc::Dataset::with_float32_features(digits_sized), 100, sgmc::MlpOutput::kSoftmax, 10,
                        1.0, 0.0);
  for (const sgmc::Index n : {100, 1000}) {
    std::printf("mlp 64-100-10 N=1e4 n=%lld\t%.2f\t%.2f\t-\t-\n", static_cast<long long>(n), us_per_step(mlp, n),
                us_per_step(mlp32, n));
  }
}
