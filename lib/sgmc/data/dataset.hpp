// A dense data set for the built-in models: n rows of p features, row-major
// as C, R (after transposition) and CSV files give them, and one target per
// row (a label or a response). Either owns its arrays or borrows the
// caller's, so that a large table need not be copied. On request it also
// holds the features rounded to float32, which logistic and linear
// regression then read instead (half the bytes to gather per batch row) and
// the MLP computes with in float (mlp.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/data/huge_page_allocator.hpp"

namespace sgmc {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowMatrixF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

class Dataset {
 public:
  using Features = Eigen::Map<const RowMatrix>;
  using Targets = Eigen::Map<const Vec>;
  using Features32 = Eigen::Map<const RowMatrixF>;

  /// Copies n_rows x n_features features (row-major) and n_rows targets.
  /// @param[in] n_rows     n >= 1.
  /// @param[in] n_features p >= 1.
  /// Throws sgmc::Error(kInvalidArgument) naming a size out of range, a NULL
  /// array or the first non-finite entry ("features[row][column]").
  static std::shared_ptr<const Dataset> copy(Index n_rows, Index n_features,
                                             const double* features, const double* targets);
  /// The same without a copy: the arrays must stay valid and unchanged for
  /// the life of the returned data set and of every model holding it.
  static std::shared_ptr<const Dataset> borrow(Index n_rows, Index n_features,
                                               const double* features, const double* targets);
  /// Takes over arrays already built (the CSV reader's), with the feature
  /// columns' names (p of them, or none). Features of 2 MiB or more are
  /// moved to huge-page storage (HugePageAllocator), one copy.
  static std::shared_ptr<const Dataset> adopt(Index n_rows, Index n_features,
                                              std::vector<double> features,
                                              std::vector<double> targets,
                                              std::vector<std::string> feature_names = {});
  /// `data` with its features also stored as float32 (each rounded to the
  /// nearest float: relative error <= 2^-24, or absolute <= 2^-150 below
  /// FLT_MIN = 2^-126), which logistic and linear regression read in place
  /// of the doubles, products and sums still in double, and with which the
  /// MLP computes in float (mlp.hpp). The double table stays (shared with
  /// `data`, borrowed or owned as it was) for predictions and other uses;
  /// the float copy is owned, in huge-page storage from 2 MiB.
  /// Returns `data` itself when it already has float32 features.
  /// Throws sgmc::Error(kInvalidArgument) for a NULL `data` or a feature
  /// beyond the float range (|v| > FLT_MAX ~ 3.4e38), named by row and
  /// column.
  static std::shared_ptr<const Dataset> with_float32_features(std::shared_ptr<const Dataset> data);

  Index rows() const { return features_.rows(); }
  Index n_features() const { return features_.cols(); }
  const Features& features() const { return features_; }
  const Targets& targets() const { return targets_; }
  /// Whether features32() holds the features (with_float32_features()).
  bool float32_features() const { return !owned_features32_.empty(); }
  /// The features rounded to float32; an empty table unless float32_features().
  const Features32& features32() const { return features32_; }
  /// Asks the CPU to start loading every cache line of row i of `table`
  /// (features() or features32()). Batch rows are scattered over the table,
  /// so walking a batch is bound by memory latency unless the next rows are
  /// requested while one is being used.
  template <typename Table>
  static void prefetch_row(const Table& table, Index i) {
    const auto* row = reinterpret_cast<const char*>(table.data() + i * table.cols());
    const auto* end = row + table.cols() * static_cast<Index>(sizeof(*table.data()));
    // From the line the row starts in: a row need not start a line.
    const auto* line = reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(row) & ~std::uintptr_t{63});
    for (; line < end; line += 64) __builtin_prefetch(line);
  }
  /// The feature columns' names; empty unless read from a file.
  const std::vector<std::string>& feature_names() const { return feature_names_; }

 private:
  Dataset(Index n_rows, Index n_features, HugePageVector features,
          std::vector<double> targets, const double* feature_data, const double* target_data,
          std::vector<std::string> feature_names, std::shared_ptr<const Dataset> source = nullptr,
          HugePageFloatVector features32 = {});

  /// The data set whose tables a float32 one shares; null otherwise.
  std::shared_ptr<const Dataset> source_;
  HugePageVector owned_features_;  ///< empty when borrowed or shared
  std::vector<double> owned_targets_;
  Features features_;
  Targets targets_;
  std::vector<std::string> feature_names_;
  HugePageFloatVector owned_features32_;  ///< empty unless float32_features()
  Features32 features32_;
};

}  // namespace sgmc
