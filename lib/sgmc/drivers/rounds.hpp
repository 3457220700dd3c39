// The round structure every driver shares: iterations run in rounds of
// config.progress_every, with a progress report (and a chance to cancel)
// after each.
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

/// Calls round(length) for rounds of config.progress_every iterations and
/// reports progress after each. A ModelFault thrown by round() ends the
/// run: it is kept in the outcome, whose steps_done stays at the
/// iterations of the rounds completed before (the driver may refine it).
template <typename Round>
RunOutcome run_rounds(Index n_steps, const RunConfig& config, const ProgressFn& progress,
                      Round&& round) {
  config.validate();
  RunOutcome outcome;
  while (outcome.steps_done < n_steps) {
    const Index length = std::min(config.progress_every, n_steps - outcome.steps_done);
    try {
      round(length);
    } catch (const ModelFault& fault) {
      outcome.fault = fault;
      return outcome;
    }
    outcome.steps_done += length;
    if (progress && !progress(outcome.steps_done, n_steps)) {
      outcome.cancelled = outcome.steps_done < n_steps;
      break;
    }
  }
  return outcome;
}

}  // namespace sgmc
