#include "sgmc/drivers/replica_exchange.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/chain_faults.hpp"
#include "sgmc/drivers/parallel_chains.hpp"

namespace sgmc {
namespace {

double geometric(double lo, double hi, Index r, Index replicas) {
  if (r == 0) return lo;
  if (r == replicas - 1) return hi;
  return lo * std::pow(hi / lo, static_cast<double>(r) / static_cast<double>(replicas - 1));
}

/// The swap sweep of iteration k over the neighbouring pairs, in order.
class Exchanger {
 public:
  Exchanger(const SamplerConfig& sampler, const ChainList& chains, std::uint64_t seed)
      : settings_(sampler.resgld),
        rng_(Rng::stream(seed, 0, StreamPurpose::kSwaps)) {
    for (const auto& chain : chains) temperatures_.push_back(chain->config().temperature);
    stats_.attempts.assign(chains.size() - 1, 0);
    stats_.accepts.assign(chains.size() - 1, 0);
  }

  void sweep(ChainList& chains, Index k) {
    noise_.add(chains.front()->energy());
    if (k % settings_.swap_every != 0) return;
    const double sigma2 =
        settings_.variance_kind == SwapVariance::kFixed ? settings_.variance : noise_.variance();
    for (std::size_t l = 0; l + 1 < chains.size(); ++l) {
      const double log_s = swap_log_ratio(temperatures_[l], temperatures_[l + 1],
                                          chains[l]->energy(), chains[l + 1]->energy(), sigma2,
                                          settings_.correction);
      ++stats_.attempts[l];
      // One uniform per attempt, accepted or not: the stream stays in step.
      if (std::log(rng_.uniform()) < log_s) {
        chains[l]->exchange(*chains[l + 1]);
        ++stats_.accepts[l];
        if (l == 0) noise_.restart();
      }
    }
  }

  const SwapStats& stats() const { return stats_; }

  /// Checkpoints: the swap stream, the running sigma2 and the statistics.
  void save(ByteWriter& out) const {
    out.section("SWAP");
    rng_.save(out);
    noise_.save(out);
    out.indices(stats_.attempts);
    out.indices(stats_.accepts);
  }
  void load(ByteReader& in, Index steps) {
    in.section("SWAP");
    rng_.load(in);
    noise_.load(in);
    in.indices("swap attempts", stats_.attempts, 0, steps);
    in.indices("swap acceptances", stats_.accepts, 0, steps);
    for (std::size_t l = 0; l < stats_.accepts.size(); ++l) {
      if (stats_.accepts[l] > stats_.attempts[l]) in.fail("swap acceptances", "more than attempts");
    }
  }

 private:
  ReplicaSettings settings_;
  Rng rng_;
  std::vector<double> temperatures_;
  NoiseVariance noise_;
  SwapStats stats_;
};

}  // namespace

SamplerConfig replica_config(const SamplerConfig& sampler, Index replica, Index replicas) {
  SamplerConfig config = sampler;
  config.kind = SamplerKind::kSgld;
  const double eps_max = sampler.resgld.step_size_max > 0 ? sampler.resgld.step_size_max
                                                          : sampler.schedule.step_size;
  config.temperature =
      geometric(sampler.temperature, sampler.resgld.temperature_max, replica, replicas);
  config.schedule.step_size = geometric(sampler.schedule.step_size, eps_max, replica, replicas);
  return config;
}

SampleResult sample_replica_exchange(const Model& model, const SamplerConfig& sampler,
                                     const RecordPolicy& record, const RunConfig& config,
                                     ConstVecRef x0, const ProgressFn& progress,
                                     const Checkpointing& checkpointing) {
  config.validate();
  require(sampler.kind == SamplerKind::kResgld, "sampler", sampler_name(sampler.kind),
          "must be resgld for replica exchange");
  require(config.n_chains >= 2, "n_chains", config.n_chains,
          "must be >= 2: the replicas of resgld");
  sampler.validate();
  SampleResult result;
  result.chains = make_chains(
      model, [&](Index r) { return replica_config(sampler, r, config.n_chains); }, record, config,
      x0);
  auto& chains = result.chains;
  auto workspaces = make_workspaces(model, config.n_chains);
  Exchanger exchanger(sampler, chains, config.seed);
  ParallelChains pass(model, config);
  const Index n_steps = record.n_steps;
  // Every replica evaluates until it has a good evaluation (a rejected one
  // is retried with a fresh batch) or a fault stops it; after the pass the
  // fault of the lowest replica stops the run, all replicas having
  // recorded the same iterations.
  ChainFaults faults(chains.size());
  const auto evaluate = [&](std::size_t c) {
    faults.guard(c, [&] {
      while (!chains[c]->try_evaluate(model, workspaces[c].get())) {
      }
    });
  };
  Index start = 0;
  bool started = checkpointing.resume != nullptr;  // the evaluations at x_{start+1} are saved
  if (started) {
    start = read_driver_section(*checkpointing.resume, DriverKind::kReplicaExchange, n_steps);
    exchanger.load(*checkpointing.resume, start);
    load_chains(*checkpointing.resume, chains, start);
  }
  const auto save = [&](Index steps) {
    write_checkpoint(checkpointing, [&](ByteWriter& out) {
      write_driver_section(out, DriverKind::kReplicaExchange, steps);
      exchanger.save(out);
      save_chains(out, chains);
    });
  };
  result.outcome = run_rounds(n_steps, config, progress, round_plan(checkpointing, start), [&](Index length) {
    if (!started) {  // x_1 of every replica
      pass.for_each(chains.size(), evaluate);
      faults.rethrow_first();
      started = true;
    }
    for (Index s = 0; s < length; ++s) {
      const Index k = chains.front()->steps_done() + 1;
      exchanger.sweep(chains, k);
      // Tell x_k and evaluate at x_{k+1} in the same parallel pass.
      pass.for_each(chains.size(), [&](std::size_t c) {
        chains[c]->tell();
        if (k < n_steps) evaluate(c);
      });
      faults.rethrow_first();
    }
  }, save);
  settle(result.outcome, chains);
  result.swaps = exchanger.stats();
  return result;
}

}  // namespace sgmc
