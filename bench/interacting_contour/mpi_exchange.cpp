// The share of an ICSGLD iteration spent in the MPI exchange (SPEC §5): the
// all-gather of the P indices, timed around libsgmc_mpi's exchange, against the wall
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
#include <string>
#include <vector>

#include "sgmc/sgmc_mpi.h"

namespace {

using Clock = std::chrono::steady_clock;

/// libsgmc_mpi's exchange with the time spent in the index all-gather
/// added up (`base` first: the sgmc_exchange* is this struct's address).
struct TimedExchange {
  sgmc_exchange base;
  sgmc_exchange* inner;
  double seconds;
};

int timed_gather(const int64_t* local, int64_t n_local, int64_t* all, int64_t n_all, void* user) {
  auto* timed = static_cast<TimedExchange*>(user);
  const auto start = Clock::now();
  const int code = timed->inner->gather_int64s(local, n_local, all, n_all, timed->inner->user);
  timed->seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return code;
}

void check(sgmc_status status) {
  if (status != SGMC_OK) {
    std::fprintf(stderr, "%s\n", sgmc_last_error());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::string out_dir = argc > 1 ? argv[1] : ".";
  const int64_t dim = 1000;
  sgmc_model* mix1d = nullptr;
  sgmc_model* gaussian = nullptr;
  check(sgmc_model_target(&mix1d, "mix1d", 0.1, 0.1));
  std::vector<double> mean(dim, 0.0), covariance(dim * dim, 0.0);
  for (int64_t i = 0; i < dim; ++i) covariance[static_cast<std::size_t>(i * dim + i)] = 1.0;
  check(sgmc_model_gaussian(&gaussian, dim, mean.data(), covariance.data(), 0.0, 0.0));
  std::ofstream out;
  if (rank == 0) {
    out.open(out_dir + "/mpi_exchange.csv");
    out << "target,m,chains,processes,us_per_iteration,exchange_share\n";
    std::printf("%d processes; share of the wall time in the index all-gather\n", size);
    std::printf("%-9s %6s %4s %14s %10s\n", "target", "m", "P", "us/iteration", "exchange");
  }
  for (const bool heavy : {false, true}) {
    const sgmc_model* model = heavy ? gaussian : mix1d;
    const std::vector<double> x0(heavy ? dim : 1, 0.0);
    for (const int64_t m : {100, 1000}) {
      for (const int64_t p : {2, 4, 8}) {
        const int64_t steps = heavy ? 2000 : 50000;
        sgmc_options* o = nullptr;
        check(sgmc_options_create(&o));
        check(sgmc_options_set_string(o, "sampler", "icsgld"));
        check(sgmc_options_set_double(o, "step_size", heavy ? 1e-2 : 0.1));
        check(sgmc_options_set_int(o, "contour_m", m));
        check(sgmc_options_set_double(o, "contour_u1", heavy ? 400.0 : 2.0));
        check(sgmc_options_set_double(o, "contour_du", 200.0 / static_cast<double>(m)));
        check(sgmc_options_set_string(o, "contour_field", "linear"));
        check(sgmc_options_set_int(o, "n_steps", steps));
        check(sgmc_options_set_int(o, "burn_in", steps - 1));
        check(sgmc_options_set_int(o, "n_chains", p));
        check(sgmc_options_set_int(o, "threads", 1));
        check(sgmc_options_set_int(o, "progress_every", 100000));
        check(sgmc_options_set_int(o, "seed", 3));
        sgmc_exchange* mpi = nullptr;
        check(sgmc_mpi_exchange_create(&mpi, MPI_COMM_WORLD, p));
        TimedExchange timed{*mpi, mpi, 0.0};
        timed.base.gather_int64s = timed_gather;
        timed.base.user = &timed;
        sgmc_draws* draws = nullptr;
        MPI_Barrier(MPI_COMM_WORLD);
        const auto start = Clock::now();
        check(sgmc_sample_distributed(&draws, model, o, x0.data(), static_cast<int64_t>(x0.size()),
                                      &timed.base));
        const double wall = std::chrono::duration<double>(Clock::now() - start).count();
        double share = timed.seconds / wall, worst = 0;
        MPI_Reduce(&share, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        if (rank == 0) {
          const double us = wall / static_cast<double>(steps) * 1e6;
          const char* name = heavy ? "gauss1000" : "mix1d";
          out << name << ',' << m << ',' << p << ',' << size << ',' << us << ',' << worst << '\n';
          std::printf("%-9s %6ld %4ld %14.2f %9.1f%%\n", name, static_cast<long>(m),
                      static_cast<long>(p), us, 100 * worst);
        }
        sgmc_draws_destroy(draws);
        sgmc_mpi_exchange_destroy(mpi);
        sgmc_options_destroy(o);
      }
    }
  }
  sgmc_model_destroy(mix1d);
  sgmc_model_destroy(gaussian);
  MPI_Finalize();
  return 0;
}
