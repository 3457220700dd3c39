// A run answered at once: the tasks of each pass run on worker threads
// (a oneTBB task arena), the model evaluated by the chains themselves; the
// driver's shared update runs between passes on the calling thread.
#pragma once

#include "sgmc/drivers/run.hpp"

namespace sgmc {

/// Runs `run` to its end on `model`, calling `progress` where a report is
/// due (returning false cancels the run there). The tasks of a pass run in
/// parallel on config.threads workers, unless the model is not thread-safe
/// or config.threads == 1 (then in order on the calling thread). A fault of
/// the model does not throw: it is in the outcome.
const RunOutcome& execute(Run& run, const Model& model, const RunConfig& config,
                          const ProgressFn& progress);

/// execute(), then the run's chains and outcome.
SampleResult run_to_end(Run& run, const Model& model, const RunConfig& config,
                        const ProgressFn& progress);

/// A run of `driver` on `model` to its end, resumed from
/// checkpointing.resume when that is set.
SampleResult sample_with(std::unique_ptr<Driver> driver, const Model& model, Index n_steps,
                         const RunConfig& config, const ProgressFn& progress,
                         const Checkpointing& checkpointing);

/// Does `task` on `chain` with `model`; a fault that stops the chain
/// propagates as ModelFault.
void perform(const ChainTask& task, Chain& chain, const Model& model, ModelWorkspace* workspace);

}  // namespace sgmc
