#include "sgmc/drivers/interacting_contour.hpp"

#include <exception>

#include "sgmc/core/error.hpp"
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
  auto chains = make_chains(model, [&](Index) { return sgld; }, {steps, 0, 1}, pilot, x0,
                            exchange.block(config.n_chains), nullptr);
  run_parallel(model, chains, steps, pilot, {});
  const Partition& partition = sampler.contour.partition;
  std::vector<Index> counts(static_cast<std::size_t>(partition.m), 0);
  for (const auto& chain : chains) {
    for (const double u : chain->draws().energies()) ++counts[static_cast<std::size_t>(partition.index(u))];
  }
  exchange.sum_counts(counts);
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
  // A resumed run reads its theta from the checkpoint: no pilot.
  if (sampler.contour.pilot_steps > 0 && checkpointing.resume == nullptr) {
    shared.contour.theta0 = pilot_theta(model, sampler, config, x0, exchange);
  }
  auto theta = std::make_shared<Theta>(shared.contour);
  const ChainBlock block = exchange.block(config.n_chains);
  SampleResult result;
  result.chains = make_chains(model, [&](Index) { return shared; }, record, config, x0, block, theta);
  auto& chains = result.chains;
  auto workspaces = make_workspaces(model, block.count);
  ParallelChains pass(model, config);
  std::vector<Index> local(static_cast<std::size_t>(block.count));
  std::vector<Index> all(static_cast<std::size_t>(config.n_chains));
  const Index n_steps = record.n_steps;
  Index k = 0;
  if (checkpointing.resume != nullptr) {  // the evaluations at x_{k+1} are in the chains
    k = read_driver_section(*checkpointing.resume, DriverKind::kInteractingContour, n_steps);
    theta->load(*checkpointing.resume);
    load_chains(*checkpointing.resume, chains, k);
  } else {
    pass.for_each(chains.size(), [&](std::size_t c) { chains[c]->evaluate(model, workspaces[c].get()); });
  }
  const auto save = [&](Index steps) {
    write_checkpoint(checkpointing, [&](ByteWriter& out) {
      write_driver_section(out, DriverKind::kInteractingContour, steps);
      theta->save(out);
      save_chains(out, chains);
    });
  };
  result.outcome = run_rounds(n_steps, config, progress, round_plan(checkpointing, k), [&](Index length) {
    for (Index s = 0; s < length; ++s) {
      ++k;
      // A non-finite energy travels as index -1, so that every process
      // stops at the same step instead of waiting for this one.
      std::exception_ptr failure;
      for (std::size_t c = 0; c < chains.size(); ++c) {
        try {
          local[c] = shared.contour.partition.index(chains[c]->index_energy());
        } catch (const Error&) {
          local[c] = -1;
          if (!failure) failure = std::current_exception();
        }
      }
      exchange.gather_indices(local, all);
      if (failure) std::rethrow_exception(failure);
      for (std::size_t p = 0; p < all.size(); ++p) {
        if (all[p] < 0) {
          throw Error(ErrorKind::kNonFinite, "the model returned a non-finite energy at chain " +
                                                 show(p) + ", step " + show(k));
        }
      }
      theta->update(all, shared.contour.sa.at(k));  // ICSGLD eq. (5), summed in chain order
      // Record x_k and move with theta_{k+1}, then evaluate at x_{k+1}.
      pass.for_each(chains.size(), [&](std::size_t c) {
        chains[c]->tell();
        if (k < n_steps) chains[c]->evaluate(model, workspaces[c].get());
      });
    }
  }, save);
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
