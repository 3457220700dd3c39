// Issue #17: the samplers against posteriordb's reference draws. For every
// posterior of ../shared/posteriordb and every sampler (SGLD, SGHMC, pSGLD,
// cyclical SGLD, exact full-batch Metropolis-Hastings = MHBT's random walk
// at c_n = N, CSGLD), without and with the dense preconditioner: 4 chains
// started at 4 reference draws (chain c at draw 1 of reference chain c: in
// the typical set, so that burn-in measures mixing, not the approach), and
// per parameter (mean - reference mean) / reference sd, sd / reference sd
// and bulk ESS per 1,000 gradient evaluations (one evaluation = one
// iteration of one chain at its batch size, burn-in included). Settings
// come from settings.hpp. Writes a markdown table on stdout and one CSV row
// per parameter.
//
// --check: the CTest subset (tests/CMakeLists.txt): full-batch MHBT and SGLD
// on the six regressions and low_dim_gauss_mix must get every mean within
// 0.1 reference sd and every sd within 10%, and the runs must be long
// enough to decide it (4 standard errors inside the tolerance). Exit 77
// (CTest: skipped) when posteriordb is absent.
//
// --zero-knobs: issue #31's row block, every posterior from x0 = 0 with
// nothing set but the sampler (settings.hpp zero_knob_options), reporting
// what the automatic warm-up chose (chosen.hpp) and whether the run is
// right: every parameter within both tolerances. With --check: its CTest
// subset, SGLD on the zero_knob_check_cases().
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/command_line.hpp"
#include "../common/posteriordb.hpp"
#include "chosen.hpp"
#include "measure.hpp"
#include "posterior.hpp"
#include "settings.hpp"
#include "sgmc/launch/options_run.hpp"

namespace sgmc::bench {
namespace {

constexpr double kMeanTolerance = 0.1;  ///< reference sds
constexpr double kSdTolerance = 0.1;    ///< relative
constexpr double kStandardErrors = 4.0;
constexpr int kSkipped = 77;
constexpr double kPreconditionAbove = 10;  ///< condition number
/// The check's full-batch SGLD: h = 0.1, a predicted sd error of 2.5%
/// (a quarter of the tolerance) and twice the ESS of the table's h = 0.05,
/// which the check's time budget needs.
constexpr double kCheckSgldStiffStep = 0.1;
/// The check's iterations per chain: enough for an ESS near 2,500 and more
/// on every parameter (4 se of the mean then 0.09 reference sd or less).
constexpr Index kCheckMhbtSteps = 36000;
constexpr Index kCheckSgldSteps = 40000;

/// The posteriors --check runs, the six regressions and low_dim_gauss_mix,
/// with a share of the check's run lengths: the mixture's gradients cost
/// the most (1000 data, exps) and its chains mix fastest per gradient.
struct CheckCase {
  std::string name;
  double length = 1.0;
};
const std::vector<CheckCase>& check_cases() {
  static const std::vector<CheckCase> cases{{"sblri-blr"},
                                            {"kidiq-kidscore_momiq"},
                                            {"kidiq-kidscore_interaction"},
                                            {"earnings-logearn_height"},
                                            {"mesquite-logmesquite"},
                                            {"nes2000-nes"},
                                            {"low_dim_gauss_mix-low_dim_gauss_mix", 0.6}};
  return cases;
}

/// The zero-knob check (--zero-knobs --check): SGLD from x0 = 0, nothing
/// set, on posteriors whose chosen step mixes within seconds.
const std::vector<CheckCase>& zero_knob_check_cases() {
  static const std::vector<CheckCase> cases{{"kidiq-kidscore_momiq"}, {"earnings-logearn_height"}};
  return cases;
}
constexpr Index kZeroKnobCheckSteps = 40000;

struct Run {
  RunSettings settings;
  Chosen chosen;  ///< what the engine chose where the options left it to it
  std::vector<ParameterCell> cells;
  double seconds = 0;
  double evaluations = 0;  ///< iterations of all chains
  std::string fault;       ///< why the run stopped early (a diverged chain), if it did
};

/// Chain c starts at reference draw 1 of reference chain c.
Vec starts(const Posterior& posterior, const std::string& folder, Index n_chains) {
  const Index d = posterior.model->dim();
  Vec x0(d * n_chains);
  for (Index c = 0; c < n_chains; ++c) {
    x0.segment(c * d, d) = posterior.unconstrained(
        reference_draw(folder, posterior.names, static_cast<std::size_t>(c), 0));
  }
  return x0;
}

Run run(const Posterior& posterior, const ReferenceMoments& reference, const RunSettings& settings,
        const Options& options, ConstVecRef x0) {
  const auto start = std::chrono::steady_clock::now();
  const auto result = sample(*posterior.model, options, x0, {});
  Run out{settings, chosen(result.chains), {}, 0, 0, {}};
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.outcome.fault) {
    // A non-finite energy or gradient: the chain diverged. Reported, not fatal.
    out.fault = result.outcome.fault->what();
    return out;
  }
  out.cells = measure(posterior, reference, result.chains);
  out.evaluations = static_cast<double>(settings.n_steps * static_cast<Index>(result.chains.size()));
  return out;
}

/// A posterior with its reference, its chains' starts and its stiffness
/// (reported on stderr).
struct Target {
  Posterior posterior;
  ReferenceMoments reference;
  Vec x0;
  Stiffness stiffness;
};

Target load(const std::string& dir, const std::string& name) {
  const std::string folder = dir + "/" + name;
  Target t{load_posterior(dir, name), {}, {}, {}};
  t.reference = reference_moments(folder, t.posterior.names);
  t.x0 = starts(t.posterior, folder, 4);
  t.stiffness = stiffness(*t.posterior.model, t.x0.head(t.posterior.model->dim()));
  std::fprintf(stderr, "%s: lambda_max %.3g, condition number %.3g\n", name.c_str(), t.stiffness.lambda_max,
               t.stiffness.condition());
  return t;
}

bool within(const ParameterCell& c) {
  return std::abs(c.mean_error) <= kMeanTolerance && std::abs(c.sd_ratio - 1.0) <= kSdTolerance;
}
bool decidable(const ParameterCell& c) {
  return kStandardErrors * c.mean_se <= kMeanTolerance && kStandardErrors * c.sd_se <= kSdTolerance;
}

void print_header() {
  std::printf("| posterior | sampler | precond | eps | batch | n_steps | max abs mean err | sd ratio min-max "
              "| ESS/1k grads min | s | decided | misses |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

/// The smallest ESS per 1,000 gradient evaluations over the parameters; 0
/// for a diverged run.
double min_ess_per_1k(const Run& r) {
  double ess = r.cells.empty() ? 0 : INFINITY;
  for (const auto& c : r.cells) ess = std::min(ess, 1000.0 * c.ess / r.evaluations);
  return ess;
}

/// A run's row: the worst parameters, and which miss.
struct Summary {
  double worst = 0, sd_lo = INFINITY, sd_hi = 0;
  std::string misses;  // "name?": outside the tolerance, but 4 se exceed it
  int decided = 0;     // parameters whose 4 se are inside both tolerances
  std::string cells;   // "max abs mean err | sd ratio min-max | ESS/1k grads min | s | decided | misses"
};

Summary summarise(const Posterior& posterior, const Run& r) {
  Summary out;
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    out.worst = std::max(out.worst, std::abs(c.mean_error));
    out.sd_lo = std::min(out.sd_lo, c.sd_ratio);
    out.sd_hi = std::max(out.sd_hi, c.sd_ratio);
    if (!within(c)) out.misses += (out.misses.empty() ? "" : " ") + posterior.names[j] + (decidable(c) ? "" : "?");
    out.decided += decidable(c);
  }
  char cells[512];
  if (r.fault.empty()) {
    std::snprintf(cells, sizeof cells, "%.3f | %.3f-%.3f | %.3g | %.1f | %d/%zu | %s", out.worst, out.sd_lo,
                  out.sd_hi, min_ess_per_1k(r), r.seconds, out.decided, r.cells.size(),
                  out.misses.empty() ? "-" : out.misses.c_str());
  } else {
    std::snprintf(cells, sizeof cells, "- | - | - | %.1f | - | all: diverged (%s)", r.seconds, r.fault.c_str());
  }
  out.cells = cells;
  return out;
}

/// Right: no fault, and every parameter within both tolerances.
bool right(const Run& r) {
  return r.fault.empty() && std::all_of(r.cells.begin(), r.cells.end(), within);
}

void print_row(const Posterior& posterior, const Run& r) {
  const auto& s = r.settings;
  std::printf("| %s | %s | %s | %.3g | %ld | %ld | %s |\n", posterior.name.c_str(), s.sampler.c_str(),
              s.precondition.c_str(), s.step_size, static_cast<long>(s.batch_size),
              static_cast<long>(s.n_steps), summarise(posterior, r).cells.c_str());
  std::fflush(stdout);
}

void print_zero_knob_header() {
  std::printf("| posterior | sampler | precond | eps (chains) | friction | search steps (converged) | windows "
              "| curvature | noise | max abs mean err | sd ratio min-max | ESS/1k grads min | s | decided "
              "| misses | right |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

/// A zero-knob row: what the engine chose (the range over the chains) and
/// the run's summary.
void print_zero_knob_row(const Posterior& posterior, const Run& r) {
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
              windows, curvature, noise, summarise(posterior, r).cells.c_str(), right(r) ? "yes" : "no");
  std::fflush(stdout);
}

constexpr const char* kCsvHeader =
    "posterior,sampler,precondition,step_size,batch_size,n_steps,burn_in,parameter,mean_error,"
    "sd_ratio,ess_per_1k_grads,mean_se,sd_se,within,seconds";
/// zero_knobs.csv's further columns: what the chains chose (chosen.hpp);
/// its step_size column is the chains' smallest.
constexpr const char* kZeroKnobCsvHeader =
    ",step_size_max,friction_min,friction_max,search_steps_max,search_converged,windows_min,"
    "curvature_max,noise_max,right";

/// One row per parameter; `extra` (",..." or empty) ends every row.
void write_csv(std::ostream& csv, const Posterior& posterior, const Run& r, const std::string& extra = {}) {
  const auto& s = r.settings;
  if (!r.fault.empty()) {
    csv << posterior.name << "," << s.sampler << "," << s.precondition << "," << s.step_size << ","
        << s.batch_size << "," << s.n_steps << "," << s.burn_in << ",all,,,,,,0," << r.seconds << extra << "\n";
  }
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    csv << posterior.name << "," << s.sampler << "," << s.precondition << "," << s.step_size << ","
        << s.batch_size << "," << s.n_steps << "," << s.burn_in << "," << posterior.names[j] << ","
        << c.mean_error << "," << c.sd_ratio << "," << 1000.0 * c.ess / r.evaluations << ","
        << c.mean_se << "," << c.sd_se << "," << within(c) << "," << r.seconds << extra << "\n";
  }
}

std::string zero_knob_csv_columns(const Run& r) {
  const auto& c = r.chosen;
  std::ostringstream out;
  out << "," << c.step_hi << "," << c.friction_lo << "," << c.friction_hi << "," << c.search_steps_max << ","
      << c.search_converged << "," << c.windows_min << "," << c.curvature_max << "," << c.noise_max << ","
      << right(r);
  return out.str();
}

struct Plan {
  std::string dir;
  std::vector<std::string> posteriors;
  std::vector<std::string> samplers;
  std::vector<std::string> preconditions;
  Index n_steps = 0;
  Index seed = 1;
};

/// Second table: every sampler's smallest ESS per 1,000 gradients without
/// and with the dense preconditioner, one row per posterior and sampler.
void print_preconditioning(const std::vector<std::pair<std::string, Run>>& runs) {
  std::printf("\n| posterior | sampler | ESS/1k grads, none | dense | dense / none |\n|---|---|---|---|---|\n");
  for (const auto& [name, none] : runs) {
    if (none.settings.precondition != "none") continue;
    for (const auto& [other_name, dense] : runs) {
      if (other_name != name || dense.settings.sampler != none.settings.sampler ||
          dense.settings.precondition != "dense") continue;
      const double a = min_ess_per_1k(none), b = min_ess_per_1k(dense);
      std::printf("| %s | %s | %.3g | %.3g | %.3g |\n", name.c_str(), none.settings.sampler.c_str(), a, b,
                  a > 0 ? b / a : NAN);
    }
  }
}

/// The full table; returns the exit status.
int bench(const Plan& plan, const std::string& csv_path) {
  std::vector<std::pair<std::string, Run>> runs;
  std::ofstream csv(csv_path);
  csv << kCsvHeader << "\n";
  print_header();
  for (const auto& name : plan.posteriors) {
    const auto [posterior, reference, x0, s] = load(plan.dir, name);
    for (const auto& precondition : plan.preconditions) {
      for (const auto& sampler : plan.samplers) {
        const auto settings = settings_for(sampler, s, posterior.model->dim(), posterior.model->data_size(),
                                           posterior.exchangeable, plan.n_steps, 0, precondition);
        const Run r = run(posterior, reference, settings,
                          options_for(settings, posterior.model->data_size(), plan.seed), x0);
        print_row(posterior, r);
        write_csv(csv, posterior, r);
        runs.emplace_back(name, r);
      }
    }
  }
  print_preconditioning(runs);
  return 0;
}

/// A zero-knob run of `sampler` from x0 = 0; its settings are what the
/// engine chose (the chains' smallest step).
Run zero_knob_run(const Posterior& posterior, const ReferenceMoments& reference, const std::string& sampler,
                  Index n_steps, Index seed) {
  const Options options = zero_knob_options(sampler, n_steps, seed);
  RunSettings settings;
  settings.sampler = sampler;
  settings.n_steps = n_steps;
  settings.burn_in = record_policy(options).burn_in;
  settings.batch_size = posterior.model->data_size();
  Run r = run(posterior, reference, settings, options, Vec::Zero(posterior.model->dim()));
  r.settings.precondition = r.chosen.precondition;
  r.settings.step_size = r.chosen.step_lo;
  return r;
}

/// The zero-knob row block; returns the exit status.
int zero_knobs(const Plan& plan, const std::string& csv_path) {
  std::ofstream csv(csv_path);
  csv << kCsvHeader << kZeroKnobCsvHeader << "\n";
  print_zero_knob_header();
  std::vector<int> right_count(plan.samplers.size(), 0);
  for (const auto& name : plan.posteriors) {
    const auto target = load(plan.dir, name);
    for (std::size_t k = 0; k < plan.samplers.size(); ++k) {
      const Run r = zero_knob_run(target.posterior, target.reference, plan.samplers[k], plan.n_steps, plan.seed);
      print_zero_knob_row(target.posterior, r);
      write_csv(csv, target.posterior, r, zero_knob_csv_columns(r));
      right_count[k] += right(r);
    }
  }
  std::printf("\n| sampler | right |\n|---|---|\n");
  for (std::size_t k = 0; k < plan.samplers.size(); ++k) {
    std::printf("| %s | %d/%zu |\n", plan.samplers[k].c_str(), right_count[k], plan.posteriors.size());
  }
  return 0;
}

/// Prints a FAIL line for each parameter of `r` that is not within both
/// tolerances or not decided; returns whether `r` passed.
bool passed(const std::string& name, const Posterior& posterior, const Run& r) {
  const std::string& sampler = r.settings.sampler;
  bool ok = r.fault.empty();
  if (!ok) std::printf("FAIL %s %s: %s\n", name.c_str(), sampler.c_str(), r.fault.c_str());
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    if (within(c) && decidable(c)) continue;
    ok = false;
    std::printf("FAIL %s %s %s: mean error %.3f (se %.3f), sd ratio %.3f (se %.3f)%s\n", name.c_str(),
                sampler.c_str(), posterior.names[j].c_str(), c.mean_error, c.mean_se, c.sd_ratio, c.sd_se,
                decidable(c) ? "" : ": too short to decide (4 se exceed the tolerance)");
  }
  return ok;
}

int report_check(bool ok) {
  std::printf(ok ? "posteriordb check passed\n" : "posteriordb check FAILED\n");
  return ok ? 0 : 1;
}

/// The zero-knob CTest subset; returns the exit status (0 pass, 1 fail).
int zero_knob_check(const Plan& plan) {
  bool ok = true;
  print_zero_knob_header();
  for (const auto& [name, length] : zero_knob_check_cases()) {
    const auto target = load(plan.dir, name);
    const Run r = zero_knob_run(target.posterior, target.reference, "sgld",
                                static_cast<Index>(length * kZeroKnobCheckSteps), plan.seed);
    print_zero_knob_row(target.posterior, r);
    ok = passed(name, target.posterior, r) && ok;
  }
  return report_check(ok);
}

/// The CTest subset; returns the exit status (0 pass, 1 fail).
int check(const Plan& plan) {
  bool ok = true;
  print_header();
  for (const auto& [name, length] : check_cases()) {
    const auto [posterior, reference, x0, s] = load(plan.dir, name);
    // Dense preconditioning where the Hessian is ill-conditioned: with
    // condition number kappa SGLD at h = 0.1 has autocorrelation times near
    // 2 kappa / h iterations, too many for seconds.
    const std::string precondition = s.condition() > kPreconditionAbove && has_preconditioning() ? "dense" : "none";
    for (const std::string sampler : {"mhbt", "sgld"}) {
      const Index n = posterior.model->data_size();
      const bool mhbt = sampler == "mhbt";
      const auto settings = settings_for(sampler, s, posterior.model->dim(), n, false,
                                         static_cast<Index>(length * (mhbt ? kCheckMhbtSteps : kCheckSgldSteps)),
                                         n, precondition,
                                         kCheckSgldStiffStep);
      const Run r = run(posterior, reference, settings, options_for(settings, n, plan.seed), x0);
      print_row(posterior, r);
      ok = passed(name, posterior, r) && ok;
    }
  }
  return report_check(ok);
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"sgmc's samplers against posteriordb's reference draws"};
  Plan plan;
  plan.dir = SGMC_POSTERIORDB_DIR;
  plan.posteriors = posterior_names();
  plan.preconditions = {"none", "dense"};
  std::string csv_path;
  bool check_mode = false, zero_knob_mode = false;
  app.option("--posteriordb", plan.dir, "the posteriordb folder (default ../shared/posteriordb)");
  app.option("--posteriors", plan.posteriors, "posterior folders");
  app.option("--samplers", plan.samplers,
             "samplers (default sgld sghmc psgld cycsgld mhbt csgld; --zero-knobs: sgld sghmc psgld mhbt icsgld)");
  app.option("--precondition", plan.preconditions, "none and/or dense (not --zero-knobs: the engine's choice)");
  app.option("--steps", plan.n_steps,
             "iterations per chain (4 chains), burn-in included (a fifth; --zero-knobs: the engine's default); "
             "default 50000, --zero-knobs 200000; --check sets its own");
  app.option("--seed", plan.seed, "seed of every run");
  app.option("--csv", csv_path, "one row per run and parameter (default posteriordb.csv, --zero-knobs zero_knobs.csv)");
  app.flag("--check", check_mode, "the CTest subset: assert the tolerances");
  app.flag("--zero-knobs", zero_knob_mode, "issue #31: x0 = 0 and nothing set but the sampler");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  // What the options leave unset is the mode's.
  if (plan.samplers.empty()) {
    plan.samplers = zero_knob_mode ? std::vector<std::string>{"sgld", "sghmc", "psgld", "mhbt", "icsgld"}
                                   : std::vector<std::string>{"sgld", "sghmc", "psgld", "cycsgld", "mhbt", "csgld"};
  }
  if (plan.n_steps == 0) plan.n_steps = zero_knob_mode ? 200000 : 50000;
  if (csv_path.empty()) csv_path = zero_knob_mode ? "zero_knobs.csv" : "posteriordb.csv";
  std::vector<std::string> needed = plan.posteriors;
  if (check_mode) {
    needed.clear();
    for (const auto& c : zero_knob_mode ? zero_knob_check_cases() : check_cases()) needed.push_back(c.name);
  }
  for (const auto& name : needed) {
    if (!has_posterior(plan.dir, name)) {
      std::printf("SKIPPED: posteriordb's %s is not at %s (it is read in place from ../shared/posteriordb "
                  "beside the checkout)\n", name.c_str(), plan.dir.c_str());
      return kSkipped;
    }
  }
  if (!has_preconditioning() &&
      std::find(plan.preconditions.begin(), plan.preconditions.end(), "dense") != plan.preconditions.end()) {
    std::fprintf(stderr, "this engine has no option \"precondition\": running without it only\n");
    plan.preconditions = {"none"};
  }
  try {
    if (zero_knob_mode) return check_mode ? zero_knob_check(plan) : zero_knobs(plan, csv_path);
    return check_mode ? check(plan) : bench(plan, csv_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "posteriordb_bench: %s\n", e.what());
    return 1;
  }
}
