#include "zero_knobs.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace sgmc::bench {
namespace {

/// The check's iterations per chain, half of them warm-up: an ESS near
/// 4,000 on kidiq momiq and earnings (4 se of the mean about 0.07
/// reference sd), in about 3 s.
constexpr Index kCheckSteps = 40000;

/// zero_knobs.csv's further columns: what the chains chose (chosen.hpp);
/// its step_size column is the chains' smallest.
constexpr const char* kCsvColumns =
    ",step_size_max,friction_min,friction_max,search_steps_max,search_converged,windows_min,"
    "curvature_max,noise_max,right";

std::string csv_columns(const Run& r) {
  const auto& c = r.chosen;
  std::ostringstream out;
  out << "," << c.step_hi << "," << c.friction_lo << "," << c.friction_hi << "," << c.search_steps_max << ","
      << c.search_converged << "," << c.windows_min << "," << c.curvature_max << "," << c.noise_max << ","
      << right(r);
  return out.str();
}

void print_header() {
  std::printf("| posterior | sampler | precond | eps (chains) | friction | search steps (converged) | windows "
              "| curvature | noise | max abs mean err | sd ratio min-max | ESS/1k grads min | s | decided "
              "| misses | right |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

/// What the engine chose (the range over the chains), then the run's cells.
void print_row(const Posterior& posterior, const Run& r) {
  const auto& c = r.chosen;
  char friction[64] = "-", warm_up[64] = "-", windows[32] = "-", curvature[32] = "-", noise[32] = "-";
  if (c.friction_hi > 0) std::snprintf(friction, sizeof friction, "%.3g-%.3g", c.friction_lo, c.friction_hi);
  if (c.warmed_up) {
    std::snprintf(warm_up, sizeof warm_up, "%ld (%d/%d)", static_cast<long>(c.search_steps_max),
                  c.search_converged, c.chains);
    std::snprintf(windows, sizeof windows, "%ld", static_cast<long>(c.windows_min));
    std::snprintf(curvature, sizeof curvature, "%.3g", c.curvature_max);
    std::snprintf(noise, sizeof noise, "%.3g", c.noise_max);
  }
  std::printf("| %s | %s | %s | %.3g-%.3g | %s | %s | %s | %s | %s | %s | %s |\n", posterior.name.c_str(),
              r.settings.sampler.c_str(), c.precondition.c_str(), c.step_lo, c.step_hi, friction, warm_up,
              windows, curvature, noise, measured_cells(posterior, r).c_str(), right(r) ? "yes" : "no");
  std::fflush(stdout);
}

/// A zero-knob run of `sampler` from x0 = 0; its settings are what the
/// engine chose (the chains' smallest step).
Run zero_knob_run(const Target& target, const std::string& sampler, Index n_steps, Index seed) {
  const Options options = zero_knob_options(sampler, n_steps, seed);
  RunSettings settings;
  settings.sampler = sampler;
  settings.n_steps = n_steps;
  settings.batch_size = target.posterior.model->data_size();
  Run r = run(target, settings, options, Vec::Zero(target.posterior.model->dim()));
  r.settings.burn_in = r.chosen.burn_in;
  r.settings.precondition = r.chosen.precondition;
  r.settings.step_size = r.chosen.step_lo;
  return r;
}

}  // namespace

const std::vector<std::string>& zero_knob_samplers() {
  static const std::vector<std::string> samplers{"sgld", "sghmc", "psgld", "mhbt", "icsgld"};
  return samplers;
}

int zero_knobs(const Plan& plan, const std::string& csv_path) {
  std::ofstream csv(csv_path);
  csv << kCsvHeader << kCsvColumns << "\n";
  print_header();
  std::vector<int> right_count(plan.samplers.size(), 0);
  for (const auto& name : plan.posteriors) {
    const Target target = load(plan.dir, name);
    for (std::size_t k = 0; k < plan.samplers.size(); ++k) {
      const Run r = zero_knob_run(target, plan.samplers[k], plan.n_steps, plan.seed);
      print_row(target.posterior, r);
      write_csv(csv, target.posterior, r, csv_columns(r));
      right_count[k] += right(r);
    }
  }
  std::printf("\n| sampler | right |\n|---|---|\n");
  for (std::size_t k = 0; k < plan.samplers.size(); ++k) {
    std::printf("| %s | %d/%zu |\n", plan.samplers[k].c_str(), right_count[k], plan.posteriors.size());
  }
  return 0;
}

const std::vector<std::string>& zero_knob_check_posteriors() {
  // kidiq momiq, and earnings: the most ill-conditioned (condition number
  // 1.4e6), x0 = 0 13 reference sds from its intercept's mean.
  static const std::vector<std::string> names{"kidiq-kidscore_momiq", "earnings-logearn_height"};
  return names;
}

int zero_knob_check(const Plan& plan) {
  bool ok = true;
  print_header();
  for (const auto& name : zero_knob_check_posteriors()) {
    const Target target = load(plan.dir, name);
    const Run r = zero_knob_run(target, "sgld", kCheckSteps, plan.seed);
    print_row(target.posterior, r);
    ok = passed(target.posterior, r) && ok;
  }
  return report_check(ok);
}

}  // namespace sgmc::bench
