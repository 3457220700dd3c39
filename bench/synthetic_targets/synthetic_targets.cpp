// Issue #21: the built-in synthetic targets (SPEC §9) against their scalar
// code before the issue (scalar_targets.hpp, the baseline: the energies and
// the evaluate() path as they were), side by side in one run, one thread. Per target: nanoseconds per evaluation of energy and
// gradient, and of the energy alone, through Model::evaluate at 1024 fixed
// points spread over the target's modes and tails; then one whole cSGLD
// step on gauss25 (SPEC §9 experiment 5's settings, gradient noise N(0, I))
// through sgmc::Chain::advance. Each figure is the median of --repeats
// timings of the thread's CPU time, baseline and engine alternating, each
// running enough evaluations to take --min-time seconds. Also printed: the
// largest difference of the energies of the two codes at the points,
// relative to |U| (mixtures) or to the sizes of U's terms (cosine wells,
// whose U crosses zero).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "../common/command_line.hpp"
#include "scalar_targets.hpp"
#include "sgmc/chain/chain.hpp"
#include "sgmc/diagnostics/gauss25_experiment.hpp"

namespace sgmc::bench {
namespace {

struct Timing {
  double min_time = 0.1;  ///< seconds per timing
  int repeats = 9;
};

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

/// Nanoseconds per call of baseline(n) and engine(n), each making n calls:
/// n doubled until the baseline takes timing.min_time (which also warms up),
/// then the medians of timing.repeats alternating timings.
std::pair<double, double> side_by_side(const std::function<void(long)>& baseline,
                                       const std::function<void(long)>& engine, const Timing& timing) {
  const auto seconds = [](const std::function<void(long)>& f, long n) {
    const double start = thread_seconds();
    f(n);
    return thread_seconds() - start;
  };
  long n = 1;
  while (seconds(baseline, n) < timing.min_time) n *= 2;
  std::vector<double> old_ns, new_ns;
  for (int r = 0; r < timing.repeats; ++r) {
    old_ns.push_back(seconds(baseline, n) * 1e9 / static_cast<double>(n));
    new_ns.push_back(seconds(engine, n) * 1e9 / static_cast<double>(n));
  }
  return {median(old_ns), median(new_ns)};
}

/// 1024 points uniform on the box SPEC §9's experiments sample in: all
/// modes and their tails (and, for nine and twentyfive, both sides of the wall).
std::vector<Vec> points(std::string_view name, Index dim) {
  const double half = name == "mix1d" ? 10.0 : name == "nine" ? 4.0 : 6.0;
  Rng rng(21);
  std::vector<Vec> xs(1024, Vec(dim));
  for (Vec& x : xs) {
    for (double& xi : x) xi = half * (2.0 * rng.uniform() - 1.0);
  }
  return xs;
}

/// Evaluates `model` at xs[0], xs[1], ... cyclically, n times.
double evaluate_many(const Model& model, const std::vector<Vec>& xs, bool want_gradient, long n) {
  Vec batch_grad(model.dim()), prior_grad(model.dim());
  ModelTerms out{0, 0, batch_grad, prior_grad};
  Rng noise(1);
  double sink = 0;
  std::size_t at = 0;
  for (long i = 0; i < n; ++i) {
    model.evaluate({xs[at], {}, want_gradient, 0, &noise, nullptr}, out);
    sink += out.prior_energy + out.prior_grad[0];
    if (++at == xs.size()) at = 0;
  }
  return sink;
}

void print_row(const std::string& label, std::pair<double, double> ns, double max_rel) {
  std::printf("%s\t%.2f\t%.2f\t%.2f\t%.1e\n", label.c_str(), ns.first, ns.second, ns.first / ns.second,
              max_rel);
  std::fflush(stdout);  // rows appear as they are measured
}

/// The whole cSGLD step on gauss25 at cSG-MCMC App. A.1's settings (eps0 =
/// 0.09, beta = 1/4, gradient noise N(0, I), cycles of 50000 / 30 steps),
/// draws not recorded; n_steps is far more than the timings take.
std::pair<double, double> csgld_steps(const Timing& timing) {
  SamplerConfig config;
  config.kind = SamplerKind::kCycSgld;
  const Index steps = Index{1} << 26;
  config.schedule = {.kind = ScheduleKind::kCyclical, .step_size = 0.09, .total = steps,
                     .cycles = steps * 30 / 50000, .exploration = 0.25};
  const TargetNoise noise{0.0, gauss25::kGradNoise};
  const auto baseline = make_scalar_target("gauss25", noise);
  const auto engine = make_synthetic_target("gauss25", noise);
  Chain old_chain(config, {steps, steps - 1, 1}, 2, 0, Vec::Zero(2), {1, 0});
  Chain new_chain(config, {steps, steps - 1, 1}, 2, 0, Vec::Zero(2), {1, 0});
  auto ns = side_by_side([&](long n) { for (long s = 0; s < n; ++s) old_chain.advance(*baseline, nullptr); },
                         [&](long n) { for (long s = 0; s < n; ++s) new_chain.advance(*engine, nullptr); },
                         timing);
  if (!old_chain.position().allFinite() || !new_chain.position().allFinite()) std::abort();
  return ns;
}

void run(const Timing& timing, const std::vector<std::string>& targets) {
  std::printf("case\tbaseline_ns\tengine_ns\tbaseline/engine\tmax_energy_diff_over_scale\n");
  for (const std::string& name : targets) {
    const auto baseline = make_scalar_target(name, {});
    const auto engine = make_synthetic_target(name, {});
    const auto xs = points(name, engine->dim());
    double max_rel = 0;
    for (const Vec& x : xs) {
      const double u = baseline->exact_energy(x);
      max_rel = std::max(max_rel, std::abs(engine->exact_energy(x) - u) / baseline->energy_scale(x));
    }
    for (const bool want_gradient : {true, false}) {
      double sink = 0;
      const auto ns = side_by_side(
          [&](long n) { sink += evaluate_many(*baseline, xs, want_gradient, n); },
          [&](long n) { sink += evaluate_many(*engine, xs, want_gradient, n); }, timing);
      if (!std::isfinite(sink)) std::abort();
      print_row(name + (want_gradient ? " energy+gradient" : " energy"), ns, max_rel);
    }
  }
  if (std::find(targets.begin(), targets.end(), "gauss25") != targets.end()) {
    print_row("gauss25 cSGLD step", csgld_steps(timing), 0.0);
  }
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  sgmc::bench::CommandLine app{"Issue #21: the synthetic targets against their scalar baseline"};
  sgmc::bench::Timing timing;
  app.option("--min-time", timing.min_time, "seconds per timing", sgmc::bench::Check::kPositive);
  app.option("--repeats", timing.repeats, "timings per figure (the median is printed)",
             sgmc::bench::Check::kPositive);
  const std::vector<std::string> names(sgmc::synthetic_target_names().begin(),
                                       sgmc::synthetic_target_names().end());
  std::vector<std::string> targets = names;
  app.choice("--targets", targets, "the targets to time (default all; the cSGLD step with gauss25)", names);
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  sgmc::bench::run(timing, targets);
}
