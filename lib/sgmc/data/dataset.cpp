#include "sgmc/data/dataset.hpp"

#include <cmath>
#include <limits>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

void require_shape(Index n_rows, Index n_features, const double* features, const double* targets) {
  require(n_rows >= 1, "n_rows", n_rows, "must be >= 1");
  require(n_features >= 1, "n_features", n_features, "must be >= 1");
  require(features != nullptr, "features", "NULL", "must be an array of n_rows * n_features values");
  require(targets != nullptr, "targets", "NULL", "must be an array of n_rows values");
}

// Messages are built only on failure: the check runs over every entry.
void require_finite(Index n_rows, Index n_features, const double* features,
                    const double* targets) {
  for (Index i = 0; i < n_rows; ++i) {
    for (Index j = 0; j < n_features; ++j) {
      const double v = features[i * n_features + j];
      if (!std::isfinite(v)) {
        require(false, "features", "a table with features[" + show(i) + "][" + show(j) + "] = " + show(v),
                "must be finite");
      }
    }
    if (!std::isfinite(targets[i])) {
      require(false, "targets", "an array with targets[" + show(i) + "] = " + show(targets[i]),
              "must be finite");
    }
  }
}

}  // namespace

Dataset::Dataset(Index n_rows, Index n_features, HugePageVector features,
                 std::vector<double> targets, const double* feature_data,
                 const double* target_data, std::vector<std::string> feature_names,
                 std::shared_ptr<const Dataset> source, HugePageFloatVector features32)
    : source_(std::move(source)),
      owned_features_(std::move(features)),
      owned_targets_(std::move(targets)),
      // Owned vectors keep their buffers when moved, so the maps stay valid.
      features_(owned_features_.empty() ? feature_data : owned_features_.data(), n_rows, n_features),
      targets_(owned_targets_.empty() ? target_data : owned_targets_.data(), n_rows),
      feature_names_(std::move(feature_names)),
      owned_features32_(std::move(features32)),
      features32_(owned_features32_.data(), owned_features32_.empty() ? 0 : n_rows,
                  owned_features32_.empty() ? 0 : n_features) {}

std::shared_ptr<const Dataset> Dataset::copy(Index n_rows, Index n_features,
                                             const double* features, const double* targets) {
  require_shape(n_rows, n_features, features, targets);
  require_finite(n_rows, n_features, features, targets);
  return std::shared_ptr<const Dataset>(
      new Dataset(n_rows, n_features, HugePageVector(features, features + n_rows * n_features),
                  std::vector<double>(targets, targets + n_rows), nullptr, nullptr, {}));
}

std::shared_ptr<const Dataset> Dataset::borrow(Index n_rows, Index n_features,
                                               const double* features, const double* targets) {
  require_shape(n_rows, n_features, features, targets);
  require_finite(n_rows, n_features, features, targets);
  return std::shared_ptr<const Dataset>(
      new Dataset(n_rows, n_features, {}, {}, features, targets, {}));
}

std::shared_ptr<const Dataset> Dataset::with_float32_features(std::shared_ptr<const Dataset> data) {
  require(data != nullptr, "data", "NULL", "must be a data set");
  if (data->float32_features()) return data;
  const Index n = data->rows(), p = data->n_features();
  HugePageFloatVector rounded(static_cast<std::size_t>(n * p));
  const double* features = data->features().data();
  for (Index k = 0; k < n * p; ++k) {
    rounded[static_cast<std::size_t>(k)] = static_cast<float>(features[k]);
    if (!std::isfinite(rounded[static_cast<std::size_t>(k)])) {
      require(false, "features",
              "a table with features[" + show(k / p) + "][" + show(k % p) + "] = " + show(features[k]),
              "must lie within the float32 range (|v| <= 3.4028235e38) for float32 features");
    }
  }
  const double* targets = data->targets().data();
  auto names = data->feature_names();
  return std::shared_ptr<const Dataset>(new Dataset(n, p, {}, {}, features, targets,
                                                    std::move(names), std::move(data),
                                                    std::move(rounded)));
}

std::shared_ptr<const Dataset> Dataset::adopt(Index n_rows, Index n_features,
                                              std::vector<double> features,
                                              std::vector<double> targets,
                                              std::vector<std::string> feature_names) {
  require_shape(n_rows, n_features, features.data(), targets.data());
  require(static_cast<Index>(features.size()) == n_rows * n_features, "features",
          features.size(), "must hold n_rows * n_features values");
  require(static_cast<Index>(targets.size()) == n_rows, "targets", targets.size(),
          "must hold n_rows values");
  require(feature_names.empty() || static_cast<Index>(feature_names.size()) == n_features,
          "feature_names", feature_names.size(), "must be empty or hold n_features names");
  require_finite(n_rows, n_features, features.data(), targets.data());
  HugePageVector owned(features.begin(), features.end());
  features = {};  // the original's memory back before the model is built
  return std::shared_ptr<const Dataset>(new Dataset(n_rows, n_features, std::move(owned),
                                                    std::move(targets), nullptr, nullptr,
                                                    std::move(feature_names)));
}

}  // namespace sgmc
