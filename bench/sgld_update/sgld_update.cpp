// The SGLD update x <- x - eps g + sqrt(2 eps tau) w, w ~ N(0, I), with a
// fixed precomputed gradient g, in double precision on one thread:
// nanoseconds per parameter per step at d = 1e3, 1e5, 1e6 (median of 9
// timings of ~0.1 s each). torch_sgld_update.py does the same with PyTorch;
// run.sh runs both side by side.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sgmc/samplers/sgld.hpp"

namespace {

double ns_per_parameter(std::size_t d) {
  using clock = std::chrono::steady_clock;
  const auto dim = static_cast<sgmc::Index>(d);
  const sgmc::Vec g = sgmc::Vec::LinSpaced(dim, -1.0, 1.0);
  // The engine's own SGLD kernel, as every sampler run uses it.
  sgmc::Sgld kernel(sgmc::Vec::Zero(dim));
  sgmc::NormalSource noise(sgmc::Rng{1});
  const sgmc::StochasticEval eval{0.0, g, g, 1.0};
  const sgmc::StepInfo info{1, 1e-4, 1.0};  // eps = 1e-4, tau = 1
  const auto run = [&](long steps) {
    const auto start = clock::now();
    for (long s = 0; s < steps; ++s) kernel.step(eval, info, noise);
    return std::chrono::duration<double>(clock::now() - start).count();
  };
  long steps = 1;  // doubled until one timing takes 0.1 s; this also warms up
  while (run(steps) < 0.1) steps *= 2;
  std::array<double, 9> timings{};
  for (double& t : timings) t = run(steps) * 1e9 / (static_cast<double>(steps) * static_cast<double>(d));
  std::nth_element(timings.begin(), timings.begin() + 4, timings.end());
  if (!kernel.position().allFinite()) std::abort();
  return timings[4];
}

}  // namespace

int main() {
  std::printf("d\tsgmc_f64_ns\n");
  for (const std::size_t d : {1'000, 100'000, 1'000'000}) std::printf("%zu\t%.3f\n", d, ns_per_parameter(d));
}
