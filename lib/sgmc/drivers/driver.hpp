// Drivers run independent chains against a model: the serial driver on the
// calling thread (the only one allowed for models that are not thread-safe,
// e.g. R or Julia functions), the parallel driver on a oneTBB task arena.
// Each chain owns its random streams, so the draws are the same whichever
// driver runs them and however many threads it uses.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/checkpoint/run_checkpoint.hpp"
#include "sgmc/drivers/rounds.hpp"
#include "sgmc/drivers/run_config.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

using ChainList = std::vector<std::unique_ptr<Chain>>;

/// Runs every chain for `n_steps` iterations, one chain after another within
/// each round of config.progress_every iterations. A fault that stops a
/// chain (its SamplerConfig::faults) stops that chain; the others finish the round, and
/// the run then ends with the fault of the lowest chain index in
/// outcome.fault (docs/faults.md). With `plan`, from plan.start and calling
/// save(steps_done) where a checkpoint is due (run_rounds).
RunOutcome run_serial(const Model& model, ChainList& chains, Index n_steps,
                      const RunConfig& config, const ProgressFn& progress,
                      const RoundPlan& plan = {}, const std::function<void(Index)>& save = {});

/// The same with the chains of each round spread over config.threads worker
/// threads. Falls back to run_serial for a model that is not thread-safe.
RunOutcome run_parallel(const Model& model, ChainList& chains, Index n_steps,
                        const RunConfig& config, const ProgressFn& progress,
                        const RoundPlan& plan = {}, const std::function<void(Index)>& save = {});

/// After a run that a fault stopped: outcome.steps_done becomes the
/// iterations made by every one of `chains`.
void settle(RunOutcome& outcome, const ChainList& chains);

/// One workspace of `model` per chain.
std::vector<std::unique_ptr<ModelWorkspace>> make_workspaces(const Model& model, Index n);

/// config.n_chains chains for `model`, chain c running sampler_of(c). x0
/// holds one start (dim values, shared by all chains) or one per chain
/// (n_chains * dim values, chain by chain).
ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0);

/// The chains [first, first + count) of config.n_chains that one process runs.
struct ChainBlock {
  Index first = 0;
  Index count = 0;
};

/// The chains of `block` only, each keyed by its index in all n_chains (so
/// its streams and start do not depend on the block), reading
/// `shared_theta` when it is set (SPEC §5).
ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta);

/// Creates config.n_chains chains for `model` and runs them in parallel;
/// for sampler kind kResgld, runs them as the replicas of
/// sample_replica_exchange() instead, and for the interacting contour
/// samplers as the chains of sample_interacting_contour(). A fault of the
/// model that stops the run does not throw: it is in outcome.fault, and
/// the chains hold their draws so far. With checkpointing.path set it
/// writes checkpoints; with checkpointing.resume set it continues the run
/// saved there (the same arguments rebuild it) and draws exactly what the
/// uninterrupted run would have drawn.
struct SampleResult {
  ChainList chains;
  RunOutcome outcome;
  SwapStats swaps;  ///< replica exchange only; empty otherwise
};
SampleResult sample(const Model& model, const SamplerConfig& sampler, const RecordPolicy& record,
                    const RunConfig& config, ConstVecRef x0, const ProgressFn& progress,
                    const Checkpointing& checkpointing = {});

}  // namespace sgmc
