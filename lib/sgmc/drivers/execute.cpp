#include "sgmc/drivers/execute.hpp"

#include "sgmc/drivers/parallel_chains.hpp"

namespace sgmc {

void perform(const ChainTask& task, Chain& chain, const Model& model, ModelWorkspace* workspace) {
  if (task.tell_first) chain.tell();
  switch (task.then) {
    case ChainTask::Then::kNothing:
      break;
    case ChainTask::Then::kEvaluate:
      // A rejected evaluation is retried with a fresh batch.
      while (!chain.try_evaluate(model, workspace)) {
      }
      break;
    case ChainTask::Then::kAdvance:
      while (chain.steps_done() < task.advance_to) chain.advance(model, workspace);
      break;
  }
}

const RunOutcome& execute(Run& run, const Model& model, const RunConfig& config,
                          const ProgressFn& progress) {
  auto workspaces = make_workspaces(model, static_cast<Index>(run.chains().size()));
  // One task per chain: a single task runs on the calling thread.
  ParallelChains pass(model, config);
  for (;;) {
    switch (run.next()) {
      case Run::State::kTasks: {
        const auto tasks = run.tasks();
        auto& chains = run.chains();
        auto& faults = run.faults();
        const auto work = [&](std::size_t t) {
          const ChainTask& task = tasks[t];
          faults.guard(task.chain, [&] {
            perform(task, *chains[task.chain], model, workspaces[task.chain].get());
          });
        };
        if (tasks.size() == 1) {
          work(0);
        } else {
          pass.for_each(tasks.size(), work);
        }
        break;
      }
      case Run::State::kRoundEnd:
        if (progress && run.progress_due() && !progress(run.outcome().steps_done, run.n_steps())) {
          run.cancel();
        }
        break;
      case Run::State::kFinished:
        return run.outcome();
    }
  }
}

SampleResult sample_with(std::unique_ptr<Driver> driver, const Model& model, Index n_steps,
                         const RunConfig& config, const ProgressFn& progress,
                         const Checkpointing& checkpointing) {
  Run run(std::move(driver), n_steps, config, checkpointing);
  return run_to_end(run, model, config, progress);
}

SampleResult run_to_end(Run& run, const Model& model, const RunConfig& config,
                        const ProgressFn& progress) {
  SampleResult result;
  result.outcome = execute(run, model, config, progress);
  result.swaps = run.driver().swaps();
  result.chains = std::move(run.chains());
  return result;
}

}  // namespace sgmc
