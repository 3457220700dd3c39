// A driver is the state machine behind a run of chains (independent chains,
// replica exchange, interacting contour): it says which chains need which
// evaluations next (ChainTask), and, once they are made, applies what the
// chains share (swaps, theta) and says what comes next. It never evaluates
// the model itself, so the same driver serves worker threads calling a C++
// or C model (execute.hpp) and a host that evaluates its own model between
// ask and tell (hosted_run.hpp: R, Julia, C users). Each chain owns its
// random streams, so the draws do not depend on who evaluates, in what
// order, or on how many threads.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/checkpoint/run_checkpoint.hpp"
#include "sgmc/drivers/chain_faults.hpp"
#include "sgmc/drivers/chain_task.hpp"
#include "sgmc/config/run_config.hpp"
#include "sgmc/drivers/run_outcome.hpp"
#include "sgmc/models/model.hpp"
#include "sgmc/samplers/swap_rule.hpp"

namespace sgmc {

using ChainList = std::vector<std::unique_ptr<Chain>>;

/// What a run needs to know of its model without evaluating it.
struct ModelShape {
  Index dim = 0;
  Index data_size = 0;  ///< N; 0 for a data-free target
};

class Driver {
 public:
  virtual ~Driver() = default;

  /// The chains the tasks refer to: those of the run (this process's block
  /// of them), or, during an interacting sampler's SGLD pilot, the pilot's.
  virtual ChainList& chains() = 0;
  /// The run's chains, whose draws it returns: chains(), except during an
  /// interacting sampler's pilot, when they have no draws yet.
  virtual const ChainList& run_chains() const = 0;

  /// Called when the tasks it last returned are done, with the faults that
  /// stopped chains while doing them: makes the shared update they called
  /// for and returns the tasks that take the chains on towards iteration
  /// `end`, or none when the chains have reached it. Throws ModelFault when
  /// a fault ends the run. Allocates nothing once the run has started.
  virtual std::span<const ChainTask> next(Index end, ChainFaults& faults) = 0;

  /// Checkpoints at a round boundary: the driver section (kind, `steps`),
  /// the shared state, then every chain (run_checkpoint.hpp).
  virtual void save(ByteWriter& out, Index steps) const = 0;
  /// Reads what save() wrote into a freshly built driver; returns the
  /// iterations done. Throws Error(kFormat) naming a damaged field.
  virtual Index load(ByteReader& in, Index n_steps) = 0;
  /// Whether save() may also be called within a round or before the first,
  /// between tasks (the chains then stand at different iterations, at or
  /// past `steps`), and load() go on from there exactly. Drivers with state
  /// shared between the chains' tasks (swaps, theta, a pilot) save only
  /// where a run writes checkpoints: at the end of a round after the first.
  virtual bool saves_within_rounds() const { return false; }

  /// Replica exchange's swap statistics; empty for the other drivers.
  virtual SwapStats swaps() const { return {}; }
};

/// One workspace of `model` per chain.
std::vector<std::unique_ptr<ModelWorkspace>> make_workspaces(const Model& model, Index n);

/// The chains [first, first + count) of config.n_chains that one process runs.
struct ChainBlock {
  Index first = 0;
  Index count = 0;
};

/// config.n_chains chains for a model of `shape`, chain c running
/// sampler_of(c). x0 holds one start (dim values, shared by all chains)
/// or one per chain (n_chains * dim values, chain by chain).
ChainList make_chains(const ModelShape& shape, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0);

/// The chains of `block` only, each keyed by its index in all n_chains (so
/// its streams and start do not depend on the block), reading
/// `shared_theta` when it is set (SPEC §5).
ChainList make_chains(const ModelShape& shape, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta);

/// make_chains() for `model`'s shape.
ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta);

/// The driver for `sampler`: replica exchange for kResgld, the interacting
/// contour driver (all chains in this process) for the interacting
/// samplers, else independent chains. With `resuming`, the driver is built
/// to load() a checkpoint (an interacting sampler then skips its pilot,
/// whose theta the checkpoint holds). Throws sgmc::Error naming a bad option.
std::unique_ptr<Driver> make_driver(const ModelShape& shape, const SamplerConfig& sampler,
                                    const RecordPolicy& record, const RunConfig& config,
                                    ConstVecRef x0, bool resuming);

class ChainExchange;
/// make_driver() for a run whose chains are spread over the processes that
/// `exchange` reaches (it must outlive the driver): this process runs
/// exchange.block(n_chains) of them, and the draws are those of one
/// process running all.
std::unique_ptr<Driver> make_driver(const ModelShape& shape, const SamplerConfig& sampler,
                                    const RecordPolicy& record, const RunConfig& config,
                                    ConstVecRef x0, bool resuming, ChainExchange& exchange);

/// A run's chains and how it ended.
struct SampleResult {
  ChainList chains;
  RunOutcome outcome;
  SwapStats swaps;  ///< replica exchange only; empty otherwise
};

/// Runs config.n_chains chains of `sampler` on `model` through
/// make_driver() on worker threads (execute.hpp). A fault of the model
/// that stops the run does not throw: it is in outcome.fault, and the
/// chains hold their draws so far. With checkpointing.path set it writes
/// checkpoints; with checkpointing.resume set it continues the run saved
/// there (the same arguments rebuild it) and draws exactly what the
/// uninterrupted run would have drawn.
SampleResult sample(const Model& model, const SamplerConfig& sampler, const RecordPolicy& record,
                    const RunConfig& config, ConstVecRef x0, const ProgressFn& progress,
                    const Checkpointing& checkpointing = {});

}  // namespace sgmc
