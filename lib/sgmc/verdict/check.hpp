// One check of a run's verdict (docs/verdict.md): a named statistic, the
// limit it must keep, and where in the run its value was taken. The
// verdict is the list of every check that applies to the run's sampler;
// the run is trusted when all pass. A value that cannot be computed is NaN
// and fails: no statistic, no trust.
#pragma once

#include <limits>
#include <string>
#include <vector>

namespace sgmc {

struct Check {
  std::string name;
  double value = std::numeric_limits<double>::quiet_NaN();
  double limit = 0.0;
  bool fails_above = true;  ///< true: value > limit fails; false: value < limit fails
  std::string where;        ///< the chain, coordinate or pair the value is the worst of
  std::string meaning;      ///< what a failure says
  /// Whether the value keeps its limit (NaN fails).
  bool passed() const { return fails_above ? value <= limit : value >= limit; }
};

struct Verdict {
  std::vector<Check> checks;
  bool trusted() const;
  /// Empty when trusted; otherwise one sentence per failed check,
  /// "<name> = <value> at <where> (limit <= <limit>): <meaning>", joined by "; ".
  std::string reasons() const;
};

}  // namespace sgmc
