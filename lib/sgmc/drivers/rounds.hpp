// The round structure every driver shares: iterations run in rounds that
// end at the multiples of config.progress_every and of the checkpoint
// interval, with a progress report (and a chance to cancel) at the former
// and a checkpoint at the latter and whenever the run stops.
#pragma once

#include <algorithm>
#include <optional>

#include "sgmc/core/fault.hpp"
#include "sgmc/drivers/run_config.hpp"

namespace sgmc {

/// How a run ended.
struct RunOutcome {
  Index steps_done = 0;  ///< iterations made by every chain
  bool cancelled = false;
  /// The fault of the model that stopped the run (policy "error", or
  /// max_consecutive_faults under "reject"; docs/faults.md), if one did.
  /// The chains keep what they recorded before it.
  std::optional<ModelFault> fault;

  /// Throws `fault`, if a fault stopped the run: for callers that want
  /// every draw or an exception.
  void throw_if_fault() const {
    if (fault) throw *fault;
  }
};

/// Where a run starts and when it saves itself (sgmc/checkpoint).
struct RoundPlan {
  Index start = 0;             ///< iterations already made (a resumed run)
  bool checkpoints = false;    ///< save() is called at all
  Index checkpoint_every = 0;  ///< 0: only when the run stops
};

/// Calls round(length) from plan.start to n_steps in rounds; reports
/// progress at multiples of config.progress_every and at the end; calls
/// save(steps_done) at multiples of plan.checkpoint_every and when the run
/// stops (finished or cancelled), if plan.checkpoints. Round boundaries are
/// multiples, so a resumed run splits its iterations as the original did.
/// A ModelFault thrown by round() ends the run: it is kept in the outcome,
/// whose steps_done stays at the iterations of the rounds completed before
/// (the driver may refine it); no checkpoint is written then, so the last
/// one stays the state of a whole round.
template <typename Round, typename Save>
RunOutcome run_rounds(Index n_steps, const RunConfig& config, const ProgressFn& progress,
                      const RoundPlan& plan, Round&& round, Save&& save) {
  config.validate();
  RunOutcome outcome;
  outcome.steps_done = plan.start;
  const auto next = [&](Index every) {
    return every > 0 ? (outcome.steps_done / every + 1) * every : n_steps;
  };
  while (outcome.steps_done < n_steps) {
    const Index end = std::min({next(config.progress_every), next(plan.checkpoint_every), n_steps});
    try {
      round(end - outcome.steps_done);
    } catch (const ModelFault& fault) {
      outcome.fault = fault;
      return outcome;
    }
    outcome.steps_done = end;
    if ((end % config.progress_every == 0 || end == n_steps) && progress &&
        !progress(end, n_steps)) {
      outcome.cancelled = end < n_steps;
    }
    const bool stops = end == n_steps || outcome.cancelled;
    const bool due = plan.checkpoint_every > 0 && end % plan.checkpoint_every == 0;
    if (plan.checkpoints && (stops || due)) save(end);
    if (outcome.cancelled) break;
  }
  return outcome;
}

/// The same without checkpoints, from iteration 0.
template <typename Round>
RunOutcome run_rounds(Index n_steps, const RunConfig& config, const ProgressFn& progress,
                      Round&& round) {
  return run_rounds(n_steps, config, progress, RoundPlan{}, round, [](Index) {});
}

}  // namespace sgmc
