#include "demo.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <vector>

#include "scatter_png.hpp"
#include "sgmc/diagnostics/gauss25_experiment.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc::app {
namespace {

// gauss25 (SPEC §9, cSG-MCMC A.1): 25 modes on {-4,-2,0,2,4}^2; a mode
// counts as found by the criterion of cSG-MCMC App. A.1.
using gauss25::kGradNoise;
using gauss25::kMinDraws;
using gauss25::kRadius;

struct Contender {
  std::string label;
  SamplerConfig config;
};

std::vector<Contender> contenders() {
  SamplerConfig sgld;
  sgld.schedule = {.kind = ScheduleKind::kPolynomial, .step_size = 0.05, .power = 0.55};
  SamplerConfig sghmc;
  sghmc.kind = SamplerKind::kSghmc;
  sghmc.schedule.step_size = 5e-3;
  sghmc.sghmc.friction = 0.05;
  SamplerConfig psgld;
  psgld.kind = SamplerKind::kPsgld;
  psgld.schedule.step_size = 0.02;
  // cSGLD with the settings of SPEC §9 experiment 5 (M = 30 over 5e4 steps).
  SamplerConfig cycsgld;
  cycsgld.kind = SamplerKind::kCycSgld;
  cycsgld.schedule = {.kind = ScheduleKind::kCyclical, .step_size = 0.09, .cycles = 30,
                      .exploration = 0.25};
  return {{"SGLD", sgld}, {"pSGLD", psgld}, {"SGHMC", sghmc}, {"cSGLD", cycsgld}};
}

}  // namespace

void run_demo(const DemoOptions& options, std::ostream& out) {
  const auto model = make_synthetic_target("gauss25", TargetNoise{0.0, kGradNoise});
  const Eigen::MatrixXd centres = gauss25_centres();
  // Starts uniform on [-10, 10]^2, the same for every sampler.
  Rng start_rng = Rng::stream(options.seed, 0, StreamPurpose::kMoves);
  Vec starts(2 * options.chains);
  for (double& s : starts) s = -10.0 + 20.0 * start_rng.uniform();

  out << "sgmc demo: gauss25, a mixture of 25 Gaussians on a 5 x 5 grid, gradient noise N(0, I)\n"
      << options.chains << " chains x " << options.steps << " iterations per sampler\n\n"
      << std::left << std::setw(8) << "sampler" << std::right << std::setw(14) << "modes found"
      << std::setw(12) << "mean x1" << std::setw(12) << "mean x2" << std::setw(12) << "seconds"
      << "\n";
  std::vector<ScatterPanel> panels;
  for (auto c : contenders()) {
    c.config.schedule.total = options.steps;
    c.config.schedule.cycles = std::min(c.config.schedule.cycles, options.steps);
    const auto start = std::chrono::steady_clock::now();
    auto result = sample(*model, c.config, {options.steps, 0, 1},
                         {options.chains, options.threads, 1000, options.seed}, starts, nullptr);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // cSGLD records only its sampling stages: chains hold fewer draws.
    const Index n = result.chains.front()->draws().size();
    Eigen::MatrixXd all(2, options.chains * n);
    for (std::size_t i = 0; i < result.chains.size(); ++i) {
      all.middleCols(static_cast<Index>(i) * n, n) = result.chains[i]->draws().draws();
    }
    const Index found = mode_coverage(all, centres, kRadius, kMinDraws).covered;
    const Eigen::Vector2d mean = all.rowwise().mean();
    out << std::left << std::setw(8) << c.label << std::right << std::setw(11) << found << "/25"
        << std::fixed << std::setprecision(3) << std::setw(12) << mean[0] << std::setw(12)
        << mean[1] << std::setw(12) << seconds << "\n";
    panels.push_back({c.label + ": " + std::to_string(found) + " of 25 modes", std::move(all), centres});
  }
  write_scatter_png(options.picture, panels, -6.0, 6.0);
  out << "\nThe true mean is (0, 0). Picture: " << options.picture << "\n";
}

}  // namespace sgmc::app
