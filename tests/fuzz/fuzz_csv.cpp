// Fuzzes the CSV data reader (lib/sgmc/data/csv.hpp) on text in memory.
//
// Input: the CSV text; the target column is named by the last cell of its
// first line.
// On success the data set must be consistent: at least one row and one
// feature, one name per feature, every value finite. On failure the reader
// must throw sgmc::Error with a message; anything else (another exception, a
// crash, a sanitizer report, a leak) is a finding.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_csv: invariant broken: %s\n", what);
    std::abort();
  }
}

/// The target column: the last cell of the first line as it stands (minus
/// a CR), so that a CSV file with its target last is a seed as it is, while
/// quotes or spaces around that cell make a name the reader does not find.
std::string target_column(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const auto comma = line.rfind(',');
  return comma == std::string::npos ? line : line.substr(comma + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::istringstream in(text);
  try {
    const auto set = sgmc::parse_csv(in, "fuzz.csv", target_column(text));
    check(set != nullptr, "a data set");
    const auto n = set->rows();
    const auto p = set->n_features();
    check(n >= 1 && p >= 1, "at least one row and one feature");
    check(set->features().rows() == n && set->features().cols() == p, "features are n x p");
    check(set->targets().size() == n, "n targets");
    check(static_cast<sgmc::Index>(set->feature_names().size()) == p, "p feature names");
    check(set->features().allFinite() && set->targets().allFinite(), "finite values");
  } catch (const sgmc::Error& e) {
    check(e.what()[0] != '\0', "an error message");
    check(e.kind() == sgmc::ErrorKind::kIo || e.kind() == sgmc::ErrorKind::kInvalidArgument,
          "an I/O or invalid-argument error, as documented");
  }
  return 0;
}
