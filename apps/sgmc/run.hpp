// `sgmc run`: samples the job's model with the job's options and writes the
// draws (CSV) and the summary (JSON).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "job.hpp"
#include "processes.hpp"

namespace sgmc::app {

/// The fault of the model that stopped a run (docs/faults.md).
struct Fault {
  Index chain = 0;
  Index step = 0;  ///< the iteration whose evaluation failed, 1-based
  std::string message;
};

/// A finished (or interrupted) run: what the library recorded of it (the
/// sgmc_draws, read by name: draws_view.hpp) and how it ended.
struct RunResult {
  DrawsHandle draws;               ///< every chain; null on a process other than the root
  std::string sampler;             ///< option "sampler"
  std::vector<std::string> names;  ///< of the model's parameters, d of them
  Index n_steps = 0;               ///< iterations asked for
  Index steps_done = 0;            ///< iterations every chain made
  bool cancelled = false;          ///< by Ctrl-C
  std::optional<Fault> fault;      ///< the fault of the model that stopped the run
  double seconds = 0;              ///< wall time of the sampling
};

/// Runs the job, with a progress bar on `err` for long runs and a clean stop
/// on Ctrl-C that keeps the draws so far. Throws Failure on failure; a
/// fault of the model that stopped the run (option on_fault) is in
/// result.fault instead, with the draws made before it. With `processes`
/// (--mpi), the chains run spread over them and the root's result holds
/// every chain (the others' none).
RunResult run_job(const Job& job, std::ostream& err, Processes* processes = nullptr);

/// How `sgmc run` ended.
enum class RunEnd { kComplete, kInterrupted, kFault };

/// run_job, then writes job.draws and job.summary and says so on `out`,
/// also when Ctrl-C or a fault of the model cut the run short (what was
/// drawn is written; the fault's message goes to `err`).
RunEnd run_and_write(const Job& job, std::ostream& out, std::ostream& err,
                     Processes* processes = nullptr);

}  // namespace sgmc::app
