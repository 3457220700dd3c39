// The warm-up's first stage (docs/warm_up.md): from x0 the kernel runs as
// its own optimizer (tau = 0) with Barzilai-Borwein steps, until the energy
// stops falling beyond its own noise. A preconditioner and the step rule
// then learn from a chain in the typical set, not from its walk there.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

class TypicalSetSearch {
 public:
  /// Iterations per block of the stopping rule.
  static constexpr Index kBlock = 25;

  /// `max_steps` >= 2 kBlock: the stage's budget; `temperature` tau of the
  /// target the chain will sample (0 is taken as 1).
  TypicalSetSearch(Index dim, Index max_steps, double temperature);

  /// The step size of the move from x, where the gradient is g and the
  /// energy u, for a kernel that scales its steps by the per-coordinate
  /// metric G (empty: G = 1). Barzilai-Borwein's second step
  /// <dx, dg> / <dg, G dg>, which is 1/lambda along the path on a quadratic
  /// and shrinks where gradient noise dominates the differences; at most
  /// twice the last step (no floor: a floor set by a flat stretch, or by the
  /// first move from a near-stationary x0, would overshoot a sharp mode).
  /// Never allocates.
  double step(ConstVecRef x, ConstVecRef g, ConstVecRef metric, double u);
  /// Counts the iteration just moved; true once the stage is over: the mean
  /// energy of a block of kBlock iterations fell from the block before by
  /// less than twice its standard error (the trend is lost in the noise) or
  /// by less than a tenth of tau sqrt(d / 2), the energy's standard
  /// deviation in the typical set of a d-dimensional Gaussian (the rest of
  /// the way is as well walked by the sampler, in the metric its windows
  /// learn); or max_steps were made.
  bool end_iteration();

  bool done() const { return done_; }
  /// Iterations the stage ran.
  Index steps() const { return steps_; }
  /// The smallest Barzilai-Borwein step of the search (the first move's
  /// when there was none): 1/lambda of the stiffest direction its path
  /// crossed where the energy is quadratic. The last step may be far longer
  /// (1/lambda of the widest direction, where the search ends).
  double smallest_step() const { return smallest_ > 0.0 ? smallest_ : eps_; }
  /// True when the energy's trend stopped it (false: its budget did).
  bool converged() const { return converged_; }

  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  Index max_steps_;
  double negligible_;  ///< tau sqrt(d / 2) / 10
  Index steps_ = 0;
  bool done_ = false;
  bool converged_ = false;
  bool started_ = false;  ///< a previous point is held
  Vec x_prev_;
  Vec g_prev_;
  Vec dx_;  ///< scratch
  Vec dg_;  ///< scratch
  double eps_ = 0.0;
  double smallest_ = 0.0;
  // The stopping rule: the current block's energies and the last block's summary.
  Index block_count_ = 0;
  double block_mean_ = 0.0;
  double block_m2_ = 0.0;
  Index blocks_ = 0;
  double last_mean_ = 0.0;
  double last_var_ = 0.0;
};

}  // namespace sgmc
