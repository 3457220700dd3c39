// Issue #17: the samplers against posteriordb's reference draws. For every
// posterior of ../shared/posteriordb and every sampler (SGLD, SGHMC, pSGLD,
// cyclical SGLD, exact full-batch Metropolis-Hastings = MHBT's random walk
// at c_n = N, CSGLD), without and with the dense preconditioner: 4 chains
// started at 4 reference draws (chain c at draw 1 of reference chain c: in
// the typical set, so that burn-in measures mixing, not the approach), and
// per parameter (mean - reference mean) / reference sd, sd / reference sd
// (the reference: the seven regressions' exact moments, exact_regression.hpp;
// the NUTS draws' for the other two) and bulk ESS per 1,000 gradient evaluations (one evaluation = one
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
// subset (zero_knobs.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "../common/command_line.hpp"
#include "../common/posteriordb.hpp"
#include "harness.hpp"
#include "zero_knobs.hpp"

namespace sgmc::bench {
namespace {

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

void print_header() {
  std::printf("| posterior | sampler | precond | eps | batch | n_steps | max abs mean err | sd ratio min-max "
              "| ESS/1k grads min | s | decided | misses |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
}

void print_row(const Posterior& posterior, const Run& r) {
  const auto& s = r.settings;
  std::printf("| %s | %s | %s | %.3g | %ld | %ld | %s |\n", posterior.name.c_str(), s.sampler.c_str(),
              s.precondition.c_str(), s.step_size, static_cast<long>(s.batch_size),
              static_cast<long>(s.n_steps), measured_cells(posterior, r).c_str());
  std::fflush(stdout);
}

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
    const Target target = load(plan.dir, name);
    const auto& [posterior, reference, x0, s] = target;
    for (const auto& precondition : plan.preconditions) {
      for (const auto& sampler : plan.samplers) {
        const auto settings = settings_for(sampler, s, posterior.model->dim(), posterior.model->data_size(),
                                           posterior.exchangeable, plan.n_steps, 0, precondition);
        const Run r = run(target, settings, options_for(settings, posterior.model->data_size(), plan.seed), x0);
        print_row(posterior, r);
        write_csv(csv, posterior, r);
        runs.emplace_back(name, r);
      }
    }
  }
  print_preconditioning(runs);
  return 0;
}

/// The CTest subset; returns the exit status (0 pass, 1 fail).
int check(const Plan& plan) {
  bool ok = true;
  print_header();
  for (const auto& [name, length] : check_cases()) {
    const Target target = load(plan.dir, name);
    const auto& [posterior, reference, x0, s] = target;
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
      const Run r = run(target, settings, options_for(settings, n, plan.seed), x0);
      print_row(posterior, r);
      ok = passed(posterior, r) && ok;
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
  app.option("--precondition", plan.preconditions, "none and/or dense (ignored by --zero-knobs: the engine chooses)");
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
    plan.samplers = zero_knob_mode ? zero_knob_samplers()
                                   : std::vector<std::string>{"sgld", "sghmc", "psgld", "cycsgld", "mhbt", "csgld"};
  }
  if (plan.n_steps == 0) plan.n_steps = zero_knob_mode ? kZeroKnobSteps : 50000;
  if (csv_path.empty()) csv_path = zero_knob_mode ? "zero_knobs.csv" : "posteriordb.csv";
  std::vector<std::string> needed = plan.posteriors;
  if (check_mode && zero_knob_mode) {
    needed = zero_knob_check_posteriors();
  } else if (check_mode) {
    needed.clear();
    for (const auto& c : check_cases()) needed.push_back(c.name);
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
