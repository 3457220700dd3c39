// The share of an ICSGLD iteration spent in the MPI exchange (SPEC §5): the
// all-gather of the P indices, timed around MpiExchange, against the wall
// time of the whole run, for m = 100 and 1000 subregions and P = 2..8
// chains spread over the processes of MPI_COMM_WORLD, on a cheap target
// (mix1d, where the exchange weighs most) and on a Gaussian of dimension
// 1000 (a dense 1000 x 1000 matrix-vector product per gradient). The time
// in the all-gather includes waiting for the slowest process.
// Rank 0 prints the table and writes mpi_exchange.csv.
//
// Usage: mpirun -np 2 bench_mpi_exchange [out_dir = .]
#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include "sgmc/drivers/interacting_contour.hpp"
#include "sgmc/drivers/mpi_exchange.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/synthetic.hpp"

namespace {

using sgmc::Index;
using sgmc::Vec;
using Clock = std::chrono::steady_clock;

/// Forwards to MpiExchange and adds up the time spent in the all-gather.
class TimedExchange final : public sgmc::ChainExchange {
 public:
  explicit TimedExchange(sgmc::ChainExchange& inner) : inner_(inner) {}
  sgmc::ChainBlock block(Index n_chains) const override { return inner_.block(n_chains); }
  void gather_indices(std::span<const Index> local, std::span<Index> all) override {
    const auto start = Clock::now();
    inner_.gather_indices(local, all);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
  }
  void sum_counts(std::span<Index> counts) override { inner_.sum_counts(counts); }
  void gather_values(std::span<const double> local, std::span<double> all,
                     Index per_chain) override {
    inner_.gather_values(local, all, per_chain);
  }
  double seconds = 0;

 private:
  sgmc::ChainExchange& inner_;
};

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const sgmc::Rank rank = sgmc::rank_of(MPI_COMM_WORLD);
  const std::string out_dir = argc > 1 ? argv[1] : ".";
  const auto mix1d = sgmc::make_synthetic_target("mix1d", {0.1, 0.1});
  const Index dim = 1000;
  const sgmc::GaussianModel gaussian(Vec::Zero(dim), Eigen::MatrixXd::Identity(dim, dim));
  std::ofstream out;
  if (rank.rank == 0) {
    out.open(out_dir + "/mpi_exchange.csv");
    out << "target,m,chains,processes,us_per_iteration,exchange_share\n";
    std::printf("%d processes; share of the wall time in the index all-gather\n", rank.size);
    std::printf("%-9s %6s %4s %14s %10s\n", "target", "m", "P", "us/iteration", "exchange");
  }
  for (const bool heavy : {false, true}) {
    const sgmc::Model& model = heavy ? static_cast<const sgmc::Model&>(gaussian) : *mix1d;
    for (const Index m : {100, 1000}) {
      for (const Index p : {2, 4, 8}) {
        sgmc::SamplerConfig config;
        config.kind = sgmc::SamplerKind::kIcsgld;
        config.schedule.step_size = heavy ? 1e-2 : 0.1;
        config.contour.partition = {m, heavy ? 400.0 : 2.0, 200.0 / static_cast<double>(m)};
        config.contour.field = sgmc::RandomField::kLinear;
        const Index steps = heavy ? 2000 : 50000;
        sgmc::MpiExchange mpi(MPI_COMM_WORLD, rank, p);
        TimedExchange timed(mpi);
        MPI_Barrier(MPI_COMM_WORLD);
        const auto start = Clock::now();
        sgmc::sample_interacting_contour(model, config, {steps, steps - 1, 1}, {p, 1, 100000, 3},
                                         Vec::Zero(model.dim()), {}, timed)
            .outcome.throw_if_fault();
        const double wall = std::chrono::duration<double>(Clock::now() - start).count();
        double share = timed.seconds / wall, worst = 0;
        MPI_Reduce(&share, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank.rank == 0) {
          const double us = wall / static_cast<double>(steps) * 1e6;
          const char* name = heavy ? "gauss1000" : "mix1d";
          out << name << ',' << m << ',' << p << ',' << rank.size << ',' << us << ',' << worst << '\n';
          std::printf("%-9s %6ld %4ld %14.2f %9.1f%%\n", name, static_cast<long>(m), static_cast<long>(p), us,
                      100 * worst);
        }
      }
    }
  }
  MPI_Finalize();
  return 0;
}
