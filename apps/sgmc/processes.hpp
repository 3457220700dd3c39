// How `sgmc run` spreads a run over processes (`--mpi`: mpi_processes.hpp);
// without it the run is this process's alone.
#pragma once

#include <vector>

#include "library.hpp"

namespace sgmc::app {

class Processes {
 public:
  virtual ~Processes() = default;
  /// True on the process that writes the files and prints.
  virtual bool root() const = 0;
  /// Samples `model` with `options` and this process's block of the chains
  /// into *out, as sgmc_sample() does (its status; the draws are those of
  /// one process running all). A run over processes reports no progress
  /// and is not cancelled (mpirun stops it on Ctrl-C).
  virtual sgmc_status sample(sgmc_draws** out, const sgmc_model* model,
                             const sgmc_options* options, const std::vector<double>& x0) = 0;
  /// Every process's chains, in chain order, on the root; null elsewhere.
  virtual DrawsHandle gather(const sgmc_draws* local) = 0;
};

}  // namespace sgmc::app
