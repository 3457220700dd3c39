// `sgmc run`: samples the job's model with the job's options and writes the
// draws (CSV) and the summary (JSON).
#pragma once

#include <ostream>

#include "job.hpp"
#include "processes.hpp"
#include "run_record.hpp"

namespace sgmc::app {

/// Runs the job, with a progress bar on `err` for long runs and a clean stop
/// on Ctrl-C that keeps the draws so far. Throws sgmc::Error on failure; a
/// fault of the model that stopped the run (option on_fault) is in
/// record.outcome.fault instead, with the draws made before it. With
/// `processes` (--mpi), the chains run spread over them and the root's
/// record holds every chain (the others' none).
RunRecord run_job(const Job& job, std::ostream& err, Processes* processes = nullptr);

/// How `sgmc run` ended.
enum class RunEnd { kComplete, kInterrupted, kFault };

/// run_job, then writes job.draws and job.summary and says so on `out`,
/// also when Ctrl-C or a fault of the model cut the run short (what was
/// drawn is written; the fault's message goes to `err`).
RunEnd run_and_write(const Job& job, std::ostream& out, std::ostream& err,
                     Processes* processes = nullptr);

}  // namespace sgmc::app
