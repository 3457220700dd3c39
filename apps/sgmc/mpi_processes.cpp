#include "mpi_processes.hpp"

#include <memory>

#include "callback_exchange.hpp"
#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/drivers/execute.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/sgmc_mpi.h"

namespace sgmc::app {

MpiProcesses::MpiProcesses(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiProcesses::~MpiProcesses() { MPI_Finalize(); }

SampleResult MpiProcesses::sample(const Model& model, const Options& options, ConstVecRef x0,
                                  const ProgressFn& progress) {
  if (checkpointing(options).writes()) {
    throw Error(ErrorKind::kUnsupported,
                "--mpi writes no checkpoints: drop --checkpoint and option checkpoint_file");
  }
  const RunConfig config = run_config(options);
  const RecordPolicy record = record_policy(options);
  sgmc_exchange* mpi = nullptr;
  if (sgmc_mpi_exchange_create(&mpi, MPI_COMM_WORLD, config.n_chains) != SGMC_OK) {
    throw Error(ErrorKind::kInvalidArgument, sgmc_last_error());
  }
  const std::unique_ptr<sgmc_exchange, void (*)(sgmc_exchange*)> owned(mpi, sgmc_mpi_exchange_destroy);
  capi::CallbackExchange processes(mpi, config.n_chains);
  const ProgressFn report = [&progress](Index done, Index total) {
    if (progress) progress(done, total);
    return true;
  };
  return sample_with(make_driver({model.dim(), model.data_size()}, sampler_config(options), record,
                                 config, x0, false, processes),
                     model, record.n_steps, config, report, {});
}

std::vector<RecordedChain> MpiProcesses::gather(const std::vector<RecordedChain>& local) {
  ByteWriter out;
  for (const auto& chain : local) save_recorded(out, chain);
  const std::vector<std::uint8_t> mine = out.release();
  if (mine.size() > 2147483647u) throw Error(ErrorKind::kUnsupported, "the draws exceed 2 GiB, MPI's count limit");
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<std::size_t>(size_)), offsets(lengths.size(), 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::size_t total = 0;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = static_cast<int>(total);
    total += static_cast<std::size_t>(lengths[r]);
  }
  std::vector<std::uint8_t> all(root() ? total : 0);
  MPI_Gatherv(mine.data(), length, MPI_BYTE, all.data(), lengths.data(), offsets.data(), MPI_BYTE,
              0, MPI_COMM_WORLD);
  std::vector<RecordedChain> chains;
  ByteReader in(all);
  while (!in.at_end()) chains.push_back(load_recorded(in));
  return chains;
}

}  // namespace sgmc::app
