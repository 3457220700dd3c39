// The calibration's tables: per sampler family the share of right runs
// the verdict flags (false alarms) and of wrong runs it flags (detections),
// overall and per check, with the configurations where it misses; and
// runs.csv, one row per run with every check's value and pass. Checks are
// taken by name from the verdicts, in the order they first appear.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "corpus.hpp"

namespace sgmc::bench {

struct RunRow {
  const Config* config = nullptr;
  Index seed = 0;
  Outcome outcome;
};

/// "right", "wrong", "unseeable" or "fault".
const char* status_name(Status status);
/// The names of the failed checks, space-separated ("-" for none).
std::string failed_checks(const Verdict& verdict);

void write_csv(std::ostream& csv, const std::vector<RunRow>& rows);
/// The README's tables, markdown.
void print_tables(std::ostream& out, const std::vector<RunRow>& rows);

}  // namespace sgmc::bench
