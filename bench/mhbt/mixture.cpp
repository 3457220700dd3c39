// SPEC §9 experiment 7 (MHBT §3.1, Fig. 2d-f): x_i ~ 0.5 N(theta1, 2) +
// 0.5 N(theta1 + theta2, 2), N = 1e5, theta1 = 0, theta2 in {0.5, 2, 4},
// prior N(0, diag(10, 1)). The posterior has two modes, (0, theta2) and its
// label switch (theta2, -theta2). MHBT (batch 1000, c_n = 20, random walk
// tuned to about 30% acceptance) against full-batch random-walk MH on the
// posterior itself (tuned the same way), both started in the first mode.
// Output (stdout, CSV): theta2,method,iteration,x1,x2,acceptance,delta
#include <cstdio>
#include <random>

#include "models.hpp"
#include "tune.hpp"

namespace sgmc::bench {
namespace {

constexpr Index kData = 100000;

void run(double theta2, std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, std::sqrt(2.0));
  std::bernoulli_distribution second(0.5);
  Eigen::VectorXd data(kData);
  for (Index i = 0; i < kData; ++i) data[i] = normal(rng) + (second(rng) ? theta2 : 0.0);
  const MixtureModel model(std::move(data));
  const Vec start{{0.0, theta2}};
  struct Method {
    const char* name;
    SamplerConfig sampler;
    Index steps;
    Index thin;
    Index tune_steps;
  };
  // Full batch costs N = 1e5 evaluations per iteration, 100 times MHBT's.
  for (Method m : {Method{"mhbt", random_walk_mhbt(1000, 20.0, 0.1), 100000, 20, 2000},
                   Method{"full_batch", random_walk_mhbt(0, kData, 0.1), 5000, 1, 300}}) {
    m.sampler.mhbt.rw_scale = tune_delta(model, m.sampler, start, 0.3, 1, m.tune_steps);
    const auto result = sample(model, m.sampler, {m.steps, 0, m.thin}, {1, 1, m.steps, 7}, start,
                               nullptr);
    result.outcome.throw_if_fault();
    const auto& draws = result.chains[0]->draws();
    for (Index j = 0; j < draws.size(); ++j) {
      std::printf("%g,%s,%lld,%.5f,%.5f,%.4f,%.6f\n", theta2, m.name,
                  static_cast<long long>(draws.steps()[j]), draws.draws()(0, j),
                  draws.draws()(1, j), acceptance(result.chains), m.sampler.mhbt.rw_scale);
    }
  }
}

}  // namespace
}  // namespace sgmc::bench

int main() {
  std::mt19937_64 rng(7);
  std::printf("theta2,method,iteration,x1,x2,acceptance,delta\n");
  for (const double theta2 : {0.5, 2.0, 4.0}) sgmc::bench::run(theta2, rng);
}
