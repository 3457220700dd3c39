#include "sgmc/drivers/interacting_contour.hpp"

#include <optional>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/chain_faults.hpp"
#include "sgmc/drivers/parallel_chains.hpp"

namespace sgmc {
namespace {

/// The pilot's streams are keyed by a seed of their own, so that pilot
/// chain c does not replay the noise of sampler chain c.
constexpr std::uint64_t kPilotSeedMask = 0x9e3779b97f4a7c15ULL;

/// SPEC §5: added to every bin of the pilot histogram.
constexpr double kPilotFloor = 1e-4;

}  // namespace

std::vector<double> pilot_theta(const Model& model, const SamplerConfig& sampler,
                                const RunConfig& config, ConstVecRef x0, ChainExchange& exchange) {
  SamplerConfig sgld = sampler;
  sgld.kind = SamplerKind::kSgld;
  sgld.contour.pilot_steps = 0;
  RunConfig pilot = config;
  pilot.seed = config.seed ^ kPilotSeedMask;
  const Index steps = sampler.contour.pilot_steps;
  const ChainBlock block = exchange.block(config.n_chains);
  auto chains = make_chains(model, [&](Index) { return sgld; }, {steps, 0, 1}, pilot, x0, block,
                            nullptr);
  const RunOutcome outcome = run_parallel(model, chains, steps, pilot, {});
  const Partition& partition = sampler.contour.partition;
  // The m bin counts, then two slots per chain: 1 + the kind of the fault
  // that stopped the chain (or 0) and its step; summed over processes, so
  // that every process knows which pilot chains failed.
  const auto m = static_cast<std::size_t>(partition.m);
  std::vector<Index> counts(m + 2 * static_cast<std::size_t>(config.n_chains), 0);
  for (const auto& chain : chains) {
    for (const double u : chain->draws().energies()) ++counts[static_cast<std::size_t>(partition.index(u))];
  }
  if (outcome.fault) {
    const auto slot = m + 2 * static_cast<std::size_t>(outcome.fault->chain());
    counts[slot] = 1 + static_cast<Index>(outcome.fault->kind());
    counts[slot + 1] = outcome.fault->step();
  }
  exchange.sum_counts(counts);
  for (Index c = 0; c < config.n_chains; ++c) {
    const auto slot = m + 2 * static_cast<std::size_t>(c);
    if (counts[slot] == 0) continue;
    const Index step = counts[slot + 1];
    const bool local = outcome.fault && outcome.fault->chain() == c;
    const std::string cause = local ? std::string(outcome.fault->what())
                                    : "a fault of the model stopped chain " + show(c) +
                                          " at step " + show(step) + " (on another process)";
    throw ModelFault(static_cast<ErrorKind>(counts[slot] - 1),
                     "the SGLD pilot (contour_pilot_steps) stopped: " + cause, c, step);
  }
  counts.resize(m);
  const double states = static_cast<double>(steps * config.n_chains);
  std::vector<double> theta(counts.size());
  double sum = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    theta[i] = static_cast<double>(counts[i]) / states + kPilotFloor;
    sum += theta[i];
  }
  for (double& t : theta) t /= sum;
  return theta;
}

SampleResult sample_interacting_contour(const Model& model, const SamplerConfig& sampler,
                                        const RecordPolicy& record, const RunConfig& config,
                                        ConstVecRef x0, const ProgressFn& progress,
                                        ChainExchange& exchange,
                                        const Checkpointing& checkpointing) {
  config.validate();
  require(is_interacting(sampler.kind), "sampler", sampler_name(sampler.kind),
          "must be icsgld, icsghmc or picsgld for the interacting contour driver");
  sampler.validate();
  SamplerConfig shared = sampler;
  const ContourSettings& requested = sampler.contour;
  // SPEC §4.4: with an automatic partition the first K_pilot iterations
  // are every chain's pilot, and the partition is chosen from all of them
  // at the end of each of its two stages.
  const Index pilot = requested.auto_partition ? requested.pilot_steps : 0;
  const Index stage1 = pilot / 2;
  Index stage_done = requested.auto_partition ? 0 : 2;
  PartitionChoice choice;
  std::optional<ModelFault> pilot_fault;
  // A resumed run reads its theta from the checkpoint: no pilot.
  if (requested.pilot_steps > 0 && !requested.auto_partition && checkpointing.resume == nullptr) {
    try {
      shared.contour.theta0 = pilot_theta(model, sampler, config, x0, exchange);
    } catch (const ModelFault& fault) {
      pilot_fault = fault;  // the chains are made (with no draws) to report it
    }
  }
  auto theta = std::make_shared<Theta>(shared.contour);
  const ChainBlock block = exchange.block(config.n_chains);
  SampleResult result;
  result.chains = make_chains(model, [&](Index) { return shared; }, record, config, x0, block, theta);
  if (pilot_fault) {
    result.outcome.fault = pilot_fault;
    return result;
  }
  auto& chains = result.chains;
  auto workspaces = make_workspaces(model, block.count);
  ParallelChains pass(model, config);
  std::vector<Index> local(static_cast<std::size_t>(block.count));
  std::vector<Index> all(static_cast<std::size_t>(config.n_chains));
  const Index n_steps = record.n_steps;
  // Each chain evaluates until it has a good evaluation (a rejected one is
  // retried with a fresh batch) or a fault stops it.
  ChainFaults faults(chains.size());
  const auto evaluate = [&](std::size_t c) {
    faults.guard(c, [&] {
      while (!chains[c]->try_evaluate(model, workspaces[c].get())) {
      }
    });
  };
  // The end of a pilot stage: every process gathers all chains' energies
  // (and log-weights) of the stage and makes the same choice.
  const auto configure = [&](Index stage, const PartitionChoice& chosen) {
    choice = chosen;
    stage_done = stage;
    theta->reset(chosen_settings(requested, chosen));
    for (auto& chain : chains) chain->configure_contour(stage, chosen);
  };
  const auto gather = [&](auto values_of, Index per_chain) {
    std::vector<double> mine;
    mine.reserve(static_cast<std::size_t>(block.count * per_chain));
    for (const auto& chain : chains) {
      const auto values = values_of(*chain->contour());
      mine.insert(mine.end(), values.begin(), values.end());
    }
    std::vector<double> every(static_cast<std::size_t>(config.n_chains * per_chain));
    exchange.gather_values(mine, every, per_chain);
    return every;
  };
  const auto choose = [&](Index stage) {
    const Index length = stage == 1 ? stage1 : pilot - stage1;
    const auto energies = gather([&](const Contour& c) { return c.stage_energies(stage); }, length);
    const auto log_w = stage == 2 ? gather([](const Contour& c) { return c.stage_log_weights(); }, length)
                                  : std::vector<double>();
    configure(stage, choose_partition(energies, log_w, length, requested, sampler.temperature));
  };
  Index k = 0;
  bool started = checkpointing.resume != nullptr;  // the evaluations at x_{k+1} are saved
  if (started) {
    k = read_driver_section(*checkpointing.resume, DriverKind::kInteractingContour, n_steps);
    if (requested.auto_partition) {
      PartitionChoice saved;
      if (const Index stage = load_choice(*checkpointing.resume, saved); stage > 0) configure(stage, saved);
    }
    theta->load(*checkpointing.resume);
    load_chains(*checkpointing.resume, chains, k);
  }
  const auto save = [&](Index steps) {
    write_checkpoint(checkpointing, [&](ByteWriter& out) {
      write_driver_section(out, DriverKind::kInteractingContour, steps);
      if (requested.auto_partition) save_choice(out, stage_done, choice);
      theta->save(out);
      save_chains(out, chains);
    });
  };
  result.outcome = run_rounds(n_steps, config, progress, round_plan(checkpointing, k), [&](Index length) {
    if (!started) {  // x_1 of every chain
      pass.for_each(chains.size(), evaluate);
      started = true;
    }
    for (Index s = 0; s < length; ++s) {
      ++k;
      const bool piloting = k <= stage1;  // pilot stage 1: the plain move, no theta
      // A chain stopped by a fault sends -(1 + the fault's kind) for its
      // index, so that every process stops at the same step, before any
      // chain records x_k, with the fault of the lowest chain.
      for (std::size_t c = 0; c < chains.size(); ++c) {
        local[c] = faults.has(c) ? -1 - static_cast<Index>(faults.fault(c).kind())
                   : piloting    ? 0
                                 : theta->partition().index(chains[c]->index_energy());
      }
      exchange.gather_indices(local, all);
      for (std::size_t p = 0; p < all.size(); ++p) {
        if (all[p] >= 0) continue;
        const auto c = static_cast<std::size_t>(static_cast<Index>(p) - block.first);
        if (static_cast<Index>(p) >= block.first && c < chains.size()) throw faults.fault(c);
        throw ModelFault(static_cast<ErrorKind>(-1 - all[p]),
                         "a fault of the model stopped chain " + show(p) + " at step " + show(k) +
                             " (on another process)",
                         static_cast<Index>(p), k);
      }
      // ICSGLD eq. (5), summed in chain order.
      if (!piloting) theta->update(all, shared.contour.sa.at(k - (k <= pilot ? stage1 : pilot)));
      // Record x_k and move with theta_{k+1}, then evaluate at x_{k+1}.
      pass.for_each(chains.size(), [&](std::size_t c) {
        chains[c]->tell();
        if (k < n_steps) evaluate(c);
      });
      if (pilot > 0 && (k == stage1 || k == pilot)) choose(k == stage1 ? 1 : 2);
    }
  }, save);
  settle(result.outcome, chains);
  return result;
}

SampleResult sample_interacting_contour(const Model& model, const SamplerConfig& sampler,
                                        const RecordPolicy& record, const RunConfig& config,
                                        ConstVecRef x0, const ProgressFn& progress,
                                        const Checkpointing& checkpointing) {
  LocalExchange exchange;
  return sample_interacting_contour(model, sampler, record, config, x0, progress, exchange,
                                    checkpointing);
}

}  // namespace sgmc
