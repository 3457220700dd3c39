#include "run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "chain_settings.hpp"
#include "draws_csv.hpp"
#include "draws_view.hpp"
#include "progress.hpp"
#include "summary.hpp"
#include "verdict_report.hpp"

namespace sgmc::app {
namespace {

/// True when the job continues from its checkpoint: --resume, and the file
/// is there (a first run with --resume starts afresh, so that one command
/// line serves a job that may be stopped and restarted).
bool resumes(const Job& job, std::ostream& err) {
  if (!job.resume) return false;
  const std::string path = job.options.get_string("checkpoint_file");
  if (path.empty()) {
    throw Failure("--resume needs a checkpoint file: --checkpoint FILE or option checkpoint_file");
  }
  if (std::filesystem::exists(path)) return true;
  err << "sgmc: no checkpoint at " << path << " yet; starting the run\n";
  return false;
}

/// The fault of the model behind a failed run's `status`, read before any
/// further call of the library; an error other than a fault (or one that
/// left no draws) is thrown.
Fault fault_of(sgmc_status status, const sgmc_draws* draws) {
  Fault fault;
  if (draws == nullptr || sgmc_last_fault(&fault.chain, &fault.step) != SGMC_OK) {
    throw Failure(sgmc_last_error(), status);
  }
  fault.message = sgmc_last_error();
  return fault;
}

}  // namespace

RunResult run_job(const Job& job, std::ostream& err, Processes* processes) {
  const ModelHandle model = make_model(job.model);  // its names checked before the run
  RunResult out;
  out.sampler = job.options.get_string("sampler");
  out.names = parameter_names(model.get());
  out.n_steps = job.options.get_int("n_steps");
  std::vector<double> x0 = job.start;
  if (x0.empty()) x0.assign(out.names.size(), 0.0);

  InterruptGuard guard;
  const bool quiet = job.quiet || (processes != nullptr && !processes->root());
  ProgressBar bar(err, out.sampler, quiet ? ProgressStyle::kQuiet : progress_style_for_stderr());
  const auto start = std::chrono::steady_clock::now();
  sgmc_draws* made = nullptr;
  const sgmc_status status =
      processes != nullptr ? processes->sample(&made, model.get(), job.options.handle(), x0)
      : resumes(job, err)
          ? sgmc_resume(&made, model.get(), job.options.get_string("checkpoint_file").c_str(),
                        job.options.handle(), ProgressBar::callback, &bar)
          : sgmc_sample(&made, model.get(), job.options.handle(), x0.data(),
                        static_cast<int64_t>(x0.size()), ProgressBar::callback, &bar);
  out.draws.reset(made);
  if (status < 0) out.fault = fault_of(status, made);
  out.cancelled = status == SGMC_CANCELLED;
  if (processes != nullptr) out.draws = processes->gather(out.draws.get());
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // A run cut short: the iterations every chain made, of all processes.
  const DrawsView draws(out.draws.get());
  out.steps_done = out.n_steps;
  if ((out.fault || out.cancelled) && draws.n_chains() > 0) {
    out.steps_done = draws.int_stat(0, "iterations");
    for (Index c = 1; c < draws.n_chains(); ++c) {
      out.steps_done = std::min(out.steps_done, draws.int_stat(c, "iterations"));
    }
  }
  return out;
}

RunEnd run_and_write(const Job& job, std::ostream& out, std::ostream& err, Processes* processes) {
  const RunResult result = run_job(job, err, processes);
  if (processes != nullptr && !processes->root()) {  // the root writes and reports
    return result.fault ? RunEnd::kFault : RunEnd::kComplete;
  }
  write_draws_csv(job.draws, result);
  const nlohmann::json summary = summarise(result);
  write_summary(job.summary, summary);
  out << result.sampler << ": " << DrawsView(result.draws.get()).n_chains() << " chains x "
      << result.steps_done << " iterations in " << result.seconds << " s"
      << (result.cancelled ? " (interrupted)" : "")
      << (result.fault ? " (stopped by a fault of the model)" : "") << "\n";
  if (summary.contains("settings")) {
    if (const std::string line = warm_up_line(summary["settings"]); !line.empty()) out << line << "\n";
  }
  out << "draws: " << job.draws << "\nsummary: " << job.summary << "\n" << summary_table(summary);
  if (diagnosed(result)) out << contour_line(result) << "\n";
  if (summary.contains("verdict")) out << verdict_line(summary["verdict"]) << "\n";
  if (result.fault) {
    err << "sgmc: " << result.fault->message << "\nsgmc: the draws made before the fault are in "
        << job.draws << "\n";
    return RunEnd::kFault;
  }
  return result.cancelled ? RunEnd::kInterrupted : RunEnd::kComplete;
}

}  // namespace sgmc::app
