// Faults of the model evaluation (docs/faults.md): a user callback that
// returns an error, a model that throws, a NaN or infinite energy or
// gradient. The run options "on_fault" and "max_consecutive_faults" choose
// what a chain does with one: stop (the chain stays as it was before the
// faulty evaluation), or reject the evaluation, count it and try the same
// iteration again with a fresh batch.
#pragma once

#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/core/types.hpp"

namespace sgmc {

/// What a chain does when an evaluation of the model fails.
struct FaultPolicy {
  /// false ("error"): the fault stops the chain. true ("reject"): the
  /// evaluation is discarded and counted, and the iteration is retried at
  /// the same state with a fresh batch and fresh target noise.
  bool reject = false;
  /// Under "reject", the max_consecutive-th fault in a row of one chain
  /// stops it as under "error" (the iteration would never end otherwise).
  Index max_consecutive = 10;

  /// Throws sgmc::Error naming "max_consecutive_faults" unless it is >= 1.
  void validate() const;
};

/// "error" or "reject", the value of option "on_fault".
const char* fault_policy_name(const FaultPolicy& policy);

/// The fault that stopped a chain: kind() is the cause's (kNonFinite for a
/// NaN or infinite value, kCallback for a callback's non-zero return or a
/// model's exception, or the kind of an sgmc::Error the model threw), and
/// what() names the chain, the step and the cause. The chain is exactly as
/// it was before the faulty evaluation.
class ModelFault : public Error {
 public:
  ModelFault(ErrorKind kind, const std::string& message, Index chain, Index step)
      : Error(kind, message), chain_(chain), step_(step) {}
  /// The chain's index (its stream key).
  Index chain() const noexcept { return chain_; }
  /// The iteration whose evaluation failed (1-based).
  Index step() const noexcept { return step_; }

 private:
  Index chain_;
  Index step_;
};

}  // namespace sgmc
