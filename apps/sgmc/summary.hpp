// The JSON summary of `sgmc run`: per coordinate the pooled mean, sd and
// 5/50/95% quantiles, R-hat and bulk/tail ESS (Vehtari et al. 2021, as
// R's posterior package) of the chains at the lowest temperature (replica
// exchange: the target's replicas), and the wall time; for contour samplers also the
// importance-weighted means and sds with Kish's ESS, for MHBT its
// acceptance rates; per chain the draws, the rejected faults of the model
// and the settings it ran with (chain_settings.hpp), the fault that
// stopped the run (or null), and the run's verdict (verdict_report.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "run.hpp"

namespace sgmc::app {

/// The summary as JSON; a statistic that cannot be computed (too few
/// draws, constant draws) is null.
nlohmann::json summarise(const RunResult& result);

/// Whether the run's convergence was diagnosed (SPEC §4.4): a contour
/// sampler's run with chains.
bool diagnosed(const RunResult& result);

/// The terminal's line on a diagnosed run: "contour: converged (...the
/// partition of chain 0...)" or "contour: NOT CONVERGED - <the verdict's
/// reasons>".
std::string contour_line(const RunResult& result);

/// Writes `summary` (summarise()'s) to `path`; throws Failure naming it.
void write_summary(const std::string& path, const nlohmann::json& summary);

/// The terminal's table of a summary, as cmdstan's stansummary prints one:
/// a row per coordinate with mean, sd, 5/50/95% quantiles, R-hat and bulk
/// and tail ESS; for a contour sampler (whose draws are of the flattened
/// target) with the weighted mean and sd of the target beside them.
std::string summary_table(const nlohmann::json& summary);

}  // namespace sgmc::app
