// Parallel efficiency of the drivers on a model of realistic cost: logistic
// regression (N = 1e5 rows of p = 50 features, batch 1000, about 90 us an
// evaluation), k = 2 and 4 chains, independent SGLD chains and ICSGLD
// (interacting contour SGLD: the chains share one theta, updated on the
// calling thread after every iteration of all chains). The same run is
// timed on 1 and on 2 threads (RunConfig::threads, oneTBB), side by side:
// efficiency = wall(1 thread) / (2 wall(2 threads)). The process's CPU
// time is printed too: on a shared machine the wall time of the 2-thread
// run suffers when the other jobs leave less than two cores, its CPU time
// much less, so cpu(2) / cpu(1) near 1 says the engine adds no work on 2
// threads, whatever the load; cores = cpu / wall is what each run got
// (efficiency = cpu(1) / cpu(2) * cores(2) / (2 cores(1))).
//
// First row, "model": the same model alone in two streams, one after the
// other on one thread or at once on two (time_model), the ceiling that the
// machine sets for two chains of it.
//
// Usage: bench_thread_scaling [steps = 6000] [rows = 100000]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>

#include "../common/logistic_data.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/random/batch_selector.hpp"

namespace {

using sgmc::Index;

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Timing {
  double wall = 0.0;
  double cpu = 0.0;
};

Timing time_run(const sgmc::Model& model, const sgmc::SamplerConfig& sampler, Index steps, Index chains,
                Index threads) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();
  // progress_every = steps: independent chains run each chain's whole run
  // as one task; ICSGLD stops after every iteration whatever it is.
  sgmc::sample(model, sampler, {steps, steps - 1, 1}, {chains, threads, steps, 3},
               sgmc::Vec::Zero(model.dim()), nullptr)
      .outcome.throw_if_fault();
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          process_cpu_seconds() - cpu_start};
}

/// The ceiling for that model on this machine: the model alone (a batch
/// drawn and evaluated, no engine) in two streams of `steps` evaluations,
/// one after the other on one thread, or at once on two threads. Two
/// streams of random rows share the caches and the memory: what their
/// efficiency loses, no driver could get back.
Timing time_model(const sgmc::Model& model, Index steps, bool at_once) {
  const auto stream = [&](std::uint64_t seed) {
    sgmc::BatchSelector batches(model.data_size(), 1000);
    sgmc::Rng rng(seed);
    sgmc::Vec x = sgmc::Vec::Zero(model.dim()), batch_grad(model.dim()), prior_grad(model.dim());
    sgmc::ModelTerms out{0, 0, batch_grad, prior_grad};
    for (Index s = 0; s < steps; ++s) {
      batches.next(rng);
      model.evaluate({x, batches.current(), true, 0, nullptr, nullptr}, out);
    }
  };
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();
  if (at_once) {
    std::thread other(stream, 2);
    stream(1);
    other.join();
  } else {
    stream(1);
    stream(2);
  }
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
          process_cpu_seconds() - cpu_start};
}

void print_row(const char* name, Index k, const Timing& one, const Timing& two) {
  std::printf("%-7s %3lld %9.3f %9.3f %10.3f %9.3f %9.3f %9.3f %8.2f %8.2f\n", name, static_cast<long long>(k),
              one.wall, two.wall, one.wall / (2.0 * two.wall), one.cpu, two.cpu, two.cpu / one.cpu,
              one.cpu / one.wall, two.cpu / two.wall);
}

}  // namespace

int main(int argc, char** argv) {
  const Index steps = argc > 1 ? std::atol(argv[1]) : 6000;
  const Index rows = argc > 2 ? std::atol(argv[2]) : 100000;
  const sgmc::LogisticRegression model(sgmc::bench::logistic_data(rows, 50, 11), 1.0);
  sgmc::SamplerConfig sgld;
  sgld.batch_size = 1000;
  sgld.schedule.step_size = 1e-6;
  sgmc::SamplerConfig icsgld = sgld;
  icsgld.kind = sgmc::SamplerKind::kIcsgld;
  // The energies U_hat run from N log 2 (x = 0) down to about 0.6 N.
  const double n = static_cast<double>(rows);
  icsgld.contour.partition = {100, 0.5 * n, 0.25 * n / 100.0};
  std::printf("%-7s %3s %9s %9s %10s %9s %9s %9s %8s %8s\n", "driver", "k", "wall 1 s", "wall 2 s",
              "efficiency", "cpu 1 s", "cpu 2 s", "cpu 2/1", "cores 1", "cores 2");
  print_row("model", 2, time_model(model, steps, false), time_model(model, steps, true));
  for (const auto& [name, sampler] : {std::pair<std::string, sgmc::SamplerConfig>{"sgld", sgld},
                                      std::pair<std::string, sgmc::SamplerConfig>{"icsgld", icsgld}}) {
    for (const Index k : {2, 4}) {
      print_row(name.c_str(), k, time_run(model, sampler, steps, k, 1), time_run(model, sampler, steps, k, 2));
    }
  }
}
