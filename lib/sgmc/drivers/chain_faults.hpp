// The faults that stop chains within one pass of a driver (docs/faults.md):
// each chain catches its own, the other chains go on to the end of the
// pass, and the driver then reports the fault of the lowest chain index, so
// that how a run ends never depends on the number of threads.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "sgmc/core/fault.hpp"

namespace sgmc {

class ChainFaults {
 public:
  explicit ChainFaults(std::size_t n_chains) : faults_(n_chains) {}

  /// Runs body(); a ModelFault it throws is kept as chain c's. Safe to call
  /// for distinct chains at once.
  template <typename Body>
  void guard(std::size_t c, Body&& body) {
    try {
      body();
    } catch (const ModelFault& fault) {
      faults_[c] = fault;
    }
  }

  /// True when chain c has stopped with a fault.
  bool has(std::size_t c) const { return faults_[c].has_value(); }
  /// The fault of chain c; precondition has(c).
  const ModelFault& fault(std::size_t c) const { return *faults_[c]; }
  /// Throws the fault of the lowest chain that has one; returns when none has.
  void rethrow_first() const {
    for (const auto& f : faults_) {
      if (f) throw *f;
    }
  }

 private:
  std::vector<std::optional<ModelFault>> faults_;
};

}  // namespace sgmc
