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
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../common/command_line.hpp"
#include "../common/posteriordb.hpp"
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

struct Run {
  RunSettings settings;
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
        ConstVecRef x0, Index seed) {
  const auto options = options_for(settings, posterior.model->data_size(), seed);
  const auto start = std::chrono::steady_clock::now();
  const auto result = sample(*posterior.model, options, x0, {});
  Run out{settings, {}, 0, 0, {}};
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

void print_row(const Posterior& posterior, const Run& r) {
  const auto& s = r.settings;
  if (!r.fault.empty()) {
    std::printf("| %s | %s | %s | %.3g | %ld | %ld | - | - | - | %.1f | - | all: diverged (%s) |\n",
                posterior.name.c_str(), s.sampler.c_str(), s.precondition.c_str(), s.step_size,
                static_cast<long>(s.batch_size), static_cast<long>(s.n_steps), r.seconds, r.fault.c_str());
    return;
  }
  double worst = 0, sd_lo = INFINITY, sd_hi = 0;
  std::string misses;  // "name?": outside the tolerance, but 4 se exceed it
  int decided = 0;     // parameters whose 4 se are inside both tolerances
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    worst = std::max(worst, std::abs(c.mean_error));
    sd_lo = std::min(sd_lo, c.sd_ratio);
    sd_hi = std::max(sd_hi, c.sd_ratio);
    if (!within(c)) misses += (misses.empty() ? "" : " ") + posterior.names[j] + (decidable(c) ? "" : "?");
    decided += decidable(c);
  }
  std::printf("| %s | %s | %s | %.3g | %ld | %ld | %.3f | %.3f-%.3f | %.3g | %.1f | %d/%zu | %s |\n",
              posterior.name.c_str(), s.sampler.c_str(), s.precondition.c_str(), s.step_size,
              static_cast<long>(s.batch_size), static_cast<long>(s.n_steps), worst, sd_lo, sd_hi,
              min_ess_per_1k(r), r.seconds, decided, r.cells.size(), misses.empty() ? "-" : misses.c_str());
  std::fflush(stdout);
}

void write_csv(std::ostream& csv, const Posterior& posterior, const Run& r) {
  const auto& s = r.settings;
  if (!r.fault.empty()) {
    csv << posterior.name << "," << s.sampler << "," << s.precondition << "," << s.step_size << ","
        << s.batch_size << "," << s.n_steps << "," << s.burn_in << ",all,,,,,,0," << r.seconds << "\n";
  }
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    csv << posterior.name << "," << s.sampler << "," << s.precondition << "," << s.step_size << ","
        << s.batch_size << "," << s.n_steps << "," << s.burn_in << "," << posterior.names[j] << ","
        << c.mean_error << "," << c.sd_ratio << "," << 1000.0 * c.ess / r.evaluations << ","
        << c.mean_se << "," << c.sd_se << "," << within(c) << "," << r.seconds << "\n";
  }
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
  csv << "posterior,sampler,precondition,step_size,batch_size,n_steps,burn_in,parameter,mean_error,"
         "sd_ratio,ess_per_1k_grads,mean_se,sd_se,within,seconds\n";
  print_header();
  for (const auto& name : plan.posteriors) {
    const auto [posterior, reference, x0, s] = load(plan.dir, name);
    for (const auto& precondition : plan.preconditions) {
      for (const auto& sampler : plan.samplers) {
        const auto settings = settings_for(sampler, s, posterior.model->dim(), posterior.model->data_size(),
                                           posterior.exchangeable, plan.n_steps, 0, precondition);
        const Run r = run(posterior, reference, settings, x0, plan.seed);
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
      const Run r = run(posterior, reference, settings, x0, plan.seed);
      print_row(posterior, r);
      if (!r.fault.empty()) {
        ok = false;
        std::printf("FAIL %s %s: %s\n", name.c_str(), sampler.c_str(), r.fault.c_str());
      }
      for (std::size_t j = 0; j < r.cells.size(); ++j) {
        const auto& c = r.cells[j];
        if (within(c) && decidable(c)) continue;
        ok = false;
        std::printf("FAIL %s %s %s: mean error %.3f (se %.3f), sd ratio %.3f (se %.3f)%s\n", name.c_str(),
                    sampler.c_str(), posterior.names[j].c_str(), c.mean_error, c.mean_se, c.sd_ratio, c.sd_se,
                    decidable(c) ? "" : ": too short to decide (4 se exceed the tolerance)");
      }
    }
  }
  std::printf(ok ? "posteriordb check passed\n" : "posteriordb check FAILED\n");
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"sgmc's samplers against posteriordb's reference draws"};
  Plan plan;
  plan.dir = SGMC_POSTERIORDB_DIR;
  plan.posteriors = posterior_names();
  plan.samplers = {"sgld", "sghmc", "psgld", "cycsgld", "mhbt", "csgld"};
  plan.preconditions = {"none", "dense"};
  plan.n_steps = 50000;
  std::string csv_path = "posteriordb.csv";
  bool check_mode = false;
  app.option("--posteriordb", plan.dir, "the posteriordb folder (default ../shared/posteriordb)");
  app.option("--posteriors", plan.posteriors, "posterior folders");
  app.option("--samplers", plan.samplers, "samplers");
  app.option("--precondition", plan.preconditions, "none and/or dense");
  app.option("--steps", plan.n_steps, "iterations per chain (4 chains), burn-in (a fifth) included; --check sets its own");
  app.option("--seed", plan.seed, "seed of every run");
  app.option("--csv", csv_path, "one row per run and parameter");
  app.flag("--check", check_mode, "the CTest subset: assert the tolerances");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;
  std::vector<std::string> needed = plan.posteriors;
  if (check_mode) {
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
    return check_mode ? check(plan) : bench(plan, csv_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "posteriordb_bench: %s\n", e.what());
    return 1;
  }
}
