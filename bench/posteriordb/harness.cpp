#include "harness.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "../common/posteriordb.hpp"
#include "sgmc/launch/options_run.hpp"

namespace sgmc::bench {
namespace {

constexpr double kMeanTolerance = 0.1;  ///< reference sds
constexpr double kSdTolerance = 0.1;    ///< relative
constexpr double kStandardErrors = 4.0;

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

}  // namespace

Target load(const std::string& dir, const std::string& name) {
  const std::string folder = dir + "/" + name;
  Target t{load_posterior(dir, name), {}, {}, {}};
  t.reference = t.posterior.exact ? *t.posterior.exact : reference_moments(folder, t.posterior.names);
  t.x0 = starts(t.posterior, folder, kChains);
  t.stiffness = stiffness(*t.posterior.model, t.x0.head(t.posterior.model->dim()));
  std::fprintf(stderr, "%s: lambda_max %.3g, condition number %.3g\n", name.c_str(), t.stiffness.lambda_max,
               t.stiffness.condition());
  return t;
}

Run run(const Target& target, const RunSettings& settings, const Options& options, ConstVecRef x0,
        const Inspect& inspect) {
  const auto start = std::chrono::steady_clock::now();
  const auto result = sample(*target.posterior.model, options, x0, {});
  Run out{settings, chosen(result.chains), {}, 0, 0, {}};
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (inspect) inspect(result);
  if (result.outcome.fault) {
    // A non-finite energy or gradient: the chain diverged. Reported, not fatal.
    out.fault = result.outcome.fault->what();
    return out;
  }
  out.cells = measure(target.posterior, target.reference, result.chains);
  out.evaluations = static_cast<double>(settings.n_steps * static_cast<Index>(result.chains.size()));
  return out;
}

bool within(const ParameterCell& c) {
  return std::abs(c.mean_error) <= kMeanTolerance && std::abs(c.sd_ratio - 1.0) <= kSdTolerance;
}
bool decidable(const ParameterCell& c) {
  return kStandardErrors * c.mean_se <= kMeanTolerance && kStandardErrors * c.sd_se <= kSdTolerance;
}
bool right(const Run& r) {
  return r.fault.empty() && std::all_of(r.cells.begin(), r.cells.end(), within);
}

double min_ess_per_1k(const Run& r) {
  double ess = r.cells.empty() ? 0 : INFINITY;
  for (const auto& c : r.cells) ess = std::min(ess, 1000.0 * c.ess / r.evaluations);
  return ess;
}

std::string measured_cells(const Posterior& posterior, const Run& r) {
  char cells[512];
  if (!r.fault.empty()) {
    std::snprintf(cells, sizeof cells, "- | - | - | %.1f | - | all: diverged (%s)", r.seconds, r.fault.c_str());
    return cells;
  }
  double worst = 0, sd_lo = INFINITY, sd_hi = 0;
  std::string misses;
  int decided = 0;
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    worst = std::max(worst, std::abs(c.mean_error));
    sd_lo = std::min(sd_lo, c.sd_ratio);
    sd_hi = std::max(sd_hi, c.sd_ratio);
    if (!within(c)) misses += (misses.empty() ? "" : " ") + posterior.names[j] + (decidable(c) ? "" : "?");
    decided += decidable(c);
  }
  std::snprintf(cells, sizeof cells, "%.3f | %.3f-%.3f | %.3g | %.1f | %d/%zu | %s", worst, sd_lo, sd_hi,
                min_ess_per_1k(r), r.seconds, decided, r.cells.size(), misses.empty() ? "-" : misses.c_str());
  return cells;
}

const char* const kCsvHeader =
    "posterior,sampler,precondition,step_size,batch_size,n_steps,burn_in,parameter,mean_error,"
    "sd_ratio,ess_per_1k_grads,mean_se,sd_se,within,seconds";

void write_csv(std::ostream& csv, const Posterior& posterior, const Run& r, const std::string& extra) {
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

bool passed(const Posterior& posterior, const Run& r) {
  const char* name = posterior.name.c_str();
  const char* sampler = r.settings.sampler.c_str();
  bool ok = r.fault.empty();
  if (!ok) std::printf("FAIL %s %s: %s\n", name, sampler, r.fault.c_str());
  for (std::size_t j = 0; j < r.cells.size(); ++j) {
    const auto& c = r.cells[j];
    if (within(c) && decidable(c)) continue;
    ok = false;
    std::printf("FAIL %s %s %s: mean error %.3f (se %.3f), sd ratio %.3f (se %.3f)%s\n", name, sampler,
                posterior.names[j].c_str(), c.mean_error, c.mean_se, c.sd_ratio, c.sd_se,
                decidable(c) ? "" : ": too short to decide (4 se exceed the tolerance)");
  }
  return ok;
}

int report_check(bool ok) {
  std::printf(ok ? "posteriordb check passed\n" : "posteriordb check FAILED\n");
  return ok ? 0 : 1;
}

}  // namespace sgmc::bench
