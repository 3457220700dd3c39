// The corpus of bench/verdict_calibration: configurations whose right
// answer is known, each run with several seeds. A run is right when its
// estimates are within the tolerances of issue #32 (posteriordb: every mean
// within 0.1 reference sd and every sd within 10% of the NUTS reference;
// mixtures: every mode mass within 0.05 and every sd within a mode within
// 10%, weighted for the contour samplers),
// and its verdict (docs/verdict.md) is read as the list of checks it
// returns, by name: the bench never lists the checks itself.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc::bench {

/// What one run gave.
enum class Status {
  kRight,
  /// right, but its own Monte Carlo error could not show it: two standard
  /// errors of some estimate exceed the tolerance (a mean's se above
  /// 0.05 sd is a bulk ESS below about 400, the verdict's limit)
  kLucky,
  kWrong,
  kUnseeable,  ///< wrong, and every draw of every chain in one basin: no statistic of the draws can see it
  kFault,      ///< the run stopped with a fault of the model: the user gets an error, not a verdict
};

struct Outcome {
  Status status = Status::kWrong;
  /// posteriordb: the largest |mean error| or |sd ratio - 1| (reference
  /// sds); mixtures: the largest mass error, or half the largest relative
  /// error of an sd within a mode (0.1 of an sd counts as 0.05 of a mass)
  double error = 0;
  double tolerance = 0;  ///< the error a right run keeps (0.1 or 0.05)
  double se = 0;         ///< the largest standard error of the run's estimates, in the error's units
  Verdict verdict;
  double seconds = 0;
};

/// A configuration of the corpus: one target, one sampler and its settings.
struct Config {
  std::string name;    ///< "<target>/<setting>"
  std::string family;  ///< the sampler
  std::string part;    ///< "posteriordb", "mixtures" or "bad"
  std::vector<Index> seeds;
  std::function<Outcome(Index seed)> run;
};

/// What to run.
struct Budget {
  std::string posteriordb;     ///< the folder read in place
  Index posterior_steps = 0;   ///< iterations per chain of a posteriordb run
  Index mixture_steps = 0;     ///< iterations per chain of a mixture run
  Index seeds = 0;             ///< per configuration
  /// The seeds are first_seed, first_seed + 1, ...: a calibration is
  /// extended by more seeds without running the first ones again (a run is
  /// the same bit for bit whenever it runs).
  Index first_seed = 1;
};

/// The full corpus: (a) the nine posteriors with the samplers at their
/// zero-knob settings, (b) the contour robustness mixtures started in one
/// mode and dispersed, (c) deliberately bad configurations of every family.
std::vector<Config> full_corpus(const Budget& budget);

/// What a quick run asserts: the named check of a configuration's run with
/// its first seed, by the sampler `family`, fails (or passes). A check
/// missing from the verdict fails the assertion.
struct Expectation {
  std::string config;
  std::string family;
  std::string check;
  bool fails = true;
};

/// The CTest subset: a few configurations with one fixed seed each, runs
/// of seconds, and what each must show.
std::vector<Config> quick_corpus(const std::string& posteriordb, std::vector<Expectation>& expected);

}  // namespace sgmc::bench
