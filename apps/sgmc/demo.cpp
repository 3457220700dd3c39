#include "demo.hpp"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <vector>

#include "progress.hpp"
#include "scatter_png.hpp"
#include "sgmc/diagnostics/gauss25_experiment.hpp"
#include "sgmc/diagnostics/grid.hpp"
#include "sgmc/diagnostics/histogram_kl.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"
#include "sgmc/diagnostics/mode_masses.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc::app {
namespace {

// gauss25 (SPEC §9, cSG-MCMC A.1): 25 modes on {-4,-2,0,2,4}^2; a mode
// counts as found by the criterion of cSG-MCMC App. A.1.
using gauss25::kGradNoise;
using gauss25::kMinDraws;
using gauss25::kRadius;

constexpr double kLo = -6.0, kHi = 6.0;  // the pictured and histogrammed square
constexpr Index kBins = 60;             // grid cells per side for the KL (width 0.2)

struct Contender {
  std::string label;
  SamplerConfig config;
};

/// SGLD against the best multimodal sampler of the library, at the same
/// number of chains and iterations.
std::vector<Contender> contenders() {
  SamplerConfig sgld;
  sgld.schedule = {.kind = ScheduleKind::kPolynomial, .step_size = 0.05, .power = 0.55};
  // cSGLD as in SPEC §9 experiment 5 (eps0 = 0.09, M = 30) but sampling only
  // in the second half of each cycle: with beta = 1/4 the first sampling
  // steps (eps > 0.06 = 2 s^2) overshoot the modes and spread draws between
  // them, which the coverage count ignores but the KL does not.
  SamplerConfig cycsgld;
  cycsgld.kind = SamplerKind::kCycSgld;
  cycsgld.schedule = {.kind = ScheduleKind::kCyclical, .step_size = 0.09, .cycles = 30,
                      .exploration = 0.5};
  return {{"SGLD", sgld}, {"cSGLD", cycsgld}};
}

/// What the demo reports of one sampler's draws (all chains pooled).
struct Findings {
  Eigen::MatrixXd points;  ///< 2 x n
  std::optional<Vec> log_weights;
  Index modes = 0;
  double kl = 0;       ///< grid-histogram KL(sample || target)
  double tv = 0;       ///< basin-mass total variation
  Eigen::Vector2d mean;
};

Findings assess(Eigen::MatrixXd points, std::optional<Vec> log_weights, const Grid& grid,
                const Vec& density, const Eigen::MatrixXd& centres) {
  Findings f{std::move(points), std::move(log_weights), 0, 0, 0, {}};
  LogWeights lw;
  if (f.log_weights) lw.emplace(*f.log_weights);
  f.modes = mode_coverage(f.points, centres, kRadius, kMinDraws).covered;
  f.kl = histogram_kl(f.points, lw, grid, density).kl;
  f.tv = mode_masses(f.points, lw, centres, Vec::Constant(25, 1.0 / 25), 0.0).tv;
  f.mean = f.points * self_normalised_weights(f.points.cols(), lw, "log_weights");
  return f;
}

}  // namespace

void run_demo(const DemoOptions& options, std::ostream& out) {
  const auto model = make_synthetic_target("gauss25", TargetNoise{0.0, kGradNoise});
  const Eigen::MatrixXd centres = gauss25_centres();
  const Grid grid(Vec::Constant(2, kLo), Vec::Constant(2, kHi), {kBins, kBins});
  // The exact density exp(-U) at the cell centres, in the grid's order (x
  // slowest), for the KL and, reshaped to rows of y, for the background.
  Vec density(kBins * kBins);
  const double width = (kHi - kLo) / kBins;
  for (Index i = 0; i < kBins; ++i) {
    for (Index j = 0; j < kBins; ++j) {
      const Eigen::Vector2d x(kLo + (static_cast<double>(i) + 0.5) * width,
                              kLo + (static_cast<double>(j) + 0.5) * width);
      density[i * kBins + j] = std::exp(-model->exact_energy(x));
    }
  }
  const Eigen::MatrixXd background = Eigen::Map<const Eigen::MatrixXd>(density.data(), kBins, kBins);

  // Starts uniform on [-10, 10]^2, the same for every sampler.
  Rng start_rng = Rng::stream(options.seed, 0, StreamPurpose::kMoves);
  Vec starts(2 * options.chains);
  for (double& s : starts) s = -10.0 + 20.0 * start_rng.uniform();

  out << "sgmc demo: gauss25, a mixture of 25 equal Gaussians on a 5 x 5 grid, gradient noise N(0, I)\n"
      << options.chains << " chains x " << options.steps << " iterations per sampler\n\n"
      << std::left << std::setw(8) << "sampler" << std::right << std::setw(13) << "modes found"
      << std::setw(9) << "KL" << std::setw(12) << "mass TV" << std::setw(10) << "mean x1"
      << std::setw(10) << "mean x2" << std::setw(10) << "seconds" << "\n";
  std::vector<ScatterPanel> panels;
  InterruptGuard guard;
  for (auto c : contenders()) {
    c.config.schedule.total = options.steps;
    c.config.schedule.cycles = std::min(c.config.schedule.cycles, options.steps);
    const auto start = std::chrono::steady_clock::now();
    ProgressBar bar(std::cerr, c.label);
    auto result = sample(*model, c.config, {options.steps, 0, 1},
                         {options.chains, options.threads, 1000, options.seed}, starts,
                         bar.callback());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // cSGLD records only its sampling stages: chains hold fewer draws.
    const Index n = result.chains.front()->draws().size();
    Eigen::MatrixXd all(2, options.chains * n);
    for (std::size_t i = 0; i < result.chains.size(); ++i) {
      all.middleCols(static_cast<Index>(i) * n, n) = result.chains[i]->draws().draws();
    }
    const Findings f = assess(std::move(all), std::nullopt, grid, density, centres);
    out << std::left << std::setw(8) << c.label << std::right << std::setw(10) << f.modes << "/25"
        << std::fixed << std::setprecision(3) << std::setw(9) << f.kl << std::setw(12) << f.tv
        << std::setw(10) << f.mean[0] << std::setw(10) << f.mean[1] << std::setw(10) << seconds
        << "\n";
    panels.push_back({c.label + ": " + std::to_string(f.modes) + " of 25 modes, KL " +
                          std::to_string(f.kl).substr(0, 4),
                      f.points, centres, background});
    if (result.outcome.cancelled) break;
  }
  write_scatter_png(options.picture, panels, kLo, kHi);
  out << "\nKL: grid-histogram KL(draws || target) on [-6, 6]^2, cells of 0.2; mass TV: total\n"
         "variation between the draws' share in each mode's basin and the true 1/25. The true\n"
         "mean is (0, 0). Picture (draws over the target density): "
      << options.picture << "\n";
}

}  // namespace sgmc::app
