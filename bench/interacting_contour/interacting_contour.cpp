// The interacting contour samplers (SPEC §5) against their baselines:
//   exp3    SPEC §9 experiment 3 (ICSGLD D.2): twentyfive on the box
//           [-2.5, 2.5]^2, ICSGLD x P5 against CSGLD x T5, SGLD x P5,
//           cycSGLD x T5 and reSGLD x P5 at equal budget; basin-mass TV and
//           weighted grid-histogram KL against gradient evaluations, and the
//           final 1-NN KL with n_distinct. Writes exp3_curves.csv, exp3_knn.csv.
//   exp4    SPEC §9 experiment 4 (ICSGLD D.5): mix1d, zeta = 0.9, du = 1; the
//           spread over seeds of theta from ICSGLD x P10 (K steps) and CSGLD
//           x T10 (10 K steps), both with the linear field. Writes exp4_theta.csv.
//   threads P chains of ICSGLD on a Gaussian of dimension 1000 on 1 and on 2
//           threads: parallel efficiency. Writes threads.csv.
//
// Usage: bench_interacting_contour exp3 [repeats = 20] [out_dir = .]
//        bench_interacting_contour exp4 [K = 1e6] [seeds = 10] [out_dir = .]
//        bench_interacting_contour threads [out_dir = .]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "sgmc/diagnostics/grid.hpp"
#include "sgmc/diagnostics/histogram_kl.hpp"
#include "sgmc/diagnostics/knn_kl.hpp"
#include "sgmc/diagnostics/mode_masses.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/synthetic.hpp"
#include "sgmc/random/rng.hpp"

namespace {

using sgmc::Index;
using sgmc::SamplerKind;
using sgmc::Vec;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---- experiment 3 ---------------------------------------------------------

constexpr double kBox = 2.5;
constexpr Index kSteps3 = 80000;  // per chain of the P5 samplers
constexpr Index kChains3 = 5;
constexpr Index kPilot3 = 20000 / kChains3;  // an SGLD pilot of 2e4 steps in all
constexpr Index kCheckpoints = 10;
constexpr Index kKnnPoints = 2000;

/// The exact density of twentyfive on the box, on a fine grid: basin masses
/// (nearest integer point), the density at the cells of the coarse KL grid
/// and a sampler of exact reference draws.
struct Truth {
  sgmc::Grid grid{Vec::Constant(2, -kBox), Vec::Constant(2, kBox), {50, 50}};
  Vec density;       // at the centres of grid's cells
  Eigen::MatrixXd centres{2, 25};
  Vec basin_masses{Vec::Zero(25)};
  Eigen::MatrixXd fine_points;  // 2 x n fine cell centres
  Vec fine_cdf;
  double fine_h = 0;

  explicit Truth(const sgmc::SyntheticTarget& target) {
    for (Index i = 0; i < 25; ++i) centres.col(i) << static_cast<double>(i / 5 - 2), static_cast<double>(i % 5 - 2);
    density.resize(grid.n_cells());
    const double h = 2 * kBox / 50;
    for (Index a = 0; a < 50; ++a) {
      for (Index b = 0; b < 50; ++b) {
        Vec x(2);
        x << -kBox + (static_cast<double>(a) + 0.5) * h, -kBox + (static_cast<double>(b) + 0.5) * h;
        density[a * 50 + b] = std::exp(-target.exact_energy(x));
      }
    }
    const Index n = 500;
    fine_h = 2 * kBox / static_cast<double>(n);
    fine_points.resize(2, n * n);
    fine_cdf.resize(n * n);
    double total = 0;
    for (Index a = 0; a < n; ++a) {
      for (Index b = 0; b < n; ++b) {
        Vec x(2);
        x << -kBox + (static_cast<double>(a) + 0.5) * fine_h, -kBox + (static_cast<double>(b) + 0.5) * fine_h;
        const double p = std::exp(-target.exact_energy(x));
        fine_points.col(a * n + b) = x;
        total += p;
        fine_cdf[a * n + b] = total;
        Index nearest = 0;
        (centres.colwise() - x).colwise().squaredNorm().minCoeff(&nearest);
        basin_masses[nearest] += p;
      }
    }
    basin_masses /= total;
    fine_cdf /= total;
  }

  /// n exact draws: a fine cell by its mass, then uniform within it.
  Eigen::MatrixXd draws(Index n, std::uint64_t seed) const {
    sgmc::Rng rng = sgmc::Rng::stream(seed, 0, sgmc::StreamPurpose::kSwaps);
    Eigen::MatrixXd out(2, n);
    for (Index i = 0; i < n; ++i) {
      const double u = rng.uniform();
      const Index cell = std::lower_bound(fine_cdf.data(), fine_cdf.data() + fine_cdf.size(), u) - fine_cdf.data();
      out.col(i) = fine_points.col(std::min(cell, fine_cdf.size() - 1)) +
                   fine_h * Vec((Vec(2) << rng.uniform() - 0.5, rng.uniform() - 0.5).finished());
    }
    return out;
  }
};

struct Run3 {
  std::string name;
  SamplerKind kind;
  Index chains;
  Index steps;  // per chain
  Index pilot;  // per chain
};

sgmc::SamplerConfig exp3_config(const Run3& run) {
  sgmc::SamplerConfig c;
  c.kind = run.kind;
  c.schedule.step_size = 3e-3;
  c.domain = {-kBox, kBox};
  c.contour.partition = {100, -4.0, 0.125};
  c.contour.zeta = 0.75;
  c.contour.sa.omega_max = 3e-3;
  c.contour.pilot_steps = run.pilot;
  if (run.kind == SamplerKind::kIcsgld) c.contour.field = sgmc::RandomField::kLinear;
  if (run.kind == SamplerKind::kCycSgld) {
    c.schedule = {.kind = sgmc::ScheduleKind::kCyclical, .step_size = 1e-2, .total = run.steps,
                  .cycles = 10, .exploration = sgmc::kCyclicalSamplerExploration};
  }
  if (run.kind == SamplerKind::kResgld) {
    c.schedule.step_size = 1e-3;
    c.resgld.temperature_max = 5.0;
    c.resgld.step_size_max = 5e-3;
  }
  return c;
}

/// The pooled draws of the chains that sample the target (reSGLD: chain 0)
/// made by gradient evaluation `budget` or earlier, with their log-weights.
struct Pooled {
  Eigen::MatrixXd x;
  Vec log_w;
  bool weighted;
};

Pooled pooled(const sgmc::SampleResult& result, const Run3& run, Index budget) {
  const bool weighted = sgmc::is_contour(run.kind);
  const std::size_t n_sampling = run.kind == SamplerKind::kResgld ? 1 : result.chains.size();
  // Evaluations so far: the pilot's, then every chain's (reSGLD: all replicas').
  const Index pilot = run.pilot * run.chains;
  const Index per_chain = std::max<Index>(0, (budget - pilot) / run.chains);
  std::vector<std::pair<std::size_t, Index>> take;
  Index n = 0;
  for (std::size_t c = 0; c < n_sampling; ++c) {
    const auto& steps = result.chains[c]->draws().steps();
    const Index count = std::upper_bound(steps.begin(), steps.end(), per_chain) - steps.begin();
    take.emplace_back(c, count);
    n += count;
  }
  Pooled p{Eigen::MatrixXd(2, n), Vec(n), weighted};
  Index at = 0;
  for (const auto& [c, count] : take) {
    const auto& chain = *result.chains[c];
    p.x.middleCols(at, count) = chain.draws().draws().leftCols(count);
    p.log_w.segment(at, count) =
        weighted ? Vec(chain.contour()->trace().log_weights(sgmc::WeightKind::kInterpolated).head(count))
                 : Vec::Zero(count);
    at += count;
  }
  return p;
}

int exp3(Index repeats, const std::string& out_dir) {
  const auto target = sgmc::make_synthetic_target("twentyfive", {0.25, 0.25});
  const Truth truth(*target);
  const Index budget = kSteps3 * kChains3 + kPilot3 * kChains3;
  const std::vector<Run3> runs = {
      {"ICSGLD xP5", SamplerKind::kIcsgld, kChains3, kSteps3, kPilot3},
      {"CSGLD xT5", SamplerKind::kCsgld, 1, budget, 0},
      {"SGLD xP5", SamplerKind::kSgld, kChains3, budget / kChains3, 0},
      {"cycSGLD xT5", SamplerKind::kCycSgld, 1, budget, 0},
      {"reSGLD xP5", SamplerKind::kResgld, kChains3, budget / kChains3, 0},
  };
  Vec x0(2 * kChains3);
  x0 << 0, -1, 0, 0, -1, 0, 0, 1, 1, 0;
  std::ofstream curves(out_dir + "/exp3_curves.csv");
  curves << "sampler,repeat,evaluations,basin_tv,histogram_kl\n";
  std::ofstream knn(out_dir + "/exp3_knn.csv");
  knn << "sampler,repeat,knn_kl,n_distinct,basin_tv,histogram_kl,kish_ess,seconds\n";
  std::printf("%-12s %8s %8s %8s %8s %10s %8s  (mean over %ld repeats; budget %ld evaluations)\n",
              "sampler", "TV", "histKL", "1NN-KL", "distinct", "Kish ESS", "wall s",
              static_cast<long>(repeats), static_cast<long>(budget));
  for (const auto& run : runs) {
    double tv_sum = 0, kl_sum = 0, knn_sum = 0, distinct_sum = 0, ess_sum = 0, wall = 0;
    for (Index r = 0; r < repeats; ++r) {
      const auto config = exp3_config(run);
      const auto start = Clock::now();
      const auto result = sgmc::sample(*target, config, {run.steps, 0, 1},
                                       {run.chains, 0, 100000, 1000 + static_cast<std::uint64_t>(r)},
                                       run.chains == 1 ? Vec(x0.segment(2, 2)) : x0, nullptr);
      result.outcome.throw_if_fault();
      wall += seconds_since(start);
      for (Index t = 1; t <= kCheckpoints; ++t) {
        const Index at = budget * t / kCheckpoints;
        const auto p = pooled(result, run, at);
        if (p.x.cols() < 2) continue;
        const auto masses = sgmc::mode_masses(p.x, p.log_w, truth.centres, truth.basin_masses, 0.0);
        const auto kl = sgmc::histogram_kl(p.x, p.log_w, truth.grid, truth.density);
        curves << run.name << ',' << r << ',' << at << ',' << masses.tv << ',' << kl.kl << '\n';
        if (t == kCheckpoints) {
          // 1-NN KL of kKnnPoints draws: resampled (weighted) or evenly thinned.
          Eigen::MatrixXd sample(2, kKnnPoints);
          if (p.weighted) {
            const auto picks = sgmc::systematic_resample(p.log_w, kKnnPoints, 7 + static_cast<std::uint64_t>(r));
            for (Index i = 0; i < kKnnPoints; ++i) sample.col(i) = p.x.col(picks[static_cast<std::size_t>(i)]);
          } else {
            for (Index i = 0; i < kKnnPoints; ++i) sample.col(i) = p.x.col(i * (p.x.cols() / kKnnPoints));
          }
          const auto k = sgmc::knn_kl(sample, truth.draws(kKnnPoints, 99 + static_cast<std::uint64_t>(r)));
          const auto m = sgmc::weighted_moments(p.x, p.log_w);
          knn << run.name << ',' << r << ',' << k.kl << ',' << k.n_distinct << ',' << masses.tv << ','
              << kl.kl << ',' << m.ess << ',' << seconds_since(start) << '\n';
          tv_sum += masses.tv;
          kl_sum += kl.kl;
          knn_sum += k.kl;
          distinct_sum += static_cast<double>(k.n_distinct);
          ess_sum += m.ess;
        }
      }
    }
    const double n = static_cast<double>(repeats);
    std::printf("%-12s %8.4f %8.4f %8.4f %8.0f %10.0f %8.2f\n", run.name.c_str(), tv_sum / n,
                kl_sum / n, knn_sum / n, distinct_sum / n, ess_sum / n, wall / n);
  }
  return 0;
}

// ---- experiment 4 ---------------------------------------------------------

int exp4(Index steps, Index seeds, const std::string& out_dir) {
  const auto target = sgmc::make_synthetic_target("mix1d", {0.1, 0.1});
  sgmc::SamplerConfig config;
  config.schedule.step_size = 0.1;
  config.contour.partition = {50, 2.0, 1.0};
  config.contour.zeta = 0.9;
  config.contour.field = sgmc::RandomField::kLinear;
  const Index m = config.contour.partition.m;
  Eigen::MatrixXd icsgld(m, seeds), csgld(m, seeds);
  double wall_i = 0, wall_c = 0;
  for (Index s = 0; s < seeds; ++s) {
    const auto seed = 500 + static_cast<std::uint64_t>(s);
    config.kind = SamplerKind::kIcsgld;
    auto start = Clock::now();
    const auto a = sgmc::sample(*target, config, {steps, steps - 1, 1}, {10, 0, 100000, seed}, Vec::Zero(1), nullptr);
    a.outcome.throw_if_fault();
    wall_i += seconds_since(start);
    icsgld.col(s) = a.chains[0]->contour()->theta().values();
    config.kind = SamplerKind::kCsgld;
    start = Clock::now();
    const auto b = sgmc::sample(*target, config, {10 * steps, 10 * steps - 1, 1}, {1, 0, 100000, seed}, Vec::Zero(1), nullptr);
    b.outcome.throw_if_fault();
    wall_c += seconds_since(start);
    csgld.col(s) = b.chains[0]->contour()->theta().values();
  }
  auto sd = [&](const Eigen::MatrixXd& t) {
    const Vec mean = t.rowwise().mean();
    return Vec(((t.colwise() - mean).array().square().rowwise().sum() / static_cast<double>(seeds - 1)).sqrt());
  };
  const Vec sd_i = sd(icsgld), sd_c = sd(csgld);
  const Vec mean_i = icsgld.rowwise().mean(), mean_c = csgld.rowwise().mean();
  std::ofstream out(out_dir + "/exp4_theta.csv");
  out << "subregion,icsgld_mean,icsgld_sd,csgld_mean,csgld_sd\n";
  for (Index i = 0; i < m; ++i) {
    out << i + 1 << ',' << mean_i[i] << ',' << sd_i[i] << ',' << mean_c[i] << ',' << sd_c[i] << '\n';
  }
  std::printf("mix1d zeta 0.9 du 1, linear field, %ld seeds: ICSGLD x P10 %ld steps, CSGLD x T10 %ld steps\n",
              static_cast<long>(seeds), static_cast<long>(steps), static_cast<long>(10 * steps));
  std::printf("sum over subregions of the sd of theta: ICSGLD %.4f  CSGLD %.4f  (ratio %.2f)\n",
              sd_i.sum(), sd_c.sum(), sd_c.sum() / sd_i.sum());
  std::printf("max sd: ICSGLD %.4f  CSGLD %.4f; wall s per seed: ICSGLD %.2f  CSGLD %.2f\n",
              sd_i.maxCoeff(), sd_c.maxCoeff(), wall_i / static_cast<double>(seeds),
              wall_c / static_cast<double>(seeds));
  return 0;
}

// ---- thread scaling -------------------------------------------------------

int threads(const std::string& out_dir) {
  const Index dim = 1000;
  const sgmc::GaussianModel model(Vec::Zero(dim), Eigen::MatrixXd::Identity(dim, dim), {0.0, 0.0});
  sgmc::SamplerConfig config;
  config.kind = SamplerKind::kIcsgld;
  config.schedule.step_size = 1e-2;
  config.contour.partition = {100, 400.0, 2.0};
  config.contour.field = sgmc::RandomField::kLinear;
  std::ofstream out(out_dir + "/threads.csv");
  out << "chains,threads,us_per_iteration\n";
  std::printf("ICSGLD, Gaussian d = %ld, m = 100: microseconds per iteration of all chains\n", static_cast<long>(dim));
  std::printf("%6s %10s %10s %10s\n", "P", "1 thread", "2 threads", "efficiency");
  for (const Index p : {2, 4, 8}) {
    double t[2];
    for (const Index th : {1, 2}) {
      const Index steps = 20000 / p;
      const auto start = Clock::now();
      sgmc::sample(model, config, {steps, steps - 1, 1}, {p, th, 100000, 3}, Vec::Zero(dim), nullptr)
          .outcome.throw_if_fault();
      t[th - 1] = seconds_since(start) / static_cast<double>(steps) * 1e6;
      out << p << ',' << th << ',' << t[th - 1] << '\n';
    }
    std::printf("%6ld %10.1f %10.1f %10.2f\n", static_cast<long>(p), t[0], t[1], t[0] / (2 * t[1]));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  auto arg = [&](int i, double fallback) { return argc > i ? std::atof(argv[i]) : fallback; };
  auto dir = [&](int i) { return std::string(argc > i ? argv[i] : "."); };
  if (what == "exp3") return exp3(static_cast<Index>(arg(2, 20)), dir(3));
  if (what == "exp4") return exp4(static_cast<Index>(arg(2, 1e6)), static_cast<Index>(arg(3, 10)), dir(4));
  if (what == "threads") return threads(dir(2));
  std::fprintf(stderr, "usage: %s exp3 [repeats] [out_dir] | exp4 [K] [seeds] [out_dir] | threads [out_dir]\n", argv[0]);
  return 2;
}
