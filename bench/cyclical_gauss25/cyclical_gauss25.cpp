// SPEC §9 experiment 5 (cSG-MCMC App. A.1): modes of gauss25 covered by
// SGLD, cSGLD, parallel SGLD and parallel cSGLD at the paper's settings,
// over repeated runs, with the wall time of each and a picture of the draws
// of the first run of each method.
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <vector>

#include "scatter_png.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/gauss25_experiment.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/synthetic.hpp"
#include "../common/command_line.hpp"

namespace sgmc {
namespace {

using gauss25::kGradNoise;
using gauss25::kMinDraws;
using gauss25::kRadius;

struct Method {
  std::string label;
  std::string file;
  SamplerConfig config;
  Index chains;
};

std::vector<Method> methods(Index steps, double eps0) {
  SamplerConfig sgld;  // eps_k = 0.05 k^-0.55, every iterate recorded
  sgld.schedule = {.kind = ScheduleKind::kPolynomial, .step_size = 0.05, .power = 0.55};
  SamplerConfig cycsgld;  // M = 30, eps0 = 0.09 (the paper's), beta = 1/4
  cycsgld.kind = SamplerKind::kCycSgld;
  cycsgld.schedule = {.kind = ScheduleKind::kCyclical, .step_size = eps0, .total = steps,
                      .cycles = 30, .exploration = 0.25};
  return {{"SGLD", "sgld", sgld, 1},
          {"cSGLD", "csgld", cycsgld, 1},
          {"parallel SGLD (4 chains)", "parallel_sgld", sgld, 4},
          {"parallel cSGLD (4 chains)", "parallel_csgld", cycsgld, 4}};
}

/// Every chain's draws side by side (2 x total).
Eigen::MatrixXd pooled(const SampleResult& result) {
  Index total = 0;
  for (const auto& chain : result.chains) total += chain->draws().size();
  Eigen::MatrixXd all(2, total);
  Index at = 0;
  for (const auto& chain : result.chains) {
    all.middleCols(at, chain->draws().size()) = chain->draws().draws();
    at += chain->draws().size();
  }
  return all;
}

struct Summary {
  double mean = 0;
  double sd = 0;
};

Summary summarise(const std::vector<double>& v) {
  Summary s;
  for (const double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  for (const double x : v) s.sd += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(s.sd / static_cast<double>(v.size() - 1)) : 0.0;
  return s;
}

void run(Index steps, Index runs, Index threads, double eps0, const std::string& out_dir) {
  const auto model = make_synthetic_target("gauss25", TargetNoise{0.0, kGradNoise});
  const auto names = model->parameter_names();
  const Eigen::MatrixXd centres = gauss25_centres();
  std::cout << "gauss25, gradient noise N(0, I); " << steps << " iterations per chain, " << runs
            << " runs; covered = >= " << kMinDraws << " draws within " << kRadius << "\n\n"
            << std::left << std::setw(28) << "method" << std::right << std::setw(16)
            << "modes (mean)" << std::setw(8) << "sd" << std::setw(10) << "draws"
            << std::setw(14) << "seconds/run" << "   per run\n";
  for (const auto& m : methods(steps, eps0)) {
    std::vector<double> covered;
    double seconds = 0;
    Index draws = 0;
    for (Index r = 0; r < runs; ++r) {
      const auto seed = static_cast<std::uint64_t>(r + 1);
      // Starts uniform on [-10, 10]^2, the same for every method in a run.
      Rng start_rng = Rng::stream(seed, 0, StreamPurpose::kMoves);
      Vec starts(2 * m.chains);
      for (double& s : starts) s = -10.0 + 20.0 * start_rng.uniform();
      const auto start = std::chrono::steady_clock::now();
      const auto result =
          sample(*model, m.config, {steps, 0, 1}, {m.chains, threads, steps, seed}, starts, nullptr);
      result.outcome.throw_if_fault();
      seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const Eigen::MatrixXd all = pooled(result);
      draws = all.cols();
      covered.push_back(static_cast<double>(mode_coverage(all, centres, kRadius, kMinDraws).covered));
      if (r == 0) {
        app::write_scatter_png(out_dir + "/" + m.file + ".png",
                               {{m.label + ", run 1: " + std::to_string(static_cast<Index>(covered[0])) +
                                     " of 25 modes",
                                 all, centres, {}}},
                               -6.0, 6.0, names[0], names[1]);
      }
    }
    const auto s = summarise(covered);
    std::cout << std::left << std::setw(28) << m.label << std::right << std::fixed
              << std::setprecision(1) << std::setw(16) << s.mean << std::setw(8) << s.sd
              << std::setw(10) << draws << std::setprecision(3) << std::setw(14)
              << seconds / static_cast<double>(runs) << "  ";
    for (const double c : covered) std::cout << " " << static_cast<Index>(c);
    std::cout << "\n";
  }
}

}  // namespace
}  // namespace sgmc

int main(int argc, char** argv) {
  sgmc::bench::CommandLine app{"SPEC §9 experiment 5: mode coverage of SGLD and cSGLD on gauss25"};
  sgmc::Index steps = 50000, runs = 10, threads = 0;
  double eps0 = 0.09;
  std::string out_dir = ".";
  app.option("--steps", steps, "iterations per chain", sgmc::bench::Check::kPositive);
  app.option("--runs", runs, "independent runs per method", sgmc::bench::Check::kPositive);
  app.option("--threads", threads, "worker threads (0 = all cores)", sgmc::bench::Check::kNonNegative);
  app.option("--csgld-step-size", eps0, "eps0 of cSGLD", sgmc::bench::Check::kPositive);
  app.option("--out-dir", out_dir, "folder for the pictures");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  try {
    sgmc::run(steps, runs, threads, eps0, out_dir);
  } catch (const std::runtime_error& e) {  // sgmc::Error, or a picture that cannot be written
    std::cerr << "cyclical_gauss25: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
