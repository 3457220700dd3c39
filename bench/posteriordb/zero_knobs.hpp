// Issue #31's zero-knob row block: every posterior from x0 = 0 with nothing
// set but the sampler (settings.hpp zero_knob_options), reporting what the
// engine chose (chosen.hpp) and whether the run is right. README.md,
// "Zero knobs (issue #31)".
#pragma once

#include <string>
#include <vector>

#include "harness.hpp"

namespace sgmc::bench {

/// The samplers of the block: the automatic ones and two that are not yet.
const std::vector<std::string>& zero_knob_samplers();
/// The budget: full-batch gradient evaluations per chain, warm-up included.
inline constexpr Index kZeroKnobSteps = 200000;

/// The block's table on stdout and `csv_path` (results.csv's columns, then
/// the chosen settings); returns the exit status.
int zero_knobs(const Plan& plan, const std::string& csv_path);

/// The posteriors of its CTest subset.
const std::vector<std::string>& zero_knob_check_posteriors();
/// The CTest subset: SGLD must be right, decided, on those posteriors;
/// returns the exit status (0 pass, 1 fail).
int zero_knob_check(const Plan& plan);

}  // namespace sgmc::bench
