#include "sgmc/drivers/driver.hpp"

#include <algorithm>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/chain_faults.hpp"
#include "sgmc/drivers/interacting_contour.hpp"
#include "sgmc/drivers/replica_exchange.hpp"
#include "sgmc/drivers/rounds.hpp"

namespace sgmc {
namespace {

/// Advances chain c `steps` iterations; a fault stops it and is kept.
void advance_chain(const Model& model, ChainList& chains, ModelWorkspace* workspace, Index steps,
                   std::size_t c, ChainFaults& faults) {
  faults.guard(c, [&] {
    for (Index s = 0; s < steps; ++s) chains[c]->advance(model, workspace);
  });
}

/// Calls save, if set, where run_rounds() says a checkpoint is due.
auto saver(const std::function<void(Index)>& save) {
  return [&save](Index steps) {
    if (save) save(steps);
  };
}

}  // namespace

void settle(RunOutcome& outcome, const ChainList& chains) {
  if (!outcome.fault || chains.empty()) return;
  outcome.steps_done = chains.front()->steps_done();
  for (const auto& chain : chains) outcome.steps_done = std::min(outcome.steps_done, chain->steps_done());
}

RunOutcome run_serial(const Model& model, ChainList& chains, Index n_steps,
                      const RunConfig& config, const ProgressFn& progress, const RoundPlan& plan,
                      const std::function<void(Index)>& save) {
  auto workspaces = make_workspaces(model, static_cast<Index>(chains.size()));
  ChainFaults faults(chains.size());
  auto outcome = run_rounds(n_steps, config, progress, plan, [&](Index length) {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      advance_chain(model, chains, workspaces[c].get(), length, c, faults);
    }
    faults.rethrow_first();
  }, saver(save));
  settle(outcome, chains);
  return outcome;
}

RunOutcome run_parallel(const Model& model, ChainList& chains, Index n_steps,
                        const RunConfig& config, const ProgressFn& progress, const RoundPlan& plan,
                        const std::function<void(Index)>& save) {
  if (!model.thread_safe() || config.threads == 1 || chains.size() == 1) {
    return run_serial(model, chains, n_steps, config, progress, plan, save);
  }
  auto workspaces = make_workspaces(model, static_cast<Index>(chains.size()));
  tbb::task_arena arena(config.threads == 0 ? tbb::task_arena::automatic
                                            : static_cast<int>(config.threads));
  ChainFaults faults(chains.size());
  auto outcome = run_rounds(n_steps, config, progress, plan, [&](Index length) {
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, chains.size(), 1),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t c = range.begin(); c != range.end(); ++c) {
                            advance_chain(model, chains, workspaces[c].get(), length, c, faults);
                          }
                        });
    });
    faults.rethrow_first();
  }, saver(save));
  settle(outcome, chains);
  return outcome;
}

std::vector<std::unique_ptr<ModelWorkspace>> make_workspaces(const Model& model, Index n) {
  std::vector<std::unique_ptr<ModelWorkspace>> workspaces;
  workspaces.reserve(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) workspaces.push_back(model.make_workspace());
  return workspaces;
}

ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0) {
  return make_chains(model, sampler_of, record, config, x0, {0, config.n_chains}, nullptr);
}

ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta) {
  config.validate();
  const Index dim = model.dim();
  const Index length = x0.size();
  require(length == dim || length == config.n_chains * dim, "x0",
          "an array of length " + show(length),
          ("must hold dim = " + show(dim) + " values or n_chains * dim = " +
           show(config.n_chains * dim))
              .c_str());
  ChainList chains;
  chains.reserve(static_cast<std::size_t>(block.count));
  for (Index c = block.first; c < block.first + block.count; ++c) {
    const Index offset = length == dim ? 0 : c * dim;
    chains.push_back(std::make_unique<Chain>(sampler_of(c), record, dim, model.data_size(),
                                             x0.segment(offset, dim), ChainSeed{config.seed, c},
                                             shared_theta));
  }
  return chains;
}

SampleResult sample(const Model& model, const SamplerConfig& sampler, const RecordPolicy& record,
                    const RunConfig& config, ConstVecRef x0, const ProgressFn& progress,
                    const Checkpointing& checkpointing) {
  if (sampler.kind == SamplerKind::kResgld) {
    return sample_replica_exchange(model, sampler, record, config, x0, progress, checkpointing);
  }
  if (is_interacting(sampler.kind)) {
    return sample_interacting_contour(model, sampler, record, config, x0, progress, checkpointing);
  }
  SampleResult result;
  auto& chains = result.chains;
  chains = make_chains(model, [&](Index) { return sampler; }, record, config, x0);
  Index start = 0;
  if (checkpointing.resume != nullptr) {
    start = read_driver_section(*checkpointing.resume, DriverKind::kIndependent, record.n_steps);
    load_chains(*checkpointing.resume, chains, start);
  }
  result.outcome = run_parallel(model, chains, record.n_steps, config, progress,
                                round_plan(checkpointing, start), [&](Index steps) {
                                  write_checkpoint(checkpointing, [&](ByteWriter& out) {
                                    write_driver_section(out, DriverKind::kIndependent, steps);
                                    save_chains(out, chains);
                                  });
                                });
  return result;
}

}  // namespace sgmc
