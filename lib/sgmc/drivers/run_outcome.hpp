// How a run ended.
#pragma once

#include <optional>

#include "sgmc/core/fault.hpp"
#include "sgmc/core/types.hpp"

namespace sgmc {

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

}  // namespace sgmc
