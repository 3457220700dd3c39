// How `sgmc run` spreads a run over processes (`--mpi`: mpi_processes.hpp);
// without it the run is this process's alone.
#pragma once

#include <vector>

#include "sgmc/chain/recorded_chain.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc::app {

class Processes {
 public:
  virtual ~Processes() = default;
  /// True on the process that writes the files and prints.
  virtual bool root() const = 0;
  /// sample() of `options` with this process's block of the chains; the
  /// draws are those of one process running all. `progress` only reports:
  /// a run over processes is not cancelled (mpirun stops it on Ctrl-C).
  virtual SampleResult sample(const Model& model, const Options& options, ConstVecRef x0,
                              const ProgressFn& progress) = 0;
  /// Every process's chains, in chain order, on the root; none elsewhere.
  virtual std::vector<RecordedChain> gather(const std::vector<RecordedChain>& local) = 0;
};

}  // namespace sgmc::app
