#include "mpi_processes.hpp"


#include "sgmc/sgmc_mpi.h"

namespace sgmc::app {

MpiProcesses::MpiProcesses(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
}

MpiProcesses::~MpiProcesses() { MPI_Finalize(); }

sgmc_status MpiProcesses::sample(sgmc_draws** out, const sgmc_model* model,
                                 const sgmc_options* options, const std::vector<double>& x0) {
  const char* checkpoint = nullptr;
  check(sgmc_options_get_string(options, "checkpoint_file", &checkpoint));
  if (checkpoint[0] != '\0') {
    throw Failure("--mpi writes no checkpoints: drop --checkpoint and option checkpoint_file",
                  SGMC_ERROR_UNSUPPORTED);
  }
  return sgmc_mpi_sample(out, model, options, x0.data(), static_cast<int64_t>(x0.size()),
                         MPI_COMM_WORLD);
}

DrawsHandle MpiProcesses::gather(const sgmc_draws* local) {
  sgmc_draws* all = nullptr;
  check(sgmc_mpi_gather_draws(&all, local, 0, MPI_COMM_WORLD));
  return DrawsHandle(all);
}

}  // namespace sgmc::app
