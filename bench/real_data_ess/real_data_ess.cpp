// SPEC §9 experiment 9 (cSG-MCMC App. A.2 analogue): Bayesian logistic
// regression on two real tables (Wisconsin breast cancer; Pima, training and
// test parts joined), features standardised, prior N(0, I). SGLD, cSGLD,
// SGHMC and cSGHMC keep 5000 draws after 1000 burn-in iterations (the
// cyclical samplers record only their sampling stages, so they run longer
// for the same 5000 draws; their first exploration stage covers the burn-in).
//
// Step sizes are tuned on a grid with pilot chains of other seeds: the
// largest median ESS among the step sizes whose draws agree with a
// reference posterior, because a larger step raises ESS while biasing the
// stationary law (or diverges). The reference is full-batch SGLD (the
// unadjusted Langevin algorithm) at a small step, run long: its bias is a
// few per cent of a standard deviation in the stiffest direction. (Exact
// MALA through MHBT with c_n = N needs eps below 2 / (N^2 |g|^2), about
// 1e-6 here, and then does not mix in the flat directions.) Every grid
// point is written out, the chosen ones marked "final".
//
// Output (CSV, stdout or --out): dataset, sampler, eps, role (pilot/final),
// draws per chain, median over chains of the median over coordinates of
// the bulk ESS, its min and max over chains, seconds per chain, ESS per
// second, and the agreement with the reference (median |mean error| / sd,
// median sd ratio).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <vector>

#include "../common/bench_io.hpp"
#include "../common/real_data.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/ess.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/logistic_regression.hpp"

namespace sgmc::bench {
namespace {

constexpr Index kBurnIn = 1000;
constexpr Index kDraws = 5000;
constexpr Index kBatch = 32;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Moments {
  Vec mean, sd;
};

/// Mean and sd per coordinate over every chain's draws.
Moments moments(const ChainList& chains) {
  const Index d = chains.front()->dim();
  Vec sum = Vec::Zero(d), sum2 = Vec::Zero(d);
  double n = 0;
  for (const auto& chain : chains) {
    const auto draws = chain->draws().draws();
    sum += draws.rowwise().sum();
    sum2 += draws.array().square().matrix().rowwise().sum();
    n += static_cast<double>(draws.cols());
  }
  const Vec mean = sum / n;
  return {mean, (sum2 / n - mean.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt()};
}

SamplerConfig sampler(SamplerKind kind, double eps) {
  SamplerConfig config;
  config.kind = kind;
  config.batch_size = kBatch;
  config.schedule.step_size = eps;
  if (is_cyclical(kind)) {
    // SPEC §3 defaults: M = 4 cycles, exploration beta = 0.8; total K so
    // that the sampling stages hold kDraws iterations.
    config.schedule.kind = ScheduleKind::kCyclical;
    config.schedule.cycles = kCyclicalSamplerCycles;
    config.schedule.exploration = kCyclicalSamplerExploration;
    config.schedule.total =
        static_cast<Index>(std::lround(kDraws / (1.0 - kCyclicalSamplerExploration)));
  }
  return config;
}

struct Run {
  ChainList chains;  ///< empty when a chain diverged (non-finite energy)
  double seconds_per_chain;
};

Run run(const Model& model, const SamplerConfig& config, Index n_steps, Index burn_in,
        Index n_chains, std::uint64_t seed, Index thin = 1) {
  RunConfig run_config;
  run_config.n_chains = n_chains;
  run_config.threads = 1;  // one chain at a time, so the wall time is the chain's
  run_config.seed = seed;
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
           static_cast<double>(n_chains);
  };
  try {
    auto result = sample(model, config, {n_steps, burn_in, thin}, run_config,
                         Vec::Zero(model.dim()), {});
    result.outcome.throw_if_fault();
    return {std::move(result.chains), seconds()};
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kNonFinite) throw;
    return {{}, seconds()};
  }
}

struct Row {
  double ess_median, ess_min, ess_max, mean_error, sd_ratio;
  Index draws;
};

Row summarise(const ChainList& chains, const Moments& reference) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (chains.empty()) return {nan, nan, nan, nan, nan, 0};  // diverged
  std::vector<double> per_chain;
  for (const auto& chain : chains) {
    const auto draws = chain->draws().draws();
    std::vector<double> per_coordinate;
    for (Index j = 0; j < draws.rows(); ++j) per_coordinate.push_back(ess_bulk(draws.row(j).transpose()));
    per_chain.push_back(median(per_coordinate));
  }
  const Moments m = moments(chains);
  std::vector<double> error, ratio;
  for (Index j = 0; j < m.mean.size(); ++j) {
    error.push_back(std::abs(m.mean(j) - reference.mean(j)) / reference.sd(j));
    ratio.push_back(m.sd(j) / reference.sd(j));
  }
  return {median(per_chain), *std::min_element(per_chain.begin(), per_chain.end()),
          *std::max_element(per_chain.begin(), per_chain.end()), median(error), median(ratio),
          chains.front()->draws().size()};
}

/// The stationary law is close enough to the posterior to count its ESS.
bool agrees(const Row& row) {
  return std::isfinite(row.ess_median) && row.mean_error < 0.25 && row.sd_ratio > 0.8 &&
         row.sd_ratio < 1.25;
}

struct DataSpec {
  const char* name;
  Table table;
};

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc;
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"SPEC §9 experiment 9: median ESS of SG-MCMC on real logistic regression"};
  BenchIo io;
  Index chains = 4, reference_steps = 400000;
  bool quick = false;
  io.add_options(app);
  app.option("--chains", chains, "chains (seeds) per run");
  app.option("--reference-steps", reference_steps, "MALA reference iterations per chain");
  app.flag("--quick", quick, "smoke test: one dataset, three step sizes, short reference");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  if (quick) reference_steps = 20000;

  try {
    std::vector<DataSpec> sets;
    sets.push_back({"breast_cancer", read_table(io.data_dir + "/breast_cancer.csv", "benign")});
    if (!quick) {
      sets.push_back({"pima", join(read_table(io.data_dir + "/pima_tr.csv", "type"),
                                   read_table(io.data_dir + "/pima_te.csv", "type"))});
    }
    const std::vector<double> grid =
        quick ? std::vector<double>{1e-4, 1e-3, 1e-2}
              : std::vector<double>{1e-5, 3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2};
    std::ostream& out = io.out();
    out << "dataset,sampler,eps,role,draws,ess_median,ess_min,ess_max,seconds_per_chain,"
           "ess_per_second,mean_error,sd_ratio\n";
    const auto write = [&](const char* set, std::string_view name, double eps, const char* role,
                           const Row& r, double seconds) {
      char line[512];
      std::snprintf(line, sizeof line, "%s,%s,%g,%s,%lld,%.1f,%.1f,%.1f,%.4f,%.1f,%.3f,%.3f\n", set,
                    std::string(name).c_str(), eps, role, static_cast<long long>(r.draws),
                    r.ess_median, r.ess_min, r.ess_max, seconds, r.ess_median / seconds,
                    r.mean_error, r.sd_ratio);
      out << line;
      out.flush();
    };

    for (auto& set : sets) {
      standardise(set.table, set.table);
      const LogisticRegression model(dataset(set.table), 1.0);
      const double n = static_cast<double>(model.data_size());
      // The reference: full-batch SGLD at a step well inside its stability
      // limit, every 10th iterate kept.
      SamplerConfig ula;
      ula.schedule.step_size = 3e-5 * 569.0 / n;
      const Run reference_run = run(model, ula, reference_steps, reference_steps / 10, chains, 99, 10);
      if (reference_run.chains.empty()) throw std::runtime_error("the reference run diverged");
      const Moments reference = moments(reference_run.chains);
      write(set.name, "full_batch_sgld_reference", ula.schedule.step_size, "reference",
            summarise(reference_run.chains, reference), reference_run.seconds_per_chain);

      for (const SamplerKind kind :
           {SamplerKind::kSgld, SamplerKind::kCycSgld, SamplerKind::kSghmc, SamplerKind::kCycSghmc}) {
        double best_eps = 0, best_ess = -1;
        for (const double eps : grid) {
          const SamplerConfig config = sampler(kind, eps);
          const Index steps = is_cyclical(kind) ? config.schedule.total : kBurnIn + kDraws;
          const Run pilot = run(model, config, steps, kBurnIn, chains, 1000);
          const Row row = summarise(pilot.chains, reference);
          write(set.name, sampler_name(kind), eps, "pilot", row, pilot.seconds_per_chain);
          if (agrees(row) && row.ess_median > best_ess) best_ess = row.ess_median, best_eps = eps;
        }
        if (best_ess < 0) {
          std::cerr << "real_data_ess: no step size agrees with the reference for "
                    << sampler_name(kind) << " on " << set.name << "\n";
          continue;
        }
        const SamplerConfig config = sampler(kind, best_eps);
        const Index steps = is_cyclical(kind) ? config.schedule.total : kBurnIn + kDraws;
        const Run final_run = run(model, config, steps, kBurnIn, chains, 1);
        write(set.name, sampler_name(kind), best_eps, "final",
              summarise(final_run.chains, reference), final_run.seconds_per_chain);
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "real_data_ess: " << e.what() << "\n";
    return 1;
  }
}
