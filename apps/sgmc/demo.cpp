#include "demo.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include "draws_view.hpp"
#include "run.hpp"
#include "scatter_png.hpp"
#include "summary.hpp"
#include "verdict_report.hpp"

namespace sgmc::app {
namespace {

// gauss25 (SPEC §9, cSG-MCMC A.1): 25 modes on {-4,-2,0,2,4}^2 with
// gradient noise N(0, I); a mode counts as found by the criterion of
// cSG-MCMC App. A.1: 100 draws within 0.25 of its centre.
constexpr double kGradNoise = 1.0;
constexpr double kRadius = 0.25;
constexpr Index kMinDraws = 100;
constexpr Index kModes = 25;

constexpr double kLo = -6.0, kHi = 6.0;  // the pictured and histogrammed square
constexpr Index kBins = 60;             // grid cells per side for the KL (width 0.2)

/// SGLD against the best multimodal sampler of the library, at the same
/// number of chains, iterations and starts, each with nothing set but the
/// sampler: the warm-up chooses the step (docs/warm_up.md) and ICSGLD's
/// pilot its partition (docs/contour.md, "Automatic partition"), inside
/// the budget. As a user's run would, each ends with its verdict.
std::vector<std::pair<std::string, std::string>> contenders() {
  return {{"SGLD", "sgld"}, {"ICSGLD", "icsgld"}};
}

/// Draws kept per chain at most: every thin-th of the iterations, so that
/// the picture, the histogram and the verdict read a few hundred thousand
/// points however long the run.
constexpr Index kKeptPerChain = 100000;

/// What the demo reports of one sampler's draws (all chains pooled).
struct Findings {
  Eigen::MatrixXd points;  ///< 2 x n
  std::optional<Vec> log_weights;
  Index modes = 0;
  double kl = 0;       ///< grid-histogram KL(sample || target)
  double tv = 0;       ///< basin-mass total variation
  Eigen::Vector2d mean;
};

/// The 2 x 25 centres of gauss25's modes.
Eigen::MatrixXd gauss25_centres() {
  Eigen::MatrixXd centres(2, kModes);
  for (Index k = 0; k < kModes; ++k) {
    centres.col(k) << -4.0 + 2.0 * static_cast<double>(k / 5), -4.0 + 2.0 * static_cast<double>(k % 5);
  }
  return centres;
}

/// Every chain's draws side by side and, for a weighted sampler, their
/// log-weights, each chain's normalised to sum to one so that every chain
/// counts the same (each chain has its own theta: docs/contour.md).
std::pair<Eigen::MatrixXd, std::optional<Vec>> pooled(const RunResult& result) {
  const DrawsView draws(result.draws.get());
  Index n = 0;
  for (Index c = 0; c < draws.n_chains(); ++c) n += draws.count(c);
  Eigen::MatrixXd points(2, n);
  std::optional<Vec> log_weights;
  if (in_family(result.sampler, SGMC_FAMILY_CONTOUR)) log_weights = Vec(n);
  Index at = 0;
  for (Index c = 0; c < draws.n_chains(); ++c) {
    const Index m = draws.count(c);
    points.middleCols(at, m) = draws.points(c);
    if (log_weights && m > 0) {
      const auto lw = draws.column(c, "log_weight");
      check(sgmc_normalise_log_weights(lw.data(), m, log_weights->data() + at));
    }
    at += m;
  }
  return {std::move(points), std::move(log_weights)};
}

Findings assess(Eigen::MatrixXd points, std::optional<Vec> log_weights, const Vec& density,
                const Eigen::MatrixXd& centres) {
  Findings f{std::move(points), std::move(log_weights), 0, 0, 0, {}};
  const Index n = f.points.cols();
  const double* lw = f.log_weights ? f.log_weights->data() : nullptr;
  // Points 2 x n column-major are the library's n x 2 row-major.
  check(sgmc_mode_coverage(f.points.data(), n, 2, centres.data(), kModes, kRadius, kMinDraws,
                           &f.modes, nullptr));
  const double lower[] = {kLo, kLo}, upper[] = {kHi, kHi};
  const int64_t bins[] = {kBins, kBins};
  check(sgmc_kl_histogram(f.points.data(), n, 2, lw, lower, upper, bins, density.data(),
                          density.size(), &f.kl, nullptr));
  const Vec true_masses = Vec::Constant(kModes, 1.0 / kModes);
  check(sgmc_mode_masses(f.points.data(), n, 2, lw, centres.data(), kModes, true_masses.data(), 0.0,
                         nullptr, nullptr, &f.tv));
  Vec weights = Vec::Constant(n, 1.0 / static_cast<double>(n));
  if (f.log_weights) {
    check(sgmc_normalise_log_weights(lw, n, weights.data()));
    weights = weights.array().exp();
  }
  f.mean = f.points * weights;
  return f;
}

/// `points` (every chain's draws side by side) after systematic resampling
/// of each chain's weighted draws to as many unweighted ones
/// (sgmc_draws_resample).
Eigen::MatrixXd resampled(const RunResult& result, const Eigen::MatrixXd& points, std::uint64_t seed) {
  const DrawsView draws(result.draws.get());
  std::vector<Index> picks;
  Index first = 0;
  for (Index c = 0; c < draws.n_chains(); ++c) {
    const Index n = draws.count(c);
    std::vector<int64_t> chain_picks(static_cast<std::size_t>(n));
    if (n > 0) {
      check(sgmc_draws_resample(draws.handle(), c, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_RUNNING, n,
                                seed, chain_picks.data()));
    }
    for (const int64_t i : chain_picks) picks.push_back(first + i);
    first += n;
  }
  return points(Eigen::all, picks);
}

/// Starts uniform on [-10, 10]^2, the same for every sampler: 2 values a
/// chain from `seed` (the demo's own stream; the samplers' are the library's).
std::vector<double> starts(Index chains, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> out(static_cast<std::size_t>(2 * chains));
  for (double& s : out) s = -10.0 + 20.0 * static_cast<double>(rng() >> 11) * 0x1p-53;
  return out;
}

/// exp(-U) of `model` at the centres of the grid's cells, x slowest (the
/// order of sgmc_kl_histogram()).
Vec density_of(const sgmc_model* model) {
  Vec density(kBins * kBins);
  const double width = (kHi - kLo) / kBins;
  for (Index i = 0; i < kBins; ++i) {
    for (Index j = 0; j < kBins; ++j) {
      const double x[] = {kLo + (static_cast<double>(i) + 0.5) * width,
                          kLo + (static_cast<double>(j) + 0.5) * width};
      double energy = 0;
      check(sgmc_model_energy(model, x, 2, &energy));
      density[i * kBins + j] = std::exp(-energy);
    }
  }
  return density;
}

}  // namespace

void run_demo(const DemoOptions& options, std::ostream& out) {
  const Eigen::MatrixXd centres = gauss25_centres();
  sgmc_model* exact = nullptr;  // gauss25 without noise, for its exact energy
  check(sgmc_model_target(&exact, "gauss25", 0.0, 0.0));
  const ModelHandle model(exact);
  const auto names = parameter_names(model.get());
  // The exact density for the KL and, reshaped to rows of y, for the background.
  const Vec density = density_of(model.get());
  const Eigen::MatrixXd background = Eigen::Map<const Eigen::MatrixXd>(density.data(), kBins, kBins);
  const std::vector<double> x0 = starts(options.chains, options.seed);

  out << "sgmc demo: gauss25, a mixture of 25 equal Gaussians on a 5 x 5 grid, gradient noise N(0, I)\n"
      << options.chains << " chains x " << options.steps << " iterations per sampler\n\n"
      << std::left << std::setw(8) << "sampler" << std::right << std::setw(13) << "modes found"
      << std::setw(9) << "KL" << std::setw(12) << "mass TV" << std::setw(11) << "mean " + names[0]
      << std::setw(11) << "mean " + names[1] << std::setw(10) << "seconds" << "\n";
  std::vector<ScatterPanel> panels;
  std::string verdicts;  // each sampler's verdict (docs/verdict.md)
  for (const auto& [label, sampler] : contenders()) {
    Job job;
    job.model.target = "gauss25";
    job.model.noise = {0.0, kGradNoise};
    job.start = x0;
    job.options.set("sampler", sampler);
    job.options.set("n_steps", options.steps);
    job.options.set("thin", std::max<Index>(1, options.steps / kKeptPerChain));
    job.options.set("n_chains", options.chains);
    job.options.set("threads", options.threads);
    job.options.set("seed", static_cast<std::int64_t>(options.seed));
    const RunResult result = run_job(job, std::cerr);
    if (result.fault) throw Failure(result.fault->message);
    auto [points, log_weights] = pooled(result);
    const Findings f = assess(std::move(points), std::move(log_weights), density, centres);
    out << std::left << std::setw(8) << label << std::right << std::setw(10) << f.modes << "/25"
        << std::fixed << std::setprecision(3) << std::setw(9) << f.kl << std::setw(12) << f.tv
        << std::setw(11) << f.mean[0] << std::setw(11) << f.mean[1] << std::setw(10)
        << result.seconds << "\n";
    const DrawsView draws(result.draws.get());
    verdicts += label + " " + verdict_line(verdict_json(draws, names)) + "\n";
    // A weighted sample is pictured after systematic resampling, each
    // chain's to its number of draws (every chain counts the same), so that
    // the picture shows the distribution its estimates use.
    Eigen::MatrixXd shown = f.points;
    if (f.log_weights) shown = resampled(result, f.points, options.seed);
    panels.push_back({label + (f.log_weights ? " (resampled): " : ": ") +
                          std::to_string(f.modes) + " of 25 modes, KL " +
                          std::to_string(f.kl).substr(0, 4),
                      std::move(shown), centres, background});
    if (result.cancelled) break;
  }
  write_scatter_png(options.picture, panels, kLo, kHi, names[0], names[1]);
  out << "\n" << verdicts << "\nKL: grid-histogram KL(draws || target) on [-6, 6]^2, cells of 0.2; mass TV: total\n"
         "variation between the draws' share in each mode's basin and the true 1/25. ICSGLD's\n"
         "KL, mass TV and mean use its importance weights (each chain's normalised, chains\n"
         "counted equally). The true mean is (0, 0). Picture (draws over the target density): "
      << options.picture << "\n";
}

}  // namespace sgmc::app
