// One chain as an ask/tell state machine (SPEC §0 "one evaluation per step"):
// ask() names the point and batch to evaluate; the caller fills terms() and
// calls tell(), which forms the stochastic estimates, records the draw and
// advances the kernel. Drivers run chains; the C API exposes them directly
// to hosts (R, Julia) whose callbacks must run on their own thread.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/chain/stage.hpp"
#include "sgmc/contour/contour.hpp"
#include "sgmc/contour/variance_reduced_energy.hpp"
#include "sgmc/core/fault.hpp"
#include "sgmc/models/model.hpp"
#include "sgmc/random/batch_selector.hpp"
#include "sgmc/random/normal.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;
class Preconditioner;
class SteinMoments;
class SteinStage;
class WarmUpStage;

/// Where a chain's random streams come from.
struct ChainSeed {
  std::uint64_t seed = 0;
  Index chain = 0;  ///< the chain index keys the streams
};

class Chain {
 public:
  /// Validates the configuration; throws sgmc::Error naming a bad option.
  /// An interacting contour chain (SPEC §5) needs `shared_theta`: it reads
  /// that theta, which the driver updates before each tell().
  Chain(const SamplerConfig& sampler, const RecordPolicy& record, Index dim, Index data_size,
        ConstVecRef x0, const ChainSeed& seed, std::shared_ptr<Theta> shared_theta = nullptr);

  ~Chain();

  // terms() refers into the chain's own buffers: a chain stays where it is.
  Chain(const Chain&) = delete;
  Chain& operator=(const Chain&) = delete;

  /// The point to evaluate at the next step (in the model's coordinates x,
  /// also with a preconditioner, whose kernel moves y = L^{-1} x).
  ConstVecRef query() const { return precond_ ? ConstVecRef(x_query_) : kernel_->query(); }
  /// The data indices of the next evaluation (empty for a data-free target).
  std::span<const Index> batch() const { return batch_.current(); }

  /// Buffers the evaluation writes into (gradients sized dim()).
  ModelTerms& terms() { return terms_; }
  /// U_hat = U0 + (N/n) S_B of the evaluation in terms().
  double energy() const;
  /// The energy whose subregion is the index J of the evaluation in
  /// terms(): U_hat, or U_VR with a variance-reduced energy (SPEC §4.3).
  /// Throws Error(kNonFinite) naming chain and step for a non-finite value.
  double index_energy() const;

  /// Consumes terms() as the evaluation at query() on batch(): one
  /// iteration, or an extra evaluation of a kernel that needs one (then
  /// steps_done() does not advance; MHBT). A non-finite energy or gradient
  /// is a fault (docs/faults.md): under policy "error" it throws
  /// ModelFault(kNonFinite) naming chain and step, and the chain is left
  /// exactly as it was; under "reject" the evaluation is discarded and
  /// counted, the batch redrawn, and tell() returns without a step (or
  /// throws at the max_consecutive-th fault in a row). Throws
  /// Error(kState) once n_steps iterations have been made, and what
  /// check_query() throws, changing nothing.
  void tell();

  /// Throws ModelFault(kNonFinite) naming the chain and the next step when
  /// query() is not finite: a move overflowed from finite terms (a huge
  /// step size, temperature or gradient). tell(), try_evaluate() and every
  /// ask call it before anyone evaluates or records the point, under either
  /// fault policy.
  void check_query() const;

  /// Evaluates `model` at query() on batch() into terms().
  void evaluate(const Model& model, ModelWorkspace* workspace);

  /// evaluate() with its faults caught: an exception of the model (but
  /// std::bad_alloc, which propagates) or a non-finite energy, gradient or
  /// variance-reduced energy. Returns true when terms() hold an evaluation
  /// that tell() accepts. On a fault under "reject": counts it, redraws the
  /// batch and returns false (query() is unchanged: evaluate again). Under
  /// "error", or at the limit of consecutive faults, throws ModelFault and
  /// leaves the chain exactly as before the call (its target-noise stream
  /// rewound). Never allocates unless the model throws or the chain stops.
  bool try_evaluate(const Model& model, ModelWorkspace* workspace);

  /// The evaluation a host wrote into terms() (and tell_control()) checked
  /// as try_evaluate() checks its own, for a driver that evaluates ahead of
  /// tell(): true when tell() will take it; on a non-finite value, the fault
  /// policy (false after a rejection, the batch redrawn; or ModelFault).
  bool check_evaluation();

  /// The caller's own evaluation at query() on batch() failed (an ask/tell
  /// host whose model raised an error). Under "reject": counts the fault
  /// and redraws the batch; under "error", or at the limit, throws
  /// ModelFault(kCallback) naming chain, step and `cause`, and changes
  /// nothing. Throws Error(kState) once n_steps iterations have been made.
  void tell_fault(const std::string& cause);

  /// Evaluates `model` at query() and tells the result until one iteration
  /// is done: one full step. Faults follow the policy (try_evaluate()).
  void advance(const Model& model, ModelWorkspace* workspace);

  /// What a fault does: config().faults (default "error"), or `policy`
  /// once set here (validated).
  void set_fault_policy(const FaultPolicy& policy);
  const FaultPolicy& fault_policy() const { return config_.faults; }
  /// Evaluations rejected under policy "reject" so far (a fault that stops
  /// the chain is not counted: it changes nothing).
  Index faults() const { return faults_; }

  /// Replica exchange (SPEC §6): swaps the dynamic state (position, and
  /// momentum or preconditioner if the kernel has one) together with the
  /// evaluation in terms(), between an evaluate() and the next tell(). Both
  /// chains must run the same kernel kind and dimension. Never allocates.
  void exchange(Chain& other) noexcept;
  /// Replica exchange's automatic ladder (swap_ladder.hpp): the temperature
  /// tau of the iterations after this one. A checkpoint does not hold it:
  /// the driver sets it again after load(). Never allocates.
  void set_temperature(double temperature) { config_.temperature = temperature; }
  /// exchange() with a chain on another process, in two halves: the state
  /// exchange() moves, written for the other chain's load_exchanged().
  void save_exchanged(ByteWriter& out) const;
  void load_exchanged(ByteReader& in);

  Index dim() const { return terms_.batch_grad.size(); }
  Index index() const { return seed_.chain; }
  /// Iterations completed so far.
  Index steps_done() const { return k_; }
  /// The chain's position x_k in the model's coordinates.
  ConstVecRef position() const;
  const DrawStore& draws() const { return draws_; }
  const SamplerConfig& config() const { return config_; }
  /// The kernel; with a preconditioner its state (position, momentum) is in y.
  const Kernel& kernel() const { return *kernel_; }
  /// The preconditioner (docs/preconditioning.md); null when it is off.
  const Preconditioner* preconditioner() const { return precond_.get(); }
  /// The automatic warm-up (docs/warm_up.md); null when the step size was set.
  const WarmUpStage* warm_up() const { return warm_up_; }
  /// The sums of the step-size bias check (docs/verdict.md); null for a
  /// sampler without it (SteinStage::applies).
  const SteinMoments* stein() const;
  Rng& target_noise() { return target_noise_; }

  /// SPEC §4.3, with "contour_vr_period" q > 0: before tell() of iteration
  /// k, the caller evaluates, energy only, S_B(xbar) at control_point() on
  /// batch() and, when control_refresh() is true, the full-data sum
  /// S_all(xbar) = sum_{i<N} U_i(xbar), and hands both here (full_energy is
  /// ignored without a refresh). advance() does this itself.
  /// Throws Error(kState) when the chain has no variance-reduced energy.
  void tell_control(double batch_energy, double full_energy);
  /// The control point xbar of the next step and whether that step
  /// refreshes it (then S_all(xbar) is due too); precondition:
  /// variance_reduction() is not null.
  ConstVecRef control_point() const;
  bool control_refresh() const;
  const VarianceReducedEnergy* variance_reduction() const { return vr_.get(); }
  /// The contour state (theta, indices, weights); null unless the sampler is a contour sampler.
  const Contour* contour() const { return contour_.get(); }
  /// Ends pilot stage `stage` of an automatic partition with the choice a
  /// driver made from every chain's pilot (a theta shared by several chains; a chain
  /// with its own theta chooses by itself). Throws kState for a chain that
  /// is not a contour sampler's.
  void configure_contour(Index stage, const PartitionChoice& choice);

  /// Checkpoints: everything the chain's future depends on — iteration
  /// count, kernel state, batch, random streams, the evaluation in terms()
  /// (a driver may have evaluated ahead), draws, contour trace and theta
  /// (unless shared), variance-reduction state. Never allocates more than
  /// the bytes written.
  void save(ByteWriter& out) const;
  /// Reads what save() wrote into a chain freshly built with the same
  /// configuration, dimension, data size and index; throws Error(kFormat)
  /// naming the damaged field. A chain whose load() failed must be
  /// discarded.
  void load(ByteReader& in);

 private:
  /// The evaluation in terms() checked as tell() consumes it: U_hat, the
  /// index energy and grad U_hat (into grad_ when N > 0). `bad` names the
  /// first non-finite value, or is null.
  struct CheckedTerms {
    double energy = 0.0;
    double index_energy = 0.0;
    const char* bad = nullptr;  ///< "energy", "variance-reduced energy" or "gradient"
    double value = 0.0;         ///< the non-finite value
    Index coordinate = -1;      ///< its coordinate, for the gradient
  };
  CheckedTerms check_terms();
  /// check_terms() with the fault policy applied (try_evaluate()).
  bool accept_terms(const Rng* noise_before);
  /// Applies the fault policy to a failed evaluation of iteration k_ + 1:
  /// returns false after a rejection, else throws ModelFault with
  /// message(chain, k). `noise_before`, when set, is the target-noise
  /// stream before the evaluation, restored when the chain stops.
  template <typename Message>
  bool fault(ErrorKind kind, const Rng* noise_before, Message&& message);

  /// The stages of this chain's configuration, in the order tell() runs them.
  std::vector<std::unique_ptr<ChainStage>> make_stages();
  double batch_scale() const;  ///< N/n, or 0 for a data-free target
  /// With a preconditioner: x_query_ (and x_position_ for a kernel that
  /// records its position) from the kernel's y. Never allocates.
  void map_state();
  /// After a window changed L or the warm-up a setting: a fresh kernel at
  /// the current position in the new y, taking over what stays meaningful
  /// (Kernel::carry_over).
  void restart_kernel();
  /// U_VR of iteration k from terms_ (SPEC §4.3); throws kState when
  /// tell_control() was not called, kNonFinite for a non-finite value.
  double reduced_energy(Index k, double scale) const;

  SamplerConfig config_;
  RecordPolicy record_;
  ChainSeed seed_;
  std::unique_ptr<Kernel> kernel_;
  BatchSelector batch_;
  Rng batch_rng_;
  Rng target_noise_;
  NormalSource move_noise_;
  Vec batch_grad_;
  Vec prior_grad_;
  Vec grad_;  ///< grad U_hat when it differs from prior_grad_ (N > 0)
  ModelTerms terms_;
  DrawStore draws_;
  std::unique_ptr<Contour> contour_;
  std::unique_ptr<VarianceReducedEnergy> vr_;
  std::unique_ptr<Preconditioner> precond_;
  Vec x_query_;     ///< query() in x, with a preconditioner
  Vec x_position_;  ///< position() in x, with a preconditioner and an MHBT kernel
  /// What tell() does between the evaluation and the move, and after it, in
  /// order (stage.hpp; made by make_stages()).
  /// The first of stages_ when the warm-up is automatic (set by
  /// make_stages(), so declared before stages_).
  WarmUpStage* warm_up_ = nullptr;
  SteinStage* stein_ = nullptr;  ///< the last of stages_ when it applies
  std::vector<std::unique_ptr<ChainStage>> stages_;
  Index k_ = 0;
  Index faults_ = 0;              ///< rejected evaluations
  Index consecutive_faults_ = 0;  ///< rejected since the last good evaluation
};

}  // namespace sgmc
