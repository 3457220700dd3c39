#include "sgmc/drivers/replica_exchange.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

double geometric(double lo, double hi, Index r, Index replicas) {
  if (r == 0) return lo;
  if (r == replicas - 1) return hi;
  return lo * std::pow(hi / lo, static_cast<double>(r) / static_cast<double>(replicas - 1));
}

const SamplerConfig& checked(const SamplerConfig& sampler, const RunConfig& config) {
  config.validate();
  require(sampler.kind == SamplerKind::kResgld, "sampler", sampler_name(sampler.kind),
          "must be resgld for replica exchange");
  require(config.n_chains >= 2, "n_chains", config.n_chains,
          "must be >= 2: the replicas of resgld");
  sampler.validate();
  return sampler;
}

}  // namespace

SamplerConfig replica_config(const SamplerConfig& sampler, Index replica, Index replicas) {
  SamplerConfig config = sampler;
  config.kind = SamplerKind::kSgld;
  const double eps_max = sampler.resgld.step_size_max > 0 ? sampler.resgld.step_size_max
                                                          : sampler.schedule.step_size;
  if (!sampler.resgld.auto_temperature) {
    config.temperature =
        geometric(sampler.temperature, sampler.resgld.temperature_max, replica, replicas);
  }
  config.schedule.step_size = geometric(sampler.schedule.step_size, eps_max, replica, replicas);
  return config;
}

ReplicaExchange::ReplicaExchange(const ModelShape& shape, const SamplerConfig& sampler,
                                 const RecordPolicy& record, const RunConfig& config,
                                 ConstVecRef x0, ChainExchange* exchange)
    : settings_(checked(sampler, config).resgld),
      n_steps_(record.n_steps),
      exchange_(exchange != nullptr ? exchange : &own_exchange_),
      n_chains_(config.n_chains),
      block_(exchange_->block(config.n_chains)),
      chains_(make_chains(
          shape, [&](Index r) { return replica_config(sampler, r, config.n_chains); }, record,
          config, x0, block_, nullptr)),
      rng_(Rng::stream(config.seed, 0, StreamPurpose::kSwaps)),
      local_energies_(chains_.size()),
      energies_(static_cast<std::size_t>(n_chains_)),
      ladder_(settings_.auto_temperature ? n_chains_ : 0),
      // The warm-up's typical-set search ends by burn_in / 4 (at least 50
      // iterations, and burn_in >= 100); the second quarter of the burn-in
      // lets the windows' steps settle and the replicas relax at tau_1, the
      // third measures their energies, and the last runs the ladder, whose
      // replicas choose their steps at their own temperatures by its end.
      measure_from_(record.burn_in / 2),
      choose_at_(3 * record.burn_in / 4) {
  for (Index r = 0; r < n_chains_; ++r) {
    temperatures_.push_back(replica_config(sampler, r, n_chains_).temperature);
  }
  stats_.attempts.assign(static_cast<std::size_t>(n_chains_ - 1), 0);
  stats_.accepts.assign(static_cast<std::size_t>(n_chains_ - 1), 0);
  tasks_.reserve(chains_.size());
}

// One iteration k, keeping one evaluation per replica (see the header):
// the evaluations at x_k are in the chains; swap, then every replica tells
// x_k and evaluates at x_{k+1} in the same pass. A rejected evaluation is
// retried with a fresh batch; after the pass the fault of the lowest
// replica stops the run, all replicas having recorded the same iterations.
std::span<const ChainTask> ReplicaExchange::next(Index end, ChainFaults& faults) {
  tasks_.clear();
  rethrow_first_of_all(*exchange_, faults, block_, n_chains_);
  if (!started_) {  // x_1 of every replica
    started_ = true;
    for (std::size_t c = 0; c < chains_.size(); ++c) {
      tasks_.push_back({c, false, ChainTask::Then::kEvaluate, 0});
    }
    return tasks_;
  }
  const Index k = chains_.front()->steps_done() + 1;
  if (k > end) return tasks_;
  sweep(k);
  const auto then = k < n_steps_ ? ChainTask::Then::kEvaluate : ChainTask::Then::kNothing;
  for (std::size_t c = 0; c < chains_.size(); ++c) tasks_.push_back({c, true, then, 0});
  return tasks_;
}

// Every process sees every replica's U_hat and draws the same uniforms, so
// all make the same decisions; the energies are swapped with the states.
void ReplicaExchange::sweep(Index k) {
  for (std::size_t c = 0; c < chains_.size(); ++c) local_energies_[c] = chains_[c]->energy();
  exchange_->gather_values(local_energies_, energies_, 1);
  if (settings_.auto_temperature && k <= choose_at_) {
    // Every replica at tau_1, no swaps: the running sigma2 starts with the ladder.
    if (k > measure_from_) ladder_.add(energies_);
    if (k == choose_at_) choose_ladder();
    return;
  }
  noise_.add(energies_.front());
  if (k % settings_.swap_every != 0) return;
  const double sigma2 =
      settings_.variance_kind == SwapVariance::kFixed ? settings_.variance : noise_.variance();
  for (std::size_t l = 0; l + 1 < energies_.size(); ++l) {
    const double log_s = swap_log_ratio(temperatures_[l], temperatures_[l + 1], energies_[l],
                                        energies_[l + 1], sigma2, settings_.correction);
    ++stats_.attempts[l];
    // One uniform per attempt, accepted or not: the stream stays in step.
    if (std::log(rng_.uniform()) < log_s) {
      swap(static_cast<Index>(l));
      std::swap(energies_[l], energies_[l + 1]);
      ++stats_.accepts[l];
      if (l == 0) noise_.restart();
    }
  }
}

// docs/warm_up.md, "The reSGLD ladder": C = (Var U_hat - s2) / tau_1^2 from
// the replicas' energies at tau_1, sigma2 as the swap rule will estimate it
// (or the user's), and the ratio q whose lowest pair swaps at the target
// (swap_ladder.hpp), the span tau_max / tau_1 = q^(R-1) at most
// kLadderMaxSpan.
void ReplicaExchange::choose_ladder() {
  const double tau = temperatures_.front();
  LadderModel model;
  model.noise = ladder_.noise_variance();
  model.heat_capacity = (ladder_.energy_variance() - model.noise) / (tau * tau);
  model.swap_variance = settings_.variance_kind == SwapVariance::kFixed
                            ? settings_.variance
                            : ladder_.successive_variance();
  model.correction = settings_.correction;
  const double rungs = static_cast<double>(n_chains_ - 1);
  const double q_max = std::pow(kLadderMaxSpan, 1.0 / rungs);
  const double q = ladder_ratio(model, tau, q_max);
  settings_.temperature_max = tau * (q == q_max ? kLadderMaxSpan : std::pow(q, rungs));
  set_ladder();
}

void ReplicaExchange::set_ladder() {
  for (Index r = 0; r < n_chains_; ++r) {
    temperatures_[static_cast<std::size_t>(r)] =
        geometric(temperatures_.front(), settings_.temperature_max, r, n_chains_);
  }
  for (std::size_t c = 0; c < chains_.size(); ++c) {
    chains_[c]->set_temperature(temperatures_[static_cast<std::size_t>(block_.first) + c]);
  }
}

void ReplicaExchange::swap(Index l) {
  const int me = exchange_->rank();
  const int lower = exchange_->owner(l, n_chains_);
  const int upper = exchange_->owner(l + 1, n_chains_);
  if (lower != me && upper != me) return;
  const auto local = [&](Index r) { return chains_[static_cast<std::size_t>(r - block_.first)].get(); };
  if (lower == upper) {
    local(l)->exchange(*local(l + 1));
    return;
  }
  // The pair straddles two processes: each sends its replica's state and
  // takes the other's.
  Chain& mine = *local(lower == me ? l : l + 1);
  ByteWriter out;
  out.reserve(bytes_.capacity());
  mine.save_exchanged(out);
  bytes_ = out.release();
  exchange_->swap_bytes(lower == me ? upper : lower, bytes_);
  ByteReader in(bytes_);
  mine.load_exchanged(in);
}

// Checkpoints: the swap stream, the running sigma2 and the statistics,
// then the replicas with their evaluations at x_{k+1}.
void ReplicaExchange::save(ByteWriter& out, Index steps) const {
  write_driver_section(out, DriverKind::kReplicaExchange, steps);
  out.section("SWAP");
  rng_.save(out);
  noise_.save(out);
  out.indices(stats_.attempts);
  out.indices(stats_.accepts);
  if (settings_.auto_temperature) {
    out.section("LADR");
    ladder_.save(out);
    out.f64(settings_.temperature_max);
  }
  save_chains(out, chains_);
}

Index ReplicaExchange::load(ByteReader& in, Index n_steps) {
  const Index start = read_driver_section(in, DriverKind::kReplicaExchange, n_steps);
  in.section("SWAP");
  rng_.load(in);
  noise_.load(in);
  in.indices("swap attempts", stats_.attempts, 0, start);
  in.indices("swap acceptances", stats_.accepts, 0, start);
  for (std::size_t l = 0; l < stats_.accepts.size(); ++l) {
    if (stats_.accepts[l] > stats_.attempts[l]) in.fail("swap acceptances", "more than attempts");
  }
  if (settings_.auto_temperature) {
    in.section("LADR");
    ladder_.load(in);
    settings_.temperature_max = in.finite("ladder: temperature_max");
    if ((start >= choose_at_) != (settings_.temperature_max > 0.0)) {
      in.fail("ladder: temperature_max", "does not match the iterations done");
    }
  }
  load_chains(in, chains_, start, start);
  if (settings_.auto_temperature && start >= choose_at_) set_ladder();
  started_ = true;  // the evaluations at x_{start+1} are saved
  return start;
}

}  // namespace sgmc
