// SPEC §9 experiment 7 (MHBT §3.1, Fig. 2d-f): x_i ~ 0.5 N(theta1, 2) +
// 0.5 N(theta1 + theta2, 2), N = 1e5, theta1 = 0, theta2 in {0.5, 2, 4},
// prior N(0, diag(10, 1)). The posterior has two modes, near (0, theta2) and
// its label switch (theta2, -theta2). MHBT (batch 1000, c_n = 20 and the
// paper's range 5-30, random walk tuned to about 30% acceptance, 1e5
// iterations) against full-batch random-walk MH on the posterior itself
// (tuned the same way, 5000 iterations: the model evaluations of five MHBT
// runs), both started in the first mode.
//
// What decides how often a chain crosses is the barrier between the modes
// of the distribution it samples: MHBT's marginal is close to the tempered
// posterior pi^(1/T), T = N / c_n (MHBT eq. 3), whose barrier is c_n dU / N
// for the posterior's barrier dU = U(saddle) - U(mode). dU is measured on a
// grid: the lowest saddle is where, adding grid cells in increasing U, the
// two modes' cells first join (a minimax path; union-find).
//
// Output, in --out-dir: mixture_traces.csv (theta2, c_n, method, iteration,
// x1, x2; every 20th MHBT iteration), mixture_summary.csv (per run: delta,
// acceptance, mode switches, time near each mode, mean dwell), and
// mixture_barrier.csv (per theta2: the modes', the saddle's energy, the
// barrier dU at two grid spacings, the binned energy's error, and the
// per-datum log-likelihood's variance at a mode and at the saddle).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "models.hpp"
#include "tune.hpp"
#include "../common/command_line.hpp"

namespace sgmc::bench {
namespace {

constexpr Index kBatch = 1000;

/// U(theta) = -log p(data | theta) - log prior, exactly, from the model.
double energy(const MixtureModel& model, double t1, double t2) {
  std::vector<Index> all(static_cast<std::size_t>(model.data_size()));
  std::iota(all.begin(), all.end(), Index{0});
  const Vec x{{t1, t2}};
  Vec g1(2), g2(2);
  ModelTerms terms{0.0, 0.0, g1, g2};
  model.evaluate({x, all, true}, terms);
  return terms.batch_energy + terms.prior_energy;
}

/// The variance over the data of the per-datum log-likelihood l_i(theta).
/// MHBT's marginal is the batch average of exp(c_n mu_I), about
/// exp(c_n mu + c_n^2 var(l) / (2 n)) for batches of n: where var(l) is
/// larger the tempered posterior is heavier, which lowers the barrier by
/// c_n^2 (var at the saddle - var at the mode) / (2 n).
double log_lik_variance(const MixtureModel& model, double t1, double t2) {
  const Vec x{{t1, t2}};
  Vec g1(2), g2(2);
  ModelTerms terms{0.0, 0.0, g1, g2};
  double sum = 0.0, sum_sq = 0.0;
  for (Index i = 0; i < model.data_size(); ++i) {
    const Index one[] = {i};
    model.evaluate({x, one, false}, terms);
    sum += terms.batch_energy;
    sum_sq += terms.batch_energy * terms.batch_energy;
  }
  const double n = static_cast<double>(model.data_size());
  return (sum_sq - sum * sum / n) / (n - 1.0);
}

/// The same energy with the data binned (width `width`, each datum at its
/// bin's centre): the grid below needs 1e5 energies, which the binned sum
/// makes about 20 times cheaper. Its error is reported beside the barrier.
class BinnedEnergy {
 public:
  BinnedEnergy(const Eigen::VectorXd& data, double width) {
    const double lo = data.minCoeff();
    const auto bins = static_cast<std::size_t>((data.maxCoeff() - lo) / width) + 1;
    std::vector<double> count(bins, 0.0);
    for (const double v : data) count[static_cast<std::size_t>((v - lo) / width)] += 1.0;
    for (std::size_t b = 0; b < bins; ++b) {
      if (count[b] > 0) {
        centre_.push_back(lo + (static_cast<double>(b) + 0.5) * width);
        count_.push_back(count[b]);
      }
    }
  }

  double operator()(double t1, double t2) const {
    constexpr double kVar = 2.0;
    const double log_norm = 0.5 * std::log(2.0 * std::numbers::pi * kVar);
    double u = 0.5 * (t1 * t1 / 10.0 + t2 * t2);
    for (std::size_t b = 0; b < centre_.size(); ++b) {
      const double ra = centre_[b] - t1, rb = centre_[b] - t1 - t2;
      const double ea = -0.5 * ra * ra / kVar, eb = -0.5 * rb * rb / kVar;
      const double top = std::max(ea, eb);
      u -= count_[b] * (top + std::log(0.5 * (std::exp(ea - top) + std::exp(eb - top))) - log_norm);
    }
    return u;
  }

 private:
  std::vector<double> centre_, count_;
};

struct Barrier {
  double mode_a, mode_b, saddle;  ///< U at the grid's two modes and its lowest saddle
  Vec mode_a_at, saddle_at;
  double height() const { return saddle - std::min(mode_a, mode_b); }
};

/// The lowest saddle between the modes near a and b on a grid of spacing h.
Barrier grid_barrier(const BinnedEnergy& u, const Vec& a, const Vec& b, double h) {
  const double lo1 = std::min(a[0], b[0]) - 1.5, hi1 = std::max(a[0], b[0]) + 1.5;
  const double lo2 = std::min(a[1], b[1]) - 1.5, hi2 = std::max(a[1], b[1]) + 1.5;
  const auto n1 = static_cast<Index>((hi1 - lo1) / h) + 1, n2 = static_cast<Index>((hi2 - lo2) / h) + 1;
  std::vector<double> grid(static_cast<std::size_t>(n1 * n2));
  const auto at = [&](Index i, Index j) { return static_cast<std::size_t>(i * n2 + j); };
  const auto point = [&](Index i, Index j) {
    return Vec{{lo1 + h * static_cast<double>(i), lo2 + h * static_cast<double>(j)}};
  };
  for (Index i = 0; i < n1; ++i) {
    for (Index j = 0; j < n2; ++j) grid[at(i, j)] = u(point(i, j)[0], point(i, j)[1]);
  }
  // Each mode: the lowest cell within 0.5 of where it is expected.
  const auto lowest_near = [&](const Vec& m) {
    std::size_t best = 0;
    double best_u = INFINITY;
    for (Index i = 0; i < n1; ++i) {
      for (Index j = 0; j < n2; ++j) {
        if ((point(i, j) - m).norm() < 0.5 && grid[at(i, j)] < best_u) {
          best_u = grid[at(i, j)];
          best = at(i, j);
        }
      }
    }
    return best;
  };
  const std::size_t cell_a = lowest_near(a), cell_b = lowest_near(b);
  std::vector<std::size_t> order(grid.size()), parent(grid.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t p, std::size_t q) { return grid[p] < grid[q]; });
  const auto find = [&](std::size_t c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  std::vector<bool> added(grid.size(), false);
  for (const std::size_t c : order) {
    added[c] = true;
    const Index i = static_cast<Index>(c) / n2, j = static_cast<Index>(c) % n2;
    for (const auto& [di, dj] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const Index ni = i + di, nj = j + dj;
      if (ni < 0 || ni >= n1 || nj < 0 || nj >= n2 || !added[at(ni, nj)]) continue;
      parent[find(at(ni, nj))] = find(c);
    }
    if (added[cell_a] && added[cell_b] && find(cell_a) == find(cell_b)) {
      const auto ia = static_cast<Index>(cell_a);
      return {grid[cell_a], grid[cell_b], grid[c], point(ia / n2, ia % n2), point(i, j)};
    }
  }
  return {grid[cell_a], grid[cell_b], INFINITY, a, Vec{{NAN, NAN}}};
}

/// Visits of the modes a and b by one chain's draws (columns).
struct ModeVisits {
  Index switches = 0;     ///< entries within a quarter of |a - b| of the other mode
  double near_a = 0.0;    ///< share of draws nearer a than b
  double near_b = 0.0;
};

template <typename Draws>
ModeVisits visits(const Draws& draws, const Vec& a, const Vec& b) {
  ModeVisits v;
  const double r0 = 0.25 * (a - b).norm();
  bool in_b = false;
  for (Index j = 0; j < draws.cols(); ++j) {
    const double da = (draws.col(j) - a).norm(), db = (draws.col(j) - b).norm();
    (da < db ? v.near_a : v.near_b) += 1.0;
    if (!in_b && db < r0) in_b = true, ++v.switches;
    else if (in_b && da < r0) in_b = false, ++v.switches;
  }
  v.near_a /= static_cast<double>(draws.cols());
  v.near_b /= static_cast<double>(draws.cols());
  return v;
}

struct Options {
  std::vector<double> theta2{0.5, 2.0, 4.0};
  std::vector<double> c_n{5.0, 10.0, 20.0, 30.0};
  Index data = 100000;
  Index iterations = 100000;
  Index full_batch_iterations = 5000;
  double grid = 0.025;
  std::string out_dir = ".";
};

void run(double theta2, const Options& opt, std::mt19937_64& rng, std::ofstream& traces,
         std::ofstream& summary, std::ofstream& barriers) {
  std::normal_distribution<double> normal(0.0, std::sqrt(2.0));
  std::bernoulli_distribution second(0.5);
  Eigen::VectorXd data(opt.data);
  for (Index i = 0; i < opt.data; ++i) data[i] = normal(rng) + (second(rng) ? theta2 : 0.0);
  const MixtureModel model(data);
  const Vec a{{0.0, theta2}}, b{{theta2, -theta2}};

  const BinnedEnergy binned(data, 0.005);
  const Barrier fine = grid_barrier(binned, a, b, opt.grid);
  const Barrier coarse = grid_barrier(binned, a, b, 2 * opt.grid);
  const double var_mode = log_lik_variance(model, fine.mode_a_at[0], fine.mode_a_at[1]);
  const double var_saddle = log_lik_variance(model, fine.saddle_at[0], fine.saddle_at[1]);
  const double binning_error = std::abs(binned(fine.saddle_at[0], fine.saddle_at[1]) -
                                        energy(model, fine.saddle_at[0], fine.saddle_at[1]));
  barriers << theta2 << ',' << opt.data << ',' << fine.mode_a << ',' << fine.mode_b << ','
           << fine.saddle << ',' << fine.saddle_at[0] << ',' << fine.saddle_at[1] << ','
           << fine.height() << ',' << coarse.height() << ',' << binning_error << ',' << var_mode
           << ',' << var_saddle << '\n';

  struct Method {
    std::string name;
    SamplerConfig sampler;
    double c_n;
    Index steps;
    Index tune_steps;
  };
  std::vector<Method> methods;
  for (const double c : opt.c_n) {
    methods.push_back({"mhbt", random_walk_mhbt(kBatch, c, 0.1), c, opt.iterations, 2000});
  }
  // Exact MH (batch = all, c_n = N): each iteration costs N / batch = 100
  // MHBT iterations, so 5000 of them are 5 MHBT runs' worth of evaluations.
  methods.push_back({"full_batch", random_walk_mhbt(0, static_cast<double>(opt.data), 0.1),
                     static_cast<double>(opt.data), opt.full_batch_iterations, 300});
  for (Method& m : methods) {
    m.sampler.mhbt.rw_scale = tune_delta(model, m.sampler, a, 0.3, 1, m.tune_steps);
    const auto result = sample(model, m.sampler, {m.steps, 0, 1}, {1, 1, m.steps, 7}, a, nullptr);
    result.outcome.throw_if_fault();
    const auto& draws = result.chains[0]->draws().draws();
    const auto& steps = result.chains[0]->draws().steps();
    const Index thin = m.name == "mhbt" ? 20 : 1;
    for (Index j = 0; j < draws.cols(); j += thin) {
      traces << theta2 << ',' << m.c_n << ',' << m.name << ',' << steps[j] << ',' << draws(0, j)
             << ',' << draws(1, j) << '\n';
    }
    const ModeVisits v = visits(draws, a, b);
    const double tempered = m.c_n * fine.height() / static_cast<double>(opt.data);
    summary << theta2 << ',' << m.c_n << ',' << m.name << ',' << m.steps << ','
            << m.sampler.mhbt.rw_scale << ',' << acceptance(result.chains) << ',' << v.switches
            << ',' << v.near_a << ',' << v.near_b << ',' << tempered << ','
            << (m.name == "mhbt" ? tempered - m.c_n * m.c_n * (var_saddle - var_mode) /
                                       (2.0 * static_cast<double>(kBatch))
                                 : tempered)
            << '\n';
    std::fprintf(stderr, "theta2 %g %s c_n %g: %lld switches\n", theta2, m.name.c_str(), m.c_n,
                 static_cast<long long>(v.switches));
  }
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"SPEC §9 experiment 7: MHBT and full-batch MH on the mixture posterior"};
  Options opt;
  app.option("--theta2", opt.theta2, "true theta2 values");
  app.option("--c-n", opt.c_n, "MHBT's c_n values (batch 1000)");
  app.option("--data", opt.data, "N, the data size");
  app.option("--iterations", opt.iterations, "MHBT iterations per run");
  app.option("--full-batch-iterations", opt.full_batch_iterations, "full-batch MH iterations");
  app.option("--grid", opt.grid, "grid spacing of the barrier (also measured at twice it)");
  app.option("--out-dir", opt.out_dir, "where the three CSV files go");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  std::ofstream traces(opt.out_dir + "/mixture_traces.csv");
  std::ofstream summary(opt.out_dir + "/mixture_summary.csv");
  std::ofstream barriers(opt.out_dir + "/mixture_barrier.csv");
  traces << "theta2,c_n,method,iteration,x1,x2\n";
  summary << "theta2,c_n,method,iterations,delta,acceptance,switches,near_a,near_b,tempered_barrier,"
             "batch_corrected_barrier\n";
  barriers << "theta2,n,u_mode_a,u_mode_b,u_saddle,saddle_x1,saddle_x2,barrier,barrier_coarse,"
              "binning_error,var_l_mode,var_l_saddle\n";
  summary.precision(6);
  barriers.precision(10);
  std::mt19937_64 rng(7);
  for (const double theta2 : opt.theta2) run(theta2, opt, rng, traces, summary, barriers);
}
