#include "run.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "draws_csv.hpp"
#include "progress.hpp"
#include "sgmc/chain/recorded_chain.hpp"
#include "sgmc/estimators/cycle_weights.hpp"
#include "sgmc/launch/options_run.hpp"
#include "summary.hpp"

namespace sgmc::app {
namespace {

/// True when the job continues from its checkpoint: --resume, and the file
/// is there (a first run with --resume starts afresh, so that one command
/// line serves a job that may be stopped and restarted).
bool resumes(const Job& job, std::ostream& err) {
  if (!job.resume) return false;
  const std::string& path = job.options.get_string("checkpoint_file");
  if (path.empty()) {
    throw Error(ErrorKind::kInvalidArgument,
                "--resume needs a checkpoint file: --checkpoint FILE or option checkpoint_file");
  }
  if (std::filesystem::exists(path)) return true;
  err << "sgmc: no checkpoint at " << path << " yet; starting the run\n";
  return false;
}

}  // namespace

RunRecord run_job(const Job& job, std::ostream& err, Processes* processes) {
  const auto model = make_model(job.model);
  auto names = parameter_names(job.model, *model);  // checked before the run
  const SamplerConfig sampler = sampler_config(job.options);
  const RecordPolicy record = record_policy(job.options);
  Vec x0 = Vec::Zero(model->dim());
  if (!job.start.empty()) x0 = Eigen::Map<const Vec>(job.start.data(), std::ssize(job.start));

  InterruptGuard guard;
  const bool quiet = job.quiet || (processes != nullptr && !processes->root());
  ProgressBar bar(err, job.options.get_string("sampler"),
                  quiet ? ProgressStyle::kQuiet : progress_style_for_stderr());
  const auto start = std::chrono::steady_clock::now();
  auto result = processes != nullptr ? processes->sample(*model, job.options, x0, bar.callback())
                : resumes(job, err)  ? resume(*model, job.options.get_string("checkpoint_file"),
                                              &job.options, bar.callback())
                                          .result
                                     : sample(*model, job.options, x0, bar.callback());
  std::vector<RecordedChain> chains;
  for (const auto& chain : result.chains) chains.push_back(recorded(*chain));
  if (processes != nullptr) chains = processes->gather(chains);

  RunRecord out{sampler.kind, std::move(names), {}, record.n_steps, result.outcome,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), {}};
  // After a fault, the iterations every chain made, of all processes.
  if (out.outcome.fault && !chains.empty()) {
    out.outcome.steps_done = chains.front().steps_done;
    for (const auto& chain : chains) out.outcome.steps_done = std::min(out.outcome.steps_done, chain.steps_done);
  }
  std::vector<ContourDraws> snapshots;
  for (auto& chain : chains) {
    ChainRecord c{std::move(chain.draws), chain.temperature, {}, {}, {}, {}, 0, false, 0,
                  chain.mhbt, chain.faults};
    if (is_cyclical(sampler.kind)) c.cycles = draw_cycles(c.draws, sampler.schedule);
    if (chain.contour) {
      const ContourDraws& snapshot = *chain.contour;
      c.indices = snapshot.trace.indices();
      c.log_weights = snapshot.log_weights(WeightKind::kInterpolated, WeightTheta::kRunning);
      if (snapshot.configured) c.partition = snapshot.theta.partition();
      c.zeta = snapshot.theta.zeta();
      c.automatic = snapshot.automatic;
      c.pilot_steps = snapshot.pilot_steps;
      snapshots.push_back(std::move(*chain.contour));
    }
    out.chains.push_back(std::move(c));
  }
  if (!snapshots.empty()) {  // SPEC §4.4: is the contour run to be trusted?
    std::vector<ContourChainRecord> records;
    for (std::size_t c = 0; c < snapshots.size(); ++c) records.push_back({&out.chains[c].draws, &snapshots[c]});
    out.contour = diagnose_run(records, is_interacting(sampler.kind));
  }
  return out;
}

RunEnd run_and_write(const Job& job, std::ostream& out, std::ostream& err, Processes* processes) {
  const RunRecord record = run_job(job, err, processes);
  if (processes != nullptr && !processes->root()) {  // the root writes and reports
    return record.outcome.fault ? RunEnd::kFault : RunEnd::kComplete;
  }
  write_draws_csv(job.draws, record);
  const nlohmann::json summary = summarise(record);
  write_summary(job.summary, summary);
  const auto& fault = record.outcome.fault;
  out << sampler_name(record.kind) << ": " << record.chains.size() << " chains x "
      << record.outcome.steps_done << " iterations in " << record.seconds << " s"
      << (record.outcome.cancelled ? " (interrupted)" : "")
      << (fault ? " (stopped by a fault of the model)" : "") << "\ndraws: " << job.draws
      << "\nsummary: " << job.summary << "\n";
  out << summary_table(summary);
  if (record.contour) out << contour_line(record) << "\n";
  if (fault) {
    err << "sgmc: " << fault->what() << "\nsgmc: the draws made before the fault are in "
        << job.draws << "\n";
    return RunEnd::kFault;
  }
  return record.outcome.cancelled ? RunEnd::kInterrupted : RunEnd::kComplete;
}

}  // namespace sgmc::app
