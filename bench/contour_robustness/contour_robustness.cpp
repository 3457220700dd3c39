// Do the contour samplers get asymmetric mixtures right with the automatic
// configuration of SPEC §4.4, and does their diagnostic say so when they do
// not? For each target of mixtures.hpp and each sampler: `seeds` runs of 4
// chains started in a minor mode, n_steps iterations per chain, options
// left at their defaults but for the step size; per run the largest error
// of the estimated mode masses (weighted for the contour samplers, the
// mean of the chains' estimates, pooled for ICSGLD), the Kish ESS share,
// the diagnostic's verdict and the wall time. Writes one CSV row per run
// and a summary table on stdout.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../common/command_line.hpp"
#include "../common/low_dim_gauss_mix.hpp"
#include "mixtures.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/record/contour_verdict.hpp"

namespace {

using sgmc::Index;
using sgmc::bench::Mixture;

struct RunResult {
  double error = 0;       ///< max over modes of |estimated mass - true mass|
  double kish_share = 0;  ///< Kish ESS / draws (1 for unweighted samplers)
  bool flagged = false;   ///< the diagnostic's verdict: not converged
  double seconds = 0;
  double rhat = 0;        ///< the largest weighted_rhat of the verdict
  /// Per check of contour_checks(): its worst value over the verdict's
  /// rows (NaN for other samplers), and the checks the verdict failed.
  std::vector<double> worst = std::vector<double>(sgmc::kContourChecks, NAN);
  std::string fired;
  std::string choice;     ///< the automatic partition of chain 0
  std::string reasons;
};

/// A fixed partition instead of the automatic one (--u1, --du, --m).
struct FixedPartition {
  double u1 = NAN;
  double du = 0.5;
  Index m = 60;
};

/// mixture_options for `chains` chains, with a fixed partition when one is given.
sgmc::Options options_for(const std::string& sampler, Index n_steps, Index chains, Index seed,
                          const FixedPartition& fixed, double step_bias) {
  sgmc::Options o = sgmc::bench::mixture_options(sampler, n_steps, seed, step_bias);
  if (!std::isnan(fixed.u1)) {
    o.set("contour_u1", fixed.u1);
    o.set("contour_du", fixed.du);
    o.set("contour_m", std::int64_t{fixed.m});
  }
  o.set("n_chains", std::int64_t{chains});
  return o;
}

/// "u1=... du=... m=... zeta=...": the partition a chain ran with.
std::string describe(const sgmc::ContourDraws& chain) {
  const auto& p = chain.theta.partition();
  char text[96];
  std::snprintf(text, sizeof text, "u1=%.2f du=%.2f m=%ld zeta=%.2f", p.u1, p.du,
                static_cast<long>(p.m), chain.theta.zeta());
  return text;
}

/// The verdict of a contour run into `out` (nothing for other samplers).
void add_verdict(RunResult& out, const sgmc::SampleResult& result) {
  if (result.chains.front()->contour() == nullptr) return;
  const auto diagnosed = sgmc::diagnose_run(sgmc::recorded_run(result.chains));
  out.flagged = !diagnosed.verdict.converged;
  const auto checks = sgmc::contour_checks();
  for (std::size_t c = 0; c < checks.size(); ++c) {
    double worst = NAN;
    for (std::size_t t = 0; t < diagnosed.thetas.size(); ++t) {
      const double value = diagnosed.thetas[t][c];
      if (std::isnan(worst) || (checks[c].fails_above ? value > worst : value < worst)) worst = value;
    }
    out.worst[c] = worst;
    // The verdict's reasons read "<label>: <name> = ..." for a failed check.
    if (diagnosed.verdict.reasons.find(": " + std::string(checks[c].name) + " ") == std::string::npos) continue;
    if (!out.fired.empty()) out.fired += ' ';
    out.fired.append(checks[c].name);
  }
  out.rhat = out.worst[static_cast<std::size_t>(sgmc::ContourCheck::kWeightedRhat)];
  out.reasons = diagnosed.verdict.reasons;
  out.choice = describe(result.chains.front()->contour()->snapshot());
}

RunResult run(const Mixture& target, const std::string& sampler, Index n_steps, Index seed,
              const FixedPartition& fixed, double step_bias) {
  const auto model = target.target();
  const sgmc::Vec x0 = target.centres.col(target.start_mode);
  const auto start = std::chrono::steady_clock::now();
  // reSGLD's chains are the replicas of one ladder, whose lowest makes the
  // estimate: a one-chain target still gets the bench's four.
  const Index chains = sampler == "resgld" ? std::max<Index>(target.chains, 4) : target.chains;
  const auto result = sgmc::sample(*model, options_for(sampler, n_steps, chains, seed, fixed, step_bias), x0, {});
  RunResult out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto estimate = sgmc::bench::mode_masses(target, result);
  out.error = (estimate.masses - target.weights).cwiseAbs().maxCoeff();
  out.kish_share = estimate.kish_share;
  add_verdict(out, result);
  return out;
}

/// low_dim_gauss_mix of posteriordb, full batch, 4 chains from
/// mu = (-1, 1), sigma = 1, theta = 1/2: the largest error of a weighted
/// posterior mean in reference standard deviations.
RunResult run_posterior(const std::string& dir, const std::string& sampler, Index n_steps,
                        Index seed, double step_bias) {
  const auto model = sgmc::bench::LowDimGaussMix::from_posteriordb(dir);
  const auto reference = sgmc::bench::reference_moments(dir, sgmc::bench::LowDimGaussMix::names());
  auto o = options_for(sampler, n_steps, 4, seed, {}, step_bias);
  // eps / friction = 1e-4 for CSGHMC; pCSGLD's preconditioner 1/(0.1 + sqrt(V))
  // grows to 10 where the full-data mean gradient vanishes, at the mode.
  if (step_bias == 0.0) {
    o.set("step_size", sampler == "csghmc" || sampler == "sghmc" || sampler == "pcsgld" ? 1e-5 : 1e-4);
  }
  if (sampler == "resgld") o.set("temperature_max", 3.0);
  sgmc::Vec x0(5);
  x0 << -1.0, std::log(2.0), 0.0, 0.0, 0.0;
  const auto start = std::chrono::steady_clock::now();
  const auto result = sgmc::sample(model, o, x0, {});
  RunResult out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto& chains = result.chains;
  const bool contour = chains.front()->contour() != nullptr;
  sgmc::Vec mean = sgmc::Vec::Zero(5);
  // reSGLD: only chain 0, the replica at the target's temperature.
  const std::size_t used = sampler == "resgld" ? 1 : chains.size();
  for (std::size_t c = 0; c < used; ++c) {
    const auto& draws = chains[c]->draws();
    Eigen::MatrixXd x(5, draws.size());
    for (Index i = 0; i < draws.size(); ++i) x.col(i) = sgmc::bench::LowDimGaussMix::constrained(draws.draws().col(i));
    const sgmc::Vec log_w = contour ? chains[c]->contour()->snapshot().log_weights(sgmc::WeightKind::kInterpolated, sgmc::WeightTheta::kRunning)
                                    : sgmc::Vec(sgmc::Vec::Zero(draws.size()));
    mean += sgmc::weighted_moments(x, log_w).mean / static_cast<double>(used);
    out.kish_share += sgmc::kish_ess(sgmc::normalised_weights(log_w)) / static_cast<double>(draws.size() * static_cast<Index>(used));
  }
  out.error = ((mean - reference.mean).array() / reference.sd.array()).abs().maxCoeff();
  add_verdict(out, result);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  sgmc::bench::CommandLine app{"Contour samplers with the automatic partition on asymmetric mixtures"};
  Index n_steps = 200000;
  Index seeds = 10;
  std::vector<std::string> targets{"mix2_d2", "mix2u_d2", "mix2u_d5",  "mix2u_d10",         "mix2w_d10",
                                   "mix3_d2", "mix3_d5",  "mix3_d10", "low_dim_gauss_mix"};
  std::vector<std::string> samplers{"csgld", "csghmc", "pcsgld", "icsgld", "sgld", "resgld"};
  std::string csv_path = "contour_robustness.csv";
  bool verbose = false;
  FixedPartition fixed;
  app.option("--steps", n_steps, "iterations per chain (4 chains; 1 for mix2w_d10)");
  app.option("--seeds", seeds, "runs per target and sampler");
  app.option("--targets", targets, "targets of mixtures.hpp");
  app.option("--samplers", samplers, "samplers");
  app.option("--csv", csv_path, "one row per run");
  app.flag("--verbose", verbose, "print the diagnostic's reasons of flagged runs");
  std::string posteriordb = SGMC_POSTERIORDB_DIR;
  app.option("--posteriordb", posteriordb, "the posteriordb folder (default ../shared/posteriordb)");
  app.option("--u1", fixed.u1, "a fixed partition's u1 instead of the automatic one");
  app.option("--du", fixed.du, "with --u1: du (default 0.5)");
  app.option("--m", fixed.m, "with --u1: m (default 60)");
  double step_bias = 0.0;
  app.option("--step-bias", step_bias,
             "> 0: no step_size or friction, the warm-up chooses them for this bias target "
             "(issue #31; 0.05 is the library's default)");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;

  std::vector<Mixture> all{sgmc::bench::two_modes_2d()};
  for (const Index d : {2, 5, 10}) all.push_back(sgmc::bench::two_modes(d));
  all.push_back(sgmc::bench::two_modes_one_chain());
  for (const Index d : {2, 5, 10}) all.push_back(sgmc::bench::three_modes(d));

  std::ofstream csv(csv_path);
  csv << "target,sampler,seed,max_error,kish_share,flagged,weighted_rhat,seconds,partition,fired";
  for (const auto& check : sgmc::contour_checks()) csv << "," << check.name;
  csv << "\n";
  std::printf("%-10s %-7s %6s %8s %9s %6s %8s  %s\n", "target", "sampler", "within", "median",
              "kish", "flags", "seconds", "partition (chain 0, seed 1)");
  for (const auto& name : targets) {
    const Mixture* target = nullptr;
    for (const auto& m : all) {
      if (m.name == name) target = &m;
    }
    const bool posterior = name == "low_dim_gauss_mix";
    if (target == nullptr && !posterior) {
      std::cerr << "unknown target " << name << "\n";
      return 2;
    }
    for (const auto& sampler : samplers) {
      std::vector<double> errors;
      Index within = 0;
      Index flagged = 0;
      Index wrong_unflagged = 0;
      double kish = 0;
      double seconds = 0;
      std::string choice;
      for (Index seed = 1; seed <= seeds; ++seed) {
        const RunResult r = posterior ? run_posterior(posteriordb + "/low_dim_gauss_mix-low_dim_gauss_mix",
                                                      sampler, n_steps / 10, seed, step_bias)
                                      : run(*target, sampler, n_steps, seed, fixed, step_bias);
        if (seed == 1) choice = r.choice;
        errors.push_back(r.error);
        within += r.error <= (posterior ? 0.1 : 0.05);
        flagged += r.flagged;
        wrong_unflagged += r.error > (posterior ? 0.1 : 0.05) && !r.flagged;
        kish += r.kish_share / static_cast<double>(seeds);
        seconds += r.seconds / static_cast<double>(seeds);
        csv << name << "," << sampler << "," << seed << "," << r.error << "," << r.kish_share << ","
            << r.flagged << "," << r.rhat << "," << r.seconds << ",\"" << r.choice << "\",\""
            << r.fired << "\"";
        for (const double value : r.worst) csv << "," << value;
        csv << "\n";
        if (verbose && r.flagged) std::printf("    seed %ld: %s\n", static_cast<long>(seed), r.reasons.c_str());
      }
      std::sort(errors.begin(), errors.end());
      std::printf("%-10s %-7s %3ld/%-2ld %8.3f %9.3f %3ld/%-2ld %8.2f  %s%s\n", name.c_str(),
                  sampler.c_str(), static_cast<long>(within), static_cast<long>(seeds),
                  errors[errors.size() / 2], kish, static_cast<long>(flagged),
                  static_cast<long>(seeds), seconds, choice.c_str(),
                  wrong_unflagged > 0 ? "  WRONG AND UNFLAGGED" : "");
      std::fflush(stdout);
    }
  }
  return 0;
}
