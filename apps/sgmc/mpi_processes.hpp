// `sgmc run --mpi`: the run's chains over the processes of MPI_COMM_WORLD,
// through libsgmc_mpi (sgmc_mpi.h, docs/runs.md); rank 0 writes the files.
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
  sgmc_status sample(sgmc_draws** out, const sgmc_model* model, const sgmc_options* options,
                     const std::vector<double>& x0) override;
  DrawsHandle gather(const sgmc_draws* local) override;

 private:
  int rank_ = 0;
};

}  // namespace sgmc::app
