// The parts of a run's record by name: per-draw columns ("energy", "step",
// "cycle", "subregion", "log_weight") and per-chain statistics
// ("temperature", "theta", "contour_u1", "mhbt_accepted", "swap_attempts",
// ...). A new part is one row of a table in record_fields.cpp: the C API's
// generic accessors (sgmc_draws_column_*, sgmc_draws_stat_*) and so every
// binding read it without a new function.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "sgmc/record/recorded_run.hpp"

namespace sgmc {

enum class FieldType { kInt64, kDouble };

/// The values of one part of one chain: rows x cols, row after row, in
/// `ints` or `doubles` as the part's type says.
struct FieldValues {
  Index rows = 0;
  Index cols = 0;
  std::vector<Index> ints;
  std::vector<double> doubles;
};

struct RecordField {
  std::string_view name;
  FieldType type;
  /// Whether `run` recorded this part (the part of a sampler family).
  bool (*recorded)(const RecordedRun& run);
  /// Chain `c`'s values, when recorded(run). Throws Error(kState) when the
  /// chain has none yet (a partition before the pilot chose it).
  FieldValues (*values)(const RecordedRun& run, std::size_t c);
};

/// Parts with one row per draw of a chain.
std::span<const RecordField> record_columns();
/// Parts of a chain; those of a whole run (swap counts, the number of
/// cycles) read the same from every chain.
std::span<const RecordField> record_statistics();

/// The parts among `fields` that `run` recorded, in the table's order.
std::vector<const RecordField*> recorded_fields(std::span<const RecordField> fields,
                                                const RecordedRun& run);
/// The part `name` among `fields` if `run` recorded it, else nullptr.
const RecordField* find_field(std::span<const RecordField> fields, const RecordedRun& run,
                              std::string_view name);

}  // namespace sgmc
