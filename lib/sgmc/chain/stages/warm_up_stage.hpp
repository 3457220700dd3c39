// The automatic warm-up (docs/warm_up.md) as a chain stage, first in the
// list: over the burn-in it sets each iteration's step size and
// temperature, which the schedule would otherwise give. First the typical-set
// search (typical_set_search.hpp) moves the kernel as its optimizer from x0;
// then windows, laid out as the preconditioner's and ending with them, run
// the sampler at the step the last window's curvature and gradient noise
// gave (step_rule.hpp); while the tenfold limit on a window's growth cuts
// the rule's step, short windows inside them measure it again. At the
// burn-in's end the chosen step becomes the schedule's step_size (and
// SGHMC's friction the kernel's), so that the recorded iterations run
// exactly as a run given those settings would.
// MHBT's windows instead measure its mean acceptance probability and choose
// its proposal's scale from it (step_rule.hpp mh_scale), rebuilding the
// kernel with the scale at each window's end.
#pragma once

#include <memory>
#include <vector>

#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/chain/stage.hpp"
#include "sgmc/chain/step_rule.hpp"
#include "sgmc/chain/typical_set_search.hpp"
#include "sgmc/chain/window_moments.hpp"

namespace sgmc {

/// What the warm-up chose, for the record (record_fields.cpp).
struct WarmUpReport {
  Index search_steps = 0;        ///< iterations of the typical-set search
  bool search_converged = false; ///< its energy stopped falling (false: its budget ran out)
  Index windows = 0;             ///< windows that gave a curvature
  StepChoice choice;             ///< the last window's rule (MHBT: step_size is its scale)
  double acceptance = 0.0;       ///< MHBT: the last window's mean acceptance probability
};

class WarmUpStage final : public ChainStage {
 public:
  /// `config` is the chain's own, whose step size and friction the stage
  /// sets; `precond` the chain's preconditioner (null when off), read
  /// through the reference as PreconditionStage reads it. `burn_in` >=
  /// kMinAutoWarmUp is the warm-up's length; `data_size` N.
  WarmUpStage(SamplerConfig& config, const std::unique_ptr<Preconditioner>& precond, Index dim,
              Index burn_in, bool mean_gradient);

  /// Sets the iteration's step and temperature, and adds its move to the
  /// window's sums. Never allocates.
  void transform(StageStep& step, const Kernel& kernel) override;
  /// A window's end: the rule's step (and friction: true, the kernel is
  /// rebuilt with it). Runs after the preconditioner's, whose new L the
  /// curvature is mapped with. Allocates only at the search's and a
  /// window's end.
  bool end_iteration(Index k) override;
  /// MHBT: adds the iteration's acceptance probability min(1, r) to the
  /// window's. Never allocates.
  bool filter(const StageStep& step, Kernel& kernel, ConstVecRef position) override;
  /// After a window's end and the kernel's rebuild: pSGLD's RMSprop
  /// statistic V becomes the window's mean gbar^2, the V the next step was
  /// chosen for. V's running mean (a = 0.999 when the step is chosen)
  /// otherwise keeps the search's gradients, taken far from the typical set
  /// at tau = 0, for thousands of iterations: on kidiq's kidscore_momiq its
  /// G was 0.001-0.1 after the search where the rule's was 20-120, and
  /// still 0.001 7,000 iterations later (docs/warm_up.md, "pSGLD's
  /// metric"). Never allocates.
  void settle(Kernel& kernel);

  bool finished() const { return finished_; }
  const WarmUpReport& report() const { return report_; }
  /// The windows' last iterations (empty until the search is over).
  const std::vector<Index>& window_ends() const { return ends_; }

  /// Checkpoints; load() also lays the preconditioner's windows out again,
  /// so it comes before the preconditioner's.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  /// The rule's input: the kernel's dynamics, temperature and bias, and
  /// pSGLD's metric from the window's mean gradients.
  StepRuleInput rule_input() const;
  /// pSGLD: the window's mean gbar^2 in the kernel's coordinates y.
  Vec window_moment() const;
  /// The windows over (first, burn_in], the preconditioner's where there is
  /// one (laid out again from `first`), then up to the burn-in's end.
  void lay_windows(Index first);
  /// Sets the schedule so that its first recorded step is eps_ (the
  /// cyclical schedule: its first sampling step), and the friction.
  void finish();
  /// MHBT: the first window's scale, from the search's smallest step.
  double first_mh_scale() const;
  /// MHBT's window end: the next scale from the window's acceptance (true:
  /// the kernel is rebuilt with it).
  bool end_mh_window();
  /// MHBT: puts eps_ where the kernel reads its scale (rw_scale or step_size).
  void apply_mh_scale();

  SamplerConfig& config_;
  const std::unique_ptr<Preconditioner>& precond_;
  bool mhbt_;              ///< MHBT: windows measure acceptance, not curvature
  Index burn_in_;
  TypicalSetSearch search_;
  WindowMoments moments_;  ///< the window's moves dx and gradient changes dg, in x
  Vec x_prev_;             ///< the last evaluated point and its gradient
  Vec g_prev_;
  bool has_prev_ = false;
  Vec dx_;                 ///< scratch
  Vec dg_;                 ///< scratch
  Eigen::MatrixXd mean_grad_square_;  ///< pSGLD: sum of gbar gbar' (column: of gbar^2), in x
  Index mean_grad_count_ = 0;
  Vec gbar_;         ///< scratch: pSGLD's per-datum mean gradient
  Vec metric_;       ///< scratch: the kernel's step metric
  Vec moment_;       ///< pSGLD: the last window's mean gbar^2 in y, for settle()
  bool moment_due_ = false;  ///< a window ended and settle() has not yet set moment_
  /// A short window's length (the shortest the rule can measure with), and
  /// where the one under way ends (0: at ends_[window_]).
  Index ramp_window_;
  Index ramp_end_ = 0;
  std::vector<Index> ends_;
  Index window_ = 0;
  double eps_ = 0.0;       ///< the step the windows run at (MHBT: its proposal's scale)
  double accept_sum_ = 0.0;  ///< MHBT: the window's sum of min(1, r)
  Index accept_count_ = 0;
  bool finished_ = false;
  WarmUpReport report_;
};

}  // namespace sgmc
