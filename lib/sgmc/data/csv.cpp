#include "sgmc/data/csv.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

/// The cells of a line: split at commas outside double quotes, each trimmed
/// of spaces; a quoted cell loses its quotes, and "" inside it is one ".
std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> cells;
  std::size_t at = 0;
  for (;;) {
    std::string_view rest = line.substr(at);
    const std::size_t lead = rest.find_first_not_of(" \t");
    if (lead != std::string_view::npos && rest[lead] == '"') {
      std::string cell;
      std::size_t i = at + lead + 1;
      for (; i < line.size(); ++i) {
        if (line[i] != '"') {
          cell += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          cell += '"';
          ++i;
        } else {
          break;
        }
      }
      const std::size_t comma = line.find(',', std::min(i, line.size()));
      cells.push_back(std::move(cell));
      if (comma == std::string_view::npos) return cells;
      at = comma + 1;
      continue;
    }
    const std::size_t comma = line.find(',', at);
    cells.emplace_back(trim(line.substr(at, comma - at)));
    if (comma == std::string_view::npos) return cells;
    at = comma + 1;
  }
}

bool blank(std::string_view line) { return trim(line).empty() && line.find(',') == line.npos; }

class CsvReader {
 public:
  CsvReader(std::istream& in, const std::string& path) : path_(path), in_(in) {}

  /// The next non-blank line; false at the end of the file.
  bool next(std::string& line) {
    while (std::getline(in_, line)) {
      ++line_number_;
      if (!blank(line)) return true;
    }
    return false;
  }

  /// Throws kIo with "file '<path>', line <n>" and then `rest`.
  [[noreturn]] void fail(const std::string& rest) const {
    throw Error(ErrorKind::kIo, "file '" + path_ + "', line " + show(line_number_) + rest);
  }

 private:
  std::string path_;
  std::istream& in_;
  Index line_number_ = 0;
};

}  // namespace

std::shared_ptr<const Dataset> read_csv(const std::string& path, const std::string& target_column) {
  std::ifstream in(path);
  if (!in) throw Error(ErrorKind::kIo, "cannot open file '" + path + "': " + std::strerror(errno));
  return parse_csv(in, path, target_column);
}

std::shared_ptr<const Dataset> parse_csv(std::istream& in, const std::string& path,
                                         const std::string& target_column) {
  CsvReader reader(in, path);
  std::string line;
  if (!reader.next(line)) {
    throw Error(ErrorKind::kIo, "file '" + path + "' is empty: expected a header row");
  }
  std::vector<std::string> header = split(line);
  std::vector<std::string> names;
  std::string all_names;
  Index target = -1;
  for (std::size_t j = 0; j < header.size(); ++j) {
    all_names += (j == 0 ? "" : ", ") + header[j];
    if (header[j] == target_column && target < 0) {
      target = static_cast<Index>(j);
    } else {
      names.push_back(header[j]);
    }
  }
  require(target >= 0, "target_column", "'" + target_column + "'",
          ("must name a column of file '" + path + "' (" + all_names + ")").c_str());
  require(!names.empty(), "target_column", "'" + target_column + "'",
          ("must leave at least one feature column in file '" + path + "'").c_str());

  std::vector<double> features, targets;
  Index rows = 0;
  while (reader.next(line)) {
    const auto cells = split(line);
    if (cells.size() != header.size()) {
      reader.fail(": " + show(cells.size()) + " cells, but the header has " + show(header.size()));
    }
    for (std::size_t j = 0; j < cells.size(); ++j) {
      const std::string_view cell = cells[j];
      double value = 0;
      const auto [end, error] = std::from_chars(cell.data(), cell.data() + cell.size(), value);
      if (error != std::errc{} || end != cell.data() + cell.size() || !std::isfinite(value)) {
        reader.fail(", column " + show(j + 1) + " ('" + header[j] + "'): '" +
                    std::string(cell) + "' is not a finite number");
      }
      (static_cast<Index>(j) == target ? targets : features).push_back(value);
    }
    ++rows;
  }
  if (rows == 0) throw Error(ErrorKind::kIo, "file '" + path + "' has a header but no data rows");
  const auto n_features = static_cast<Index>(names.size());
  return Dataset::adopt(rows, n_features, std::move(features),
                        std::move(targets), std::move(names));
}

}  // namespace sgmc
