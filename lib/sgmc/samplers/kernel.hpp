// The ask/tell state machine of one chain's dynamics (DESIGN.md "Shape").
// A kernel holds the chain's state and scratch; it never sees the model, the
// batch or the draw storage — the Chain feeds it one evaluation per step.
#pragma once

#include <functional>
#include <span>

#include "sgmc/core/error.hpp"
#include "sgmc/core/types.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// The stochastic estimates of SPEC §0 at the point returned by query().
struct StochasticEval {
  double energy;           ///< U_hat(x)
  ConstVecRef grad;        ///< grad U_hat(x)
  /// The per-datum mean gradient gbar = mean_grad_scale * mean_grad_base
  /// (grad S_B / n, or grad U_hat for a data-free target; SPEC §2 pSGLD).
  ConstVecRef mean_grad_base;
  double mean_grad_scale;
  /// The data indices of the evaluation (MHBT keeps the batch of its state).
  std::span<const Index> batch = {};
};

/// What the schedule says about iteration k.
struct StepInfo {
  Index k;             ///< 1-based iteration
  double step_size;    ///< eps_k
  double temperature;  ///< tau for this step (0 in an exploration stage)
};

/// Maps a per-coordinate second moment of gradients from the coordinates a
/// kernel moved in to new ones (Preconditioner::map_gradient_moment()).
using GradientMomentMap = std::function<void(VecRef)>;

class Kernel {
 public:
  virtual ~Kernel() = default;

  /// The point whose energy and gradient the next step() needs.
  virtual ConstVecRef query() const = 0;
  /// The chain's current position x_k.
  virtual ConstVecRef position() const = 0;
  /// Puts the chain back at x after a move left the domain box (SPEC §4.2);
  /// any other state (momentum, preconditioner) stays as the move left it.
  /// Never allocates. A kernel whose state cannot be put back (MHBT, whose
  /// cache belongs to its position) keeps this default, and its sampler
  /// rejects a domain box when it is validated.
  virtual void set_position(ConstVecRef /*x*/) {
    throw Error(ErrorKind::kUnsupported, "this sampler cannot be confined to a domain box");
  }
  /// Advances one step. Never allocates.
  virtual void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) = 0;

  /// The draw of iteration k is the evaluated point x_k; a kernel that
  /// returns true records instead its position after step() (MHBT: the state
  /// after accept/reject), with position_energy() as its U_hat.
  virtual bool records_position() const { return false; }
  virtual double position_energy() const { return 0.0; }
  /// grad U_hat at position(), as step() was given it, for a kernel that
  /// records its position (MHBT's cache); the evaluated gradient otherwise.
  virtual ConstVecRef position_gradient() const {
    throw Error(ErrorKind::kUnsupported, "this kernel keeps no gradient of its position");
  }
  /// True for a kernel that reads StochasticEval's per-datum mean gradient
  /// (pSGLD's RMSprop statistics), which a preconditioner then maps too.
  virtual bool reads_mean_gradient() const { return false; }
  /// The factor G_i by which step() scales coordinate i's step, into `out`
  /// (sized dim): true for a kernel with a metric of its own (pSGLD's
  /// RMSprop G), false (and `out` untouched) for one that moves every
  /// coordinate by eps.
  virtual bool step_metric(VecRef /*out*/) const { return false; }
  /// False when the next step() consumes an extra evaluation that is not an
  /// iteration (MHBT: the first evaluation, the adjustment proposals).
  virtual bool next_is_iteration() const { return true; }

  /// After the coordinates the chain moves in have changed (a
  /// preconditioner's window end), this kernel, freshly built at the same
  /// point in the new coordinates, takes from `previous` (built from the
  /// same settings) the state that stays meaningful there: pSGLD its
  /// RMSprop statistic, mapped by `to_new`; MHBT its adaptive beta and its
  /// acceptance counts. Momentum and caches start again. May allocate.
  virtual void carry_over(const Kernel& /*previous*/, const GradientMomentMap& /*to_new*/) {}
  /// Sets the per-coordinate second moment of gradients a kernel's metric
  /// averages (pSGLD's RMSprop statistic V, in the kernel's coordinates)
  /// to `v`, sized dim; nothing for a kernel without one. Never allocates.
  virtual void set_gradient_moment(ConstVecRef /*v*/) {}
  /// Checkpoints: everything step() reads besides the evaluation (scratch
  /// excepted). load() is called on a kernel freshly built from the same
  /// settings and start; it checks what it reads (Error(kFormat)).
  virtual void save(ByteWriter& out) const = 0;
  virtual void load(ByteReader& in) = 0;
};

}  // namespace sgmc
