// sgmc_draws_column_*, sgmc_draws_stat_*: the parts of a run's record by
// name (lib/sgmc/record/record_fields.hpp), for callers that need not know
// the sampler's family.
#include <algorithm>
#include <string>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/record/record_fields.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace {

using Fields = std::span<const sgmc::RecordField>;

/// The parts of `fields` that `draws` recorded, after checking draws.
std::vector<const sgmc::RecordField*> recorded(const sgmc_draws* draws, Fields fields) {
  require_non_null(draws, "draws");
  return sgmc::recorded_fields(fields, *draws);
}

sgmc_status count(const sgmc_draws* draws, Fields fields, int64_t* n) {
  return guarded([&] {
    const auto names = recorded(draws, fields);
    require_non_null(n, "n");
    *n = std::ssize(names);
    return SGMC_OK;
  });
}

sgmc_status name_of(const sgmc_draws* draws, Fields fields, int64_t index, const char** name) {
  return guarded([&] {
    const auto names = recorded(draws, fields);
    require_non_null(name, "name");
    const auto n = std::ssize(names);
    sgmc::require(index >= 0 && index < n, "index", index,
                  ("must be in [0, " + sgmc::show(n) + ")").c_str());
    *name = names[static_cast<std::size_t>(index)]->name.data();
    return SGMC_OK;
  });
}

/// Chain `chain`'s values of the part `name` (`what`: "column" or
/// "statistic"), checking every argument.
sgmc::FieldValues values(const sgmc_draws* draws, Fields fields, const char* what, int64_t chain,
                         const char* name, sgmc::FieldType* type) {
  const auto parts = recorded(draws, fields);
  sgmc::capi::require_chain(chain, std::ssize(draws->chains));
  require_non_null(name, "name");
  const auto* found = sgmc::find_field(fields, *draws, name);
  if (found == nullptr) {
    std::string names;
    for (const auto* part : parts) names += (names.empty() ? "" : ", ") + std::string(part->name);
    sgmc::require(false, "name", std::string(name),
                  ("is not a " + std::string(what) + " of these draws (they have " + names + ")")
                      .c_str());
  }
  *type = found->type;
  return found->values(*draws, static_cast<std::size_t>(chain));
}

sgmc_status shape(const sgmc_draws* draws, Fields fields, const char* what, int64_t chain,
                  const char* name, sgmc_value_type* type, int64_t* rows, int64_t* cols) {
  return guarded([&] {
    sgmc::FieldType t{};
    const auto v = values(draws, fields, what, chain, name, &t);
    if (type != nullptr) *type = t == sgmc::FieldType::kInt64 ? SGMC_VALUE_INT64 : SGMC_VALUE_DOUBLE;
    if (rows != nullptr) *rows = v.rows;
    if (cols != nullptr) *cols = v.cols;
    return SGMC_OK;
  });
}

/// Copies the part `name` of type `want` (its values in `member`) to out.
template <typename T>
sgmc_status copy(const sgmc_draws* draws, Fields fields, const char* what, int64_t chain,
                 const char* name, T* out, int64_t out_len, sgmc::FieldType want,
                 std::vector<T> sgmc::FieldValues::*member) {
  return guarded([&] {
    sgmc::FieldType t{};
    const auto v = values(draws, fields, what, chain, name, &t);
    sgmc::require(t == want, "name", std::string(name),
                  want == sgmc::FieldType::kInt64
                      ? "holds doubles: copy it with the function without _int"
                      : "holds int64_t values: copy it with the _int function");
    const auto& values = v.*member;
    require_non_null(out, "out");
    require_length(out_len, std::ssize(values), "out_len");
    std::copy(values.begin(), values.end(), out);
    return SGMC_OK;
  });
}

constexpr const char* kColumn = "column";
constexpr const char* kStatistic = "statistic";

}  // namespace

extern "C" {

sgmc_status sgmc_draws_column_count(const sgmc_draws* draws, int64_t* n) {
  return count(draws, sgmc::record_columns(), n);
}

sgmc_status sgmc_draws_column_name(const sgmc_draws* draws, int64_t index, const char** name) {
  return name_of(draws, sgmc::record_columns(), index, name);
}

sgmc_status sgmc_draws_column_shape(const sgmc_draws* draws, int64_t chain, const char* name,
                                    sgmc_value_type* type, int64_t* rows, int64_t* cols) {
  return shape(draws, sgmc::record_columns(), kColumn, chain, name, type, rows, cols);
}

sgmc_status sgmc_draws_copy_column(const sgmc_draws* draws, int64_t chain, const char* name,
                                   double* out, int64_t out_len) {
  return copy(draws, sgmc::record_columns(), kColumn, chain, name, out, out_len,
              sgmc::FieldType::kDouble, &sgmc::FieldValues::doubles);
}

sgmc_status sgmc_draws_copy_column_int(const sgmc_draws* draws, int64_t chain, const char* name,
                                       int64_t* out, int64_t out_len) {
  return copy(draws, sgmc::record_columns(), kColumn, chain, name, out, out_len,
              sgmc::FieldType::kInt64, &sgmc::FieldValues::ints);
}

sgmc_status sgmc_draws_stat_count(const sgmc_draws* draws, int64_t* n) {
  return count(draws, sgmc::record_statistics(), n);
}

sgmc_status sgmc_draws_stat_name(const sgmc_draws* draws, int64_t index, const char** name) {
  return name_of(draws, sgmc::record_statistics(), index, name);
}

sgmc_status sgmc_draws_stat_shape(const sgmc_draws* draws, int64_t chain, const char* name,
                                  sgmc_value_type* type, int64_t* rows, int64_t* cols) {
  return shape(draws, sgmc::record_statistics(), kStatistic, chain, name, type, rows, cols);
}

sgmc_status sgmc_draws_copy_stat(const sgmc_draws* draws, int64_t chain, const char* name,
                                 double* out, int64_t out_len) {
  return copy(draws, sgmc::record_statistics(), kStatistic, chain, name, out, out_len,
              sgmc::FieldType::kDouble, &sgmc::FieldValues::doubles);
}

sgmc_status sgmc_draws_copy_stat_int(const sgmc_draws* draws, int64_t chain, const char* name,
                                     int64_t* out, int64_t out_len) {
  return copy(draws, sgmc::record_statistics(), kStatistic, chain, name, out, out_len,
              sgmc::FieldType::kInt64, &sgmc::FieldValues::ints);
}

}
