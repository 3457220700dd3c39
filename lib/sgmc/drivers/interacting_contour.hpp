// Interacting contour samplers (SPEC §5; ICSGLD, Deng et al. 2022):
// P = n_chains contour chains (SGLD, SGHMC or pSGLD moves) share one theta.
//
// One iteration k:
//   1. every chain evaluates U_hat and grad U_hat at its x_k (in parallel);
//   2. on the calling thread, J_p of every chain, all-gathered across
//      processes in chain order, and one shared update with the averaged
//      field, every term from the same theta_k (ICSGLD eq. (5)):
//        theta_{k+1} = theta_k + omega_k (1/P) sum_p H(theta_k, J_p);
//   3. every chain records x_k with its weight from theta_{k+1} and moves
//      with the multiplier from theta_{k+1}, then evaluates at x_{k+1}
//      (in parallel).
// The sum runs in chain order and each chain keeps its own streams, so the
// draws are bitwise the same for any number of threads and processes.
//
// theta_0 is the sampler's contour_theta0, or with contour_pilot_steps =
// K_pilot > 0 the pilot estimate of SPEC §5: every chain runs plain SGLD
// (same step size, temperature, domain and start) for K_pilot steps on
// streams of their own; the subregion indices of all pilot states are
// histogrammed, 1e-4 is added to every bin and the result normalised. The
// chains then start from x0, not from where the pilot ended.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "sgmc/contour/auto_partition.hpp"
#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/drivers/independent_chains.hpp"

namespace sgmc {

/// The driver of config.n_chains >= 1 chains of an interacting contour
/// sampler; this process runs exchange.block(n_chains) of them. A fault of
/// the model that stops a chain (sampler.faults) ends the run on every
/// process at the same iteration k, before any chain records x_k: the
/// run's fault is that of the lowest chain (its own message on the process
/// that runs it), and every chain keeps the draws of iterations 1..k-1. A
/// fault of the pilot ends the run before any draw.
class InteractingContour final : public Driver {
 public:
  /// Throws sgmc::Error naming a bad option. `exchange` reaches the
  /// processes that run the other chains (null: this process runs them
  /// all); it must outlive the driver. With `resuming`, no pilot: the
  /// checkpoint holds theta.
  InteractingContour(const ModelShape& shape, const SamplerConfig& sampler,
                     const RecordPolicy& record, const RunConfig& config, ConstVecRef x0,
                     ChainExchange* exchange, bool resuming);

  ChainList& chains() override { return pilot_ ? pilot_->chains() : chains_; }
  const ChainList& run_chains() const override { return chains_; }
  std::span<const ChainTask> next(Index end, ChainFaults& faults) override;
  void save(ByteWriter& out, Index steps) const override;
  Index load(ByteReader& in, Index n_steps) override;

 private:
  /// The pilot's next tasks; none once it is over (then the chains exist).
  std::span<const ChainTask> pilot_next(ChainFaults& faults);
  /// The run's chains, starting from theta0 = `theta0` (or the sampler's).
  void make_run_chains(const std::vector<double>& theta0);
  /// Ends pilot stage `stage` of an automatic partition with `chosen`.
  void configure(Index stage, const PartitionChoice& chosen);
  /// Chooses the partition at the end of pilot stage `stage` from every
  /// process's chains.
  void choose(Index stage);

  ModelShape shape_;
  SamplerConfig sampler_;
  RecordPolicy record_;
  RunConfig config_;
  Vec x0_;
  LocalExchange own_exchange_;
  ChainExchange* exchange_;
  ChainBlock block_;
  // SPEC §4.4: with an automatic partition the first K_pilot iterations
  // are every chain's pilot, and the partition is chosen from all of them
  // at the end of each of its two stages.
  Index auto_pilot_ = 0;
  Index stage1_ = 0;
  Index stage_done_ = 0;
  PartitionChoice choice_;
  // SPEC §5: the SGLD pilot that estimates theta_0 (contour_pilot_steps
  // without an automatic partition), run before the chains exist.
  std::unique_ptr<IndependentChains> pilot_;
  Index pilot_end_ = 0;  ///< the end of the pilot's current round
  std::shared_ptr<Theta> theta_;
  ChainList chains_;
  std::vector<ChainTask> tasks_;
  std::vector<Index> local_;
  std::vector<Index> all_;
  Index k_ = 0;
  bool started_ = false;  ///< the evaluations at x_{k+1} are in the chains
  bool passed_ = false;   ///< the tasks of iteration k_ are done, its stage end not yet handled
};

/// theta_0 from the SGLD pilot of SPEC §5 (see above), the same on every
/// process. Throws ModelFault on every process when a fault of the model
/// stopped a pilot chain (the lowest one's).
std::vector<double> pilot_theta(const Model& model, const SamplerConfig& sampler,
                                const RunConfig& config, ConstVecRef x0, ChainExchange& exchange);

}  // namespace sgmc
