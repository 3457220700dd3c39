// `sgmc run --mpi`: the run's chains over the processes of MPI_COMM_WORLD,
// through libsgmc_mpi's exchange (docs/runs.md); rank 0 writes the files.
#pragma once

#include "processes.hpp"

namespace sgmc::app {

class MpiProcesses final : public Processes {
 public:
  /// Calls MPI_Init; the destructor calls MPI_Finalize.
  MpiProcesses(int& argc, char**& argv);
  ~MpiProcesses() override;
  MpiProcesses(const MpiProcesses&) = delete;
  MpiProcesses& operator=(const MpiProcesses&) = delete;

  bool root() const override { return rank_ == 0; }
  SampleResult sample(const Model& model, const Options& options, ConstVecRef x0,
                      const ProgressFn& progress) override;
  std::vector<RecordedChain> gather(const std::vector<RecordedChain>& local) override;

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace sgmc::app
