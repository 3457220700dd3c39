// The contour convergence verdict (SPEC §4.4, lib/sgmc/diagnostics/
// contour_convergence.hpp) of what a run recorded: what the C API's verdict
// and statistics, the benchmarks and the tests read. The record sits above
// both chains and diagnostics; the diagnostics know only plain records.
#pragma once

#include <vector>

#include "sgmc/diagnostics/contour_convergence.hpp"
#include "sgmc/record/recorded_run.hpp"

namespace sgmc {

/// The draws and contour records of every chain `run` recorded.
/// Precondition: a contour sampler's run.
std::vector<ContourChainRecord> contour_records(const RecordedRun& run);

/// diagnose_run() over `run`'s chains, one theta for all when they share it.
/// Precondition: `run` has chains and is a contour sampler's.
RunDiagnostics diagnose_run(const RecordedRun& run);

}  // namespace sgmc
