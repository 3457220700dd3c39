// Replica-exchange SGLD (SPEC §6): R = n_chains SGLD replicas on a
// temperature ladder tau_1 < ... < tau_R, each with its own step size, that
// try to swap positions with their neighbours every s iterations.
//
// One iteration k, keeping one evaluation per replica:
//   1. every replica evaluates U_hat and grad U_hat at its x_k (in parallel);
//   2. the lowest replica's U_hat feeds the running sigma2 (NoiseVariance);
//   3. if s divides k, the pairs (1,2), (2,3), ... in this order, on the
//      calling thread, swap with probability min(1, S) computed from the
//      current U_hat of the pair; a swap exchanges positions together with
//      their evaluations, so a state can climb or descend several rungs in
//      one sweep, and no evaluation is repeated;
//   4. every replica records x_k (as it stands after the swaps) and moves
//      with the gradient it now holds (in parallel).
// Swapping before the move is what keeps one evaluation per step: the
// evaluation that decides a swap is exactly the one the swapped state
// needs for its next move. The uniforms of the swap decisions come from a
// stream of their own, StreamPurpose::kSwaps, so the draws are bitwise the
// same for any number of threads.
#pragma once

#include <memory>
#include <vector>

#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/random/rng.hpp"
#include "sgmc/samplers/swap_ladder.hpp"
#include "sgmc/samplers/swap_rule.hpp"

namespace sgmc {

/// The configuration of replica r of R: plain SGLD at
/// tau_r = tau_1 (tau_R / tau_1)^(r / (R - 1)) with
/// eps_r = eps_1 (eps_R / eps_1)^(r / (R - 1)), r = 0..R-1 (geometric
/// ladders; the ends are exact). With an automatic ladder
/// (resgld.auto_temperature) every replica starts at tau_1: the driver sets
/// the ladder during the warm-up.
SamplerConfig replica_config(const SamplerConfig& sampler, Index replica, Index replicas);

/// The driver of config.n_chains >= 2 replicas of `sampler` (kind
/// kResgld). Chain 0 is the lowest temperature, whose draws sample the
/// target; chain r holds the draws of the tempered target at tau_r. A
/// fault of the model that stops a replica (sampler.faults) ends the run
/// after the pass that evaluates the next iteration: every replica keeps
/// the draws of the iterations all of them completed, and the run's fault
/// is the lowest replica's.
class ReplicaExchange final : public Driver {
 public:
  /// Throws sgmc::Error naming a bad option. `exchange` reaches the
  /// processes that run the other replicas (null: this process runs them
  /// all); it must outlive the driver. Swaps across processes move the
  /// replicas' states between them.
  ReplicaExchange(const ModelShape& shape, const SamplerConfig& sampler, const RecordPolicy& record,
                  const RunConfig& config, ConstVecRef x0, ChainExchange* exchange = nullptr);

  ChainList& chains() override { return chains_; }
  const ChainList& run_chains() const override { return chains_; }
  std::span<const ChainTask> next(Index end, ChainFaults& faults) override;
  void save(ByteWriter& out, Index steps) const override;
  Index load(ByteReader& in, Index n_steps) override;
  SwapStats swaps() const override { return stats_; }

 private:
  /// The swap sweep of iteration k over the neighbouring pairs, in order.
  void sweep(Index k);
  /// Exchanges the states of replicas l and l + 1, wherever they run.
  void swap(Index l);
  /// The automatic ladder (docs/warm_up.md, "The reSGLD ladder"): from the
  /// energies measured at tau_1, the top whose lowest pair swaps at
  /// kLadderSwapTarget; sets every replica's temperature. Never allocates.
  void choose_ladder();
  /// Sets the temperatures of the ladder up to settings_.temperature_max.
  void set_ladder();

  ReplicaSettings settings_;
  Index n_steps_;
  LocalExchange own_exchange_;
  ChainExchange* exchange_;
  Index n_chains_;
  ChainBlock block_;
  ChainList chains_;
  Rng rng_;
  std::vector<double> local_energies_;  ///< U_hat of this process's replicas
  std::vector<double> energies_;        ///< U_hat of all replicas, as swaps reorder them
  std::vector<std::uint8_t> bytes_;     ///< a replica's state crossing processes
  std::vector<double> temperatures_;
  NoiseVariance noise_;
  /// The automatic ladder: its energies are measured over iterations
  /// (measure_from_, choose_at_], all replicas at tau_1 and no swaps, and
  /// the ladder is chosen after iteration choose_at_.
  LadderMeasure ladder_;
  Index measure_from_ = 0;
  Index choose_at_ = 0;
  SwapStats stats_;
  std::vector<ChainTask> tasks_;
  bool started_ = false;  ///< the evaluations at x_{k+1} are in the chains
};

}  // namespace sgmc
