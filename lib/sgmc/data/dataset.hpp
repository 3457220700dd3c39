// A dense data set for the built-in models: n rows of p features, row-major
// as C, R (after transposition) and CSV files give them, and one target per
// row (a label or a response). Either owns its arrays or borrows the
// caller's, so that a large table need not be copied.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/data/huge_page_allocator.hpp"

namespace sgmc {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

class Dataset {
 public:
  using Features = Eigen::Map<const RowMatrix>;
  using Targets = Eigen::Map<const Vec>;

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

  Index rows() const { return features_.rows(); }
  Index n_features() const { return features_.cols(); }
  const Features& features() const { return features_; }
  const Targets& targets() const { return targets_; }
  /// Asks the CPU to start loading row i into cache. Batch rows are
  /// scattered over the table, so walking a batch is bound by memory
  /// latency unless the next rows are requested while one is being used.
  void prefetch_row(Index i) const {
    const char* row = reinterpret_cast<const char*>(features_.data() + i * n_features());
    const Index bytes = n_features() * static_cast<Index>(sizeof(double));
    for (Index offset = 0; offset < bytes; offset += 64) __builtin_prefetch(row + offset);
  }
  /// The feature columns' names; empty unless read from a file.
  const std::vector<std::string>& feature_names() const { return feature_names_; }

 private:
  Dataset(Index n_rows, Index n_features, HugePageVector features,
          std::vector<double> targets, const double* feature_data, const double* target_data,
          std::vector<std::string> feature_names);

  HugePageVector owned_features_;  ///< empty when borrowed
  std::vector<double> owned_targets_;
  Features features_;
  Targets targets_;
  std::vector<std::string> feature_names_;
};

}  // namespace sgmc
