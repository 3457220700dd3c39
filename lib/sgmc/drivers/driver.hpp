// Drivers run independent chains against a model: the serial driver on the
// calling thread (the only one allowed for models that are not thread-safe,
// e.g. R or Julia functions), the parallel driver on a oneTBB task arena.
// Each chain owns its random streams, so the draws are the same whichever
// driver runs them and however many threads it uses.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/drivers/run_config.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

/// How a run ended.
struct RunOutcome {
  Index steps_done = 0;  ///< iterations made by every chain
  bool cancelled = false;
};

using ChainList = std::vector<std::unique_ptr<Chain>>;

/// Runs every chain for `n_steps` iterations, one chain after another within
/// each round of config.progress_every iterations.
RunOutcome run_serial(const Model& model, ChainList& chains, Index n_steps,
                      const RunConfig& config, const ProgressFn& progress);

/// The same with the chains of each round spread over config.threads worker
/// threads. Falls back to run_serial for a model that is not thread-safe.
RunOutcome run_parallel(const Model& model, ChainList& chains, Index n_steps,
                        const RunConfig& config, const ProgressFn& progress);

/// Creates config.n_chains chains for `model` and runs them in parallel.
/// x0 holds one start (dim values, shared by all chains) or one per chain
/// (n_chains * dim values, chain by chain).
struct SampleResult {
  ChainList chains;
  RunOutcome outcome;
};
SampleResult sample(const Model& model, const SamplerConfig& sampler, const RecordPolicy& record,
                    const RunConfig& config, ConstVecRef x0,
                    const ProgressFn& progress);

}  // namespace sgmc
