#include "sgmc/drivers/driver.hpp"

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/execute.hpp"
#include "sgmc/drivers/independent_chains.hpp"
#include "sgmc/drivers/interacting_contour.hpp"
#include "sgmc/drivers/replica_exchange.hpp"

namespace sgmc {

std::vector<std::unique_ptr<ModelWorkspace>> make_workspaces(const Model& model, Index n) {
  std::vector<std::unique_ptr<ModelWorkspace>> workspaces;
  workspaces.reserve(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) workspaces.push_back(model.make_workspace());
  return workspaces;
}

ChainList make_chains(const ModelShape& shape, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0) {
  return make_chains(shape, sampler_of, record, config, x0, {0, config.n_chains}, nullptr);
}

ChainList make_chains(const Model& model, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta) {
  return make_chains(ModelShape{model.dim(), model.data_size()}, sampler_of, record, config, x0,
                     block, shared_theta);
}

ChainList make_chains(const ModelShape& shape, const std::function<SamplerConfig(Index)>& sampler_of,
                      const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                      const ChainBlock& block, const std::shared_ptr<Theta>& shared_theta) {
  config.validate();
  const Index dim = shape.dim;
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
    chains.push_back(std::make_unique<Chain>(sampler_of(c), record, dim, shape.data_size,
                                             x0.segment(offset, dim),
                                             ChainSeed{config.seed, config.first_chain + c},
                                             shared_theta));
  }
  return chains;
}

namespace {

/// "first_chain" names chains of a larger run that runs elsewhere: a block
/// of coupled chains is not a run, and a distributed run splits its chains
/// itself (ChainBlock).
void require_whole_run(const SamplerConfig& sampler, const RunConfig& config, bool distributed) {
  if (config.first_chain == 0) return;
  const std::string why =
      distributed ? "a run over several processes gives each its block of chains itself"
                  : "sampler \"" + std::string(sampler_name(sampler.kind)) +
                        "\" couples its chains, so they run together";
  if (distributed || sampler.kind == SamplerKind::kResgld || is_interacting(sampler.kind)) {
    throw Error(ErrorKind::kInvalidArgument,
                "option 'first_chain' = " + show(config.first_chain) + ": must be 0: " + why);
  }
}

}  // namespace

std::unique_ptr<Driver> make_driver(const ModelShape& shape, const SamplerConfig& sampler,
                                    const RecordPolicy& record, const RunConfig& config,
                                    ConstVecRef x0, bool resuming) {
  require_whole_run(sampler, config, false);
  if (sampler.kind == SamplerKind::kResgld) {
    return std::make_unique<ReplicaExchange>(shape, sampler, record, config, x0);
  }
  if (is_interacting(sampler.kind)) {
    return std::make_unique<InteractingContour>(shape, sampler, record, config, x0, nullptr,
                                                resuming);
  }
  return std::make_unique<IndependentChains>(
      make_chains(shape, [&](Index) { return sampler; }, record, config, x0));
}

std::unique_ptr<Driver> make_driver(const ModelShape& shape, const SamplerConfig& sampler,
                                    const RecordPolicy& record, const RunConfig& config,
                                    ConstVecRef x0, bool resuming, ChainExchange& exchange) {
  require_whole_run(sampler, config, true);
  if (sampler.kind == SamplerKind::kResgld) {
    return std::make_unique<ReplicaExchange>(shape, sampler, record, config, x0, &exchange);
  }
  if (is_interacting(sampler.kind)) {
    return std::make_unique<InteractingContour>(shape, sampler, record, config, x0, &exchange,
                                                resuming);
  }
  const ChainBlock block = exchange.block(config.n_chains);
  return std::make_unique<IndependentChains>(
      make_chains(shape, [&](Index) { return sampler; }, record, config, x0, block, nullptr),
      exchange, block, config.n_chains);
}

SampleResult sample(const Model& model, const SamplerConfig& sampler, const RecordPolicy& record,
                    const RunConfig& config, ConstVecRef x0, const ProgressFn& progress,
                    const Checkpointing& checkpointing) {
  return sample_with(make_driver({model.dim(), model.data_size()}, sampler, record, config, x0,
                                 checkpointing.resume != nullptr),
                     model, record.n_steps, config, progress, checkpointing);
}

}  // namespace sgmc
