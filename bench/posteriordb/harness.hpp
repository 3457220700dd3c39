// What every block of the bench shares: loading a posterior with its
// reference, one run of 4 chains measured against it, the tolerances a
// run is judged by, and its row's cells (markdown and CSV).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "chosen.hpp"
#include "measure.hpp"
#include "posterior.hpp"
#include "settings.hpp"

namespace sgmc::bench {

/// What the command line asks for.
struct Plan {
  std::string dir;
  std::vector<std::string> posteriors;
  std::vector<std::string> samplers;
  std::vector<std::string> preconditions;
  Index n_steps = 0;
  Index seed = 1;
};

struct Run {
  RunSettings settings;
  Chosen chosen;  ///< what the engine chose where the options left it to it
  std::vector<ParameterCell> cells;
  double seconds = 0;
  double evaluations = 0;  ///< iterations of all chains
  std::string fault;       ///< why the run stopped early (a diverged chain), if it did
};

/// A posterior with its reference, its chains' starts (chain c at draw 1
/// of reference chain c) and its stiffness there (reported on stderr).
struct Target {
  Posterior posterior;
  ReferenceMoments reference;
  Vec x0;
  Stiffness stiffness;
};

Target load(const std::string& dir, const std::string& name);

/// What a caller reads from a finished run beyond its cells (its verdict:
/// bench/verdict_calibration), also when the run stopped with a fault.
using Inspect = std::function<void(const SampleResult&)>;

/// `options` run from x0 and measured; `settings` is what the row reports.
Run run(const Target& target, const RunSettings& settings, const Options& options, ConstVecRef x0,
        const Inspect& inspect = {});

/// Mean within 0.1 reference sd and sd within 10%.
bool within(const ParameterCell& c);
/// 4 standard errors inside both tolerances: the run can say pass or miss.
bool decidable(const ParameterCell& c);
/// No fault, and every parameter within both tolerances.
bool right(const Run& r);

/// The smallest ESS per 1,000 gradient evaluations over the parameters; 0
/// for a diverged run.
double min_ess_per_1k(const Run& r);

/// The row's measured cells: "max abs mean err | sd ratio min-max | ESS/1k
/// grads min | s | decided | misses" (misses "name?": outside a tolerance,
/// but 4 se exceed it).
std::string measured_cells(const Posterior& posterior, const Run& r);

/// results.csv's columns.
extern const char* const kCsvHeader;
/// One row per parameter; `extra` (",..." or empty) ends every row.
void write_csv(std::ostream& csv, const Posterior& posterior, const Run& r, const std::string& extra = {});

/// Prints a FAIL line for each parameter of `r` that is not within both
/// tolerances or not decided; returns whether `r` passed.
bool passed(const Posterior& posterior, const Run& r);
/// Prints the check's verdict; returns its exit status (0 pass, 1 fail).
int report_check(bool ok);

}  // namespace sgmc::bench
