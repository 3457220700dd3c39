#include "sgmc/drivers/interacting_contour.hpp"

#include <algorithm>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/drivers/execute.hpp"

namespace sgmc {
namespace {

/// The pilot's streams are keyed by a seed of their own, so that pilot
/// chain c does not replay the noise of sampler chain c.
constexpr std::uint64_t kPilotSeedMask = 0x9e3779b97f4a7c15ULL;

/// SPEC §5: added to every bin of the pilot histogram.
constexpr double kPilotFloor = 1e-4;

const SamplerConfig& checked(const SamplerConfig& sampler, const RunConfig& config) {
  config.validate();
  require(is_interacting(sampler.kind), "sampler", sampler_name(sampler.kind),
          "must be icsgld, icsghmc or picsgld for the interacting contour driver");
  sampler.validate();
  return sampler;
}

RunConfig pilot_run_config(const RunConfig& config) {
  RunConfig pilot = config;
  pilot.seed = config.seed ^ kPilotSeedMask;
  return pilot;
}

/// The pilot's chains of `block`: plain SGLD with the sampler's step size,
/// temperature, domain and start. Without a step size the pilot's first
/// half is its own automatic warm-up (docs/warm_up.md), and theta_0 counts
/// the second half's energies.
ChainList pilot_chains(const ModelShape& shape, const SamplerConfig& sampler,
                       const RunConfig& config, ConstVecRef x0, const ChainBlock& block) {
  SamplerConfig sgld = sampler;
  sgld.kind = SamplerKind::kSgld;
  sgld.contour.pilot_steps = 0;
  const Index steps = sampler.contour.pilot_steps;
  if (sgld.warm_up.automatic) {
    require(steps >= 2 * kMinAutoWarmUp, "contour_pilot_steps", steps,
            ("must be >= " + show(2 * kMinAutoWarmUp) +
             " when step_size is not set: the SGLD pilot's first half is its warm-up (or set "
             "step_size)")
                .c_str());
  }
  return make_chains(shape, [&](Index) { return sgld; },
                     {steps, sgld.warm_up.automatic ? steps / 2 : 0, 1}, pilot_run_config(config),
                     x0, block, nullptr);
}

/// theta_0 from the pilot's chains, which `fault`, if set, stopped: the
/// same on every process, or ModelFault on every process.
std::vector<double> theta_from_pilot(const ChainList& chains, const std::optional<ModelFault>& fault,
                                     const SamplerConfig& sampler, const RunConfig& config,
                                     ChainExchange& exchange) {
  const Partition& partition = sampler.contour.partition;
  // The m bin counts, then two slots per chain: 1 + the kind of the fault
  // that stopped the chain (or 0) and its step; summed over processes, so
  // that every process knows which pilot chains failed.
  const auto m = static_cast<std::size_t>(partition.m);
  std::vector<Index> counts(m + 2 * static_cast<std::size_t>(config.n_chains), 0);
  for (const auto& chain : chains) {
    for (const double u : chain->draws().energies()) ++counts[static_cast<std::size_t>(partition.index(u))];
  }
  if (fault) {
    const auto slot = m + 2 * static_cast<std::size_t>(fault->chain());
    counts[slot] = 1 + static_cast<Index>(fault->kind());
    counts[slot + 1] = fault->step();
  }
  exchange.sum_counts(counts);
  for (Index c = 0; c < config.n_chains; ++c) {
    const auto slot = m + 2 * static_cast<std::size_t>(c);
    if (counts[slot] == 0) continue;
    const Index step = counts[slot + 1];
    const bool local = fault && fault->chain() == c;
    const std::string cause = local ? std::string(fault->what())
                                    : remote_fault(ErrorKind::kCallback, c, step).what();
    throw ModelFault(static_cast<ErrorKind>(counts[slot] - 1),
                     "the SGLD pilot (contour_pilot_steps) stopped: " + cause, c, step);
  }
  counts.resize(m);
  // Every chain's recorded energies: pilot_steps of each, or their second
  // half after an automatic warm-up.
  Index recorded = 0;
  for (const Index count : counts) recorded += count;
  const auto states = static_cast<double>(recorded);
  std::vector<double> theta(counts.size());
  double sum = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    theta[i] = static_cast<double>(counts[i]) / states + kPilotFloor;
    sum += theta[i];
  }
  for (double& t : theta) t /= sum;
  return theta;
}

}  // namespace

std::vector<double> pilot_theta(const Model& model, const SamplerConfig& sampler,
                                const RunConfig& config, ConstVecRef x0, ChainExchange& exchange) {
  const RunConfig pilot = pilot_run_config(config);
  Run run(std::make_unique<IndependentChains>(
              pilot_chains({model.dim(), model.data_size()}, sampler, config, x0,
                           exchange.block(config.n_chains))),
          sampler.contour.pilot_steps, pilot);
  const RunOutcome& outcome = execute(run, model, pilot, {});
  return theta_from_pilot(run.chains(), outcome.fault, sampler, config, exchange);
}

InteractingContour::InteractingContour(const ModelShape& shape, const SamplerConfig& sampler,
                                       const RecordPolicy& record, const RunConfig& config,
                                       ConstVecRef x0, ChainExchange* exchange, bool resuming)
    : shape_(shape),
      sampler_(checked(sampler, config)),
      record_(record),
      config_(config),
      x0_(x0),
      exchange_(exchange != nullptr ? exchange : &own_exchange_),
      block_(exchange_->block(config.n_chains)),
      auto_pilot_(sampler.contour.auto_partition ? sampler.contour.pilot_steps : 0),
      stage1_(auto_pilot_ / 2),
      stage_done_(sampler.contour.auto_partition ? 0 : 2),
      local_(static_cast<std::size_t>(block_.count)),
      all_(static_cast<std::size_t>(config.n_chains)) {
  tasks_.reserve(static_cast<std::size_t>(block_.count));
  // During a pilot the run's chains exist too, with no draws, so that draws
  // taken then (sgmc_run_draws) have the run's shape; the pilot's theta_0
  // rebuilds them.
  make_run_chains(sampler.contour.theta0);
  if (sampler.contour.pilot_steps > 0 && !sampler.contour.auto_partition && !resuming) {
    pilot_ = std::make_unique<IndependentChains>(pilot_chains(shape, sampler, config, x0, block_));
  }
}

void InteractingContour::make_run_chains(const std::vector<double>& theta0) {
  SamplerConfig shared = sampler_;
  shared.contour.theta0 = theta0;
  theta_ = std::make_shared<Theta>(shared.contour);
  chains_ = make_chains(shape_, [&](Index) { return shared; }, record_, config_, x0_, block_, theta_);
}

std::span<const ChainTask> InteractingContour::pilot_next(ChainFaults& faults) {
  const Index steps = sampler_.contour.pilot_steps;
  std::optional<ModelFault> fault;
  try {
    // The pilot's rounds end where a run of its own would end them, so
    // that a fault stops it where it would have.
    for (;;) {
      if (pilot_end_ == 0) pilot_end_ = std::min(config_.progress_every, steps);
      const auto tasks = pilot_->next(pilot_end_, faults);
      if (!tasks.empty()) return tasks;
      if (pilot_end_ == steps) break;
      pilot_end_ = std::min(pilot_end_ + config_.progress_every, steps);
    }
  } catch (const ModelFault& stopped) {
    fault = stopped;
  }
  // The chains start from x0, not from where the pilot ended; after a
  // fault of the pilot they are made (with no draws) to report it.
  std::vector<double> theta0 = sampler_.contour.theta0;
  std::optional<ModelFault> pilot_fault;
  try {
    theta0 = theta_from_pilot(pilot_->chains(), fault, sampler_, config_, *exchange_);
  } catch (const ModelFault& stopped) {
    pilot_fault = stopped;
  }
  pilot_.reset();
  make_run_chains(theta0);
  if (pilot_fault) throw *pilot_fault;
  return {};
}

void InteractingContour::configure(Index stage, const PartitionChoice& chosen) {
  choice_ = chosen;
  stage_done_ = stage;
  theta_->reset(chosen_settings(sampler_.contour, chosen));
  for (auto& chain : chains_) chain->configure_contour(stage, chosen);
}

// The end of a pilot stage: every process gathers all chains' energies (and
// log-weights) of the stage and makes the same choice.
void InteractingContour::choose(Index stage) {
  const Index length = stage == 1 ? stage1_ : auto_pilot_ - stage1_;
  const auto gather = [&](auto values_of) {
    std::vector<double> mine;
    mine.reserve(static_cast<std::size_t>(block_.count * length));
    for (const auto& chain : chains_) {
      const auto values = values_of(*chain->contour());
      mine.insert(mine.end(), values.begin(), values.end());
    }
    std::vector<double> every(static_cast<std::size_t>(config_.n_chains * length));
    exchange_->gather_values(mine, every, length);
    return every;
  };
  const auto energies = gather([&](const Contour& c) { return c.stage_energies(stage); });
  const auto log_w = stage == 2 ? gather([](const Contour& c) { return c.stage_log_weights(); })
                                : std::vector<double>();
  configure(stage, choose_partition(energies, log_w, length, sampler_.contour, sampler_.temperature));
}

std::span<const ChainTask> InteractingContour::next(Index end, ChainFaults& faults) {
  if (pilot_) {
    const auto tasks = pilot_next(faults);
    if (!tasks.empty()) return tasks;
  }
  tasks_.clear();
  if (!started_) {  // x_1 of every chain; a rejected evaluation is retried with a fresh batch
    started_ = true;
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      tasks_.push_back({c, false, ChainTask::Then::kEvaluate, 0});
    }
    return tasks_;
  }
  if (passed_) {
    passed_ = false;
    if (auto_pilot_ > 0 && (k_ == stage1_ || k_ == auto_pilot_)) choose(k_ == stage1_ ? 1 : 2);
  }
  if (k_ >= end) return tasks_;
  ++k_;
  const bool piloting = k_ <= stage1_;  // pilot stage 1: the plain move, no theta
  // A chain stopped by a fault sends -(1 + the fault's kind) for its index,
  // so that every process stops at the same step, before any chain records
  // x_k, with the fault of the lowest chain.
  for (std::size_t c = 0; c < chains_.size(); ++c) {
    local_[c] = faults.has(c) ? -1 - static_cast<Index>(faults.fault(c).kind())
                : piloting    ? 0
                              : theta_->partition().index(chains_[c]->index_energy());
  }
  exchange_->gather_indices(local_, all_);
  for (std::size_t p = 0; p < all_.size(); ++p) {
    if (all_[p] >= 0) continue;
    const auto c = static_cast<std::size_t>(static_cast<Index>(p) - block_.first);
    if (static_cast<Index>(p) >= block_.first && c < chains_.size()) throw faults.fault(c);
    throw remote_fault(static_cast<ErrorKind>(-1 - all_[p]), static_cast<Index>(p), k_);
  }
  // ICSGLD eq. (5), summed in chain order.
  if (!piloting) {
    theta_->update(all_, sampler_.contour.sa.at(k_ - (k_ <= auto_pilot_ ? stage1_ : auto_pilot_)));
  }
  // Record x_k and move with theta_{k+1}, then evaluate at x_{k+1}.
  const auto then = k_ < record_.n_steps ? ChainTask::Then::kEvaluate : ChainTask::Then::kNothing;
  for (std::size_t c = 0; c < chains_.size(); ++c) tasks_.push_back({c, true, then, 0});
  passed_ = true;
  return tasks_;
}

void InteractingContour::save(ByteWriter& out, Index steps) const {
  write_driver_section(out, DriverKind::kInteractingContour, steps);
  if (sampler_.contour.auto_partition) save_choice(out, stage_done_, choice_);
  theta_->save(out);
  save_chains(out, chains_);
}

Index InteractingContour::load(ByteReader& in, Index n_steps) {
  k_ = read_driver_section(in, DriverKind::kInteractingContour, n_steps);
  if (sampler_.contour.auto_partition) {
    PartitionChoice saved;
    if (const Index stage = load_choice(in, saved); stage > 0) configure(stage, saved);
  }
  theta_->load(in);
  load_chains(in, chains_, k_, k_);
  started_ = true;  // the evaluations at x_{k+1} are saved
  return k_;
}

}  // namespace sgmc
