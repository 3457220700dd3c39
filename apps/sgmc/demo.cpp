#include "demo.hpp"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>
#include <vector>

#include "run.hpp"
#include "scatter_png.hpp"
#include "summary.hpp"
#include "sgmc/diagnostics/gauss25_experiment.hpp"
#include "sgmc/diagnostics/grid.hpp"
#include "sgmc/diagnostics/histogram_kl.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"
#include "sgmc/diagnostics/mode_masses.hpp"
#include "sgmc/estimators/weighted.hpp"
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
  /// Options of the options scheme (docs/options.md), as `sgmc run` takes them.
  std::vector<std::pair<std::string_view, OptionValue>> settings;
  /// Share of each chain's budget spent on a pilot (SPEC §5: it counts).
  Index pilot_percent = 0;
};

/// SGLD against the best multimodal sampler of the library, at the same
/// number of chains, iterations and starts.
std::vector<Contender> contenders() {
  // SGLD as in SPEC §9 experiment 5: eps_k = 0.05 k^-0.55.
  Contender sgld{"SGLD", {{"sampler", "sgld"}, {"schedule", "polynomial"}, {"step_size", 0.05},
                          {"step_power", 0.55}}};
  // ICSGLD: the energy runs from 1.55 at the centres to about 17.5 on the
  // ridges between modes; m = 100 subregions of 0.25 from u1 = 1.5 cover it.
  // eps = 0.02 stays below 2 s^2 = 0.06, where a step overshoots a mode. The
  // chains share theta, started from an SGLD pilot of a tenth of the budget.
  Contender icsgld{"ICSGLD",
                   {{"sampler", "icsgld"}, {"step_size", 0.02}, {"contour_m", std::int64_t{100}},
                    {"contour_u1", 1.5}, {"contour_du", 0.25}, {"contour_zeta", 0.75}},
                   10};
  return {sgld, icsgld};
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

/// Every chain's draws side by side and, for a weighted sampler, their
/// log-weights, each chain's shifted to sum to one so that every chain
/// counts the same (each chain has its own theta: docs/contour.md).
std::pair<Eigen::MatrixXd, std::optional<Vec>> pooled(const RunRecord& record) {
  Index n = 0;
  for (const auto& c : record.chains) n += c.draws.size();
  Eigen::MatrixXd points(2, n);
  std::optional<Vec> log_weights;
  if (is_contour(record.kind)) log_weights = Vec(n);
  Index at = 0;
  for (const auto& c : record.chains) {
    const Index m = c.draws.size();
    points.middleCols(at, m) = c.draws.draws();
    if (log_weights && m > 0) {
      log_weights->segment(at, m) = normalised_log_weights(c.log_weights);
    }
    at += m;
  }
  return {std::move(points), std::move(log_weights)};
}

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
  const auto names = model->parameter_names();
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
  std::vector<double> starts(static_cast<std::size_t>(2 * options.chains));
  for (double& s : starts) s = -10.0 + 20.0 * start_rng.uniform();

  out << "sgmc demo: gauss25, a mixture of 25 equal Gaussians on a 5 x 5 grid, gradient noise N(0, I)\n"
      << options.chains << " chains x " << options.steps << " iterations per sampler\n\n"
      << std::left << std::setw(8) << "sampler" << std::right << std::setw(13) << "modes found"
      << std::setw(9) << "KL" << std::setw(12) << "mass TV" << std::setw(11) << "mean " + names[0]
      << std::setw(11) << "mean " + names[1] << std::setw(10) << "seconds" << "\n";
  std::vector<ScatterPanel> panels;
  std::string verdicts;  // the contour samplers' convergence verdicts (SPEC §4.4)
  for (const auto& c : contenders()) {
    Job job;
    job.model.target = "gauss25";
    job.model.noise = {0.0, kGradNoise};
    job.start = starts;
    for (const auto& [key, value] : c.settings) job.options.set(key, value);
    const Index pilot = options.steps * c.pilot_percent / 100;
    if (pilot > 0) job.options.set("contour_pilot_steps", pilot);
    job.options.set("n_steps", options.steps - pilot);
    job.options.set("n_chains", options.chains);
    job.options.set("threads", options.threads);
    job.options.set("seed", static_cast<std::int64_t>(options.seed));
    const RunRecord record = run_job(job, std::cerr);
    if (record.outcome.fault) throw *record.outcome.fault;
    auto [points, log_weights] = pooled(record);
    const Findings f = assess(std::move(points), std::move(log_weights), grid, density, centres);
    out << std::left << std::setw(8) << c.label << std::right << std::setw(10) << f.modes << "/25"
        << std::fixed << std::setprecision(3) << std::setw(9) << f.kl << std::setw(12) << f.tv
        << std::setw(11) << f.mean[0] << std::setw(11) << f.mean[1] << std::setw(10)
        << record.seconds << "\n";
    if (record.contour) verdicts += c.label + " " + contour_line(record) + "\n";
    // A weighted sample is pictured after systematic resampling, so that
    // the picture shows the distribution its estimates use.
    Eigen::MatrixXd shown = f.points;
    if (f.log_weights) {
      const auto picks = systematic_resample(*f.log_weights, f.points.cols(), options.seed);
      shown = f.points(Eigen::all, picks);
    }
    panels.push_back({c.label + (f.log_weights ? " (resampled): " : ": ") +
                          std::to_string(f.modes) + " of 25 modes, KL " +
                          std::to_string(f.kl).substr(0, 4),
                      std::move(shown), centres, background});
    if (record.outcome.cancelled) break;
  }
  write_scatter_png(options.picture, panels, kLo, kHi, names[0], names[1]);
  out << "\n" << verdicts << "\nKL: grid-histogram KL(draws || target) on [-6, 6]^2, cells of 0.2; mass TV: total\n"
         "variation between the draws' share in each mode's basin and the true 1/25. ICSGLD's\n"
         "KL, mass TV and mean use its importance weights (each chain's normalised, chains\n"
         "counted equally). The true mean is (0, 0). Picture (draws over the target density): "
      << options.picture << "\n";
}

}  // namespace sgmc::app
