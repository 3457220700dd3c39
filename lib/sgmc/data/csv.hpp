// Reads a data set from a CSV file with a header row: one column holds the
// targets, every other column is a feature, in file order.
#pragma once

#include <istream>
#include <memory>
#include <string>

#include "sgmc/data/dataset.hpp"

namespace sgmc {

/// Reads `path`: a header row of column names, then one row per datum of
/// numbers separated by commas. Cells may be wrapped in double quotes (then
/// commas may be inside them, and "" stands for a quote), spaces around a
/// cell are ignored, CRLF line
/// ends are accepted and blank lines are skipped.
/// @param[in] path           the file.
/// @param[in] target_column  the header name of the target column.
/// @return the data set, owning its arrays, with the feature columns' names.
/// Throws sgmc::Error(kIo) for a file that cannot be opened, is empty, has no
/// data rows, a row of the wrong length or a cell that is not a finite
/// number, naming the file, the line and the column (1-based); and
/// Error(kInvalidArgument) when no column is named target_column or the file
/// has no other column.
std::shared_ptr<const Dataset> read_csv(const std::string& path, const std::string& target_column);

/// Parses CSV text from `in` exactly as read_csv() reads a file (the same
/// rules, data set and errors), without touching the file system.
/// @param[in] in             the text, read to its end.
/// @param[in] name           stands for the file in messages ("file '<name>'").
/// @param[in] target_column  the header name of the target column.
std::shared_ptr<const Dataset> parse_csv(std::istream& in, const std::string& name,
                                         const std::string& target_column);

}  // namespace sgmc
