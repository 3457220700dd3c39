// sgmc_data_*: data sets from caller arrays (copied or borrowed) or CSV files.
#include <algorithm>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/data/csv.hpp"

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

std::unique_ptr<sgmc_data> wrap(std::shared_ptr<const sgmc::Dataset> data) {
  auto handle = std::make_unique<sgmc_data>();
  handle->data = std::move(data);
  return handle;
}

}  // namespace

extern "C" {

sgmc_status sgmc_data_create(sgmc_data** out, int64_t n_rows, int64_t n_features,
                             const double* features, const double* targets, uint32_t flags) {
  return create_into(out, [&] {
    sgmc::require((flags & ~SGMC_DATA_BORROW) == 0, "flags", flags,
                  "must be 0 or SGMC_DATA_BORROW");
    return wrap((flags & SGMC_DATA_BORROW) != 0
                    ? sgmc::Dataset::borrow(n_rows, n_features, features, targets)
                    : sgmc::Dataset::copy(n_rows, n_features, features, targets));
  });
}

sgmc_status sgmc_data_read_csv(sgmc_data** out, const char* path, const char* target_column) {
  return create_into(out, [&] {
    require_non_null(path, "path");
    require_non_null(target_column, "target_column");
    return wrap(sgmc::read_csv(path, target_column));
  });
}

sgmc_status sgmc_data_float32(sgmc_data** out, const sgmc_data* data) {
  return create_into(out, [&] {
    require_non_null(data, "data");
    return wrap(sgmc::Dataset::with_float32_features(data->data));
  });
}

void sgmc_data_destroy(sgmc_data* data) { delete data; }

sgmc_status sgmc_data_shape(const sgmc_data* data, int64_t* n_rows, int64_t* n_features) {
  return guarded([&] {
    require_non_null(data, "data");
    if (n_rows != nullptr) *n_rows = data->data->rows();
    if (n_features != nullptr) *n_features = data->data->n_features();
    return SGMC_OK;
  });
}

sgmc_status sgmc_data_feature_name(const sgmc_data* data, int64_t column, const char** out) {
  return guarded([&] {
    require_non_null(data, "data");
    require_non_null(out, "out");
    const auto& set = *data->data;
    sgmc::require(column >= 0 && column < set.n_features(), "column", column,
                  ("must lie in [0, " + sgmc::show(set.n_features()) + ")").c_str());
    *out = set.feature_names().empty()
               ? ""
               : set.feature_names()[static_cast<std::size_t>(column)].c_str();
    return SGMC_OK;
  });
}

sgmc_status sgmc_data_copy(const sgmc_data* data, double* features, int64_t features_len,
                           double* targets, int64_t targets_len) {
  return guarded([&] {
    require_non_null(data, "data");
    const auto& set = *data->data;
    const int64_t n = set.rows(), cells = n * set.n_features();
    sgmc::require(features_len >= 0, "features_len", features_len, "must be >= 0");
    sgmc::require(targets_len >= 0, "targets_len", targets_len, "must be >= 0");
    if (features_len > 0) {
      require_non_null(features, "features");
      sgmc::capi::require_length(features_len, cells, "features_len");
      std::copy_n(set.features().data(), cells, features);
    }
    if (targets_len > 0) {
      require_non_null(targets, "targets");
      sgmc::capi::require_length(targets_len, n, "targets_len");
      std::copy_n(set.targets().data(), n, targets);
    }
    return SGMC_OK;
  });
}

}
