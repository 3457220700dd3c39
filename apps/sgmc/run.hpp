// `sgmc run`: samples the job's model with the job's options and writes the
// draws (CSV) and the summary (JSON).
#pragma once

#include <ostream>

#include "job.hpp"
#include "run_record.hpp"

namespace sgmc::app {

/// Runs the job, with a progress bar on `err` for long runs and a clean stop
/// on Ctrl-C that keeps the draws so far. Throws sgmc::Error on failure.
RunRecord run_job(const Job& job, std::ostream& err);

/// run_job, then writes job.draws and job.summary and says so on `out`.
/// Returns false when Ctrl-C cut the run short (what was drawn is written).
bool run_and_write(const Job& job, std::ostream& out, std::ostream& err);

}  // namespace sgmc::app
