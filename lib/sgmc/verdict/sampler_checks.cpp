#include "sgmc/verdict/sampler_checks.hpp"

#include <cmath>

#include "sgmc/diagnostics/open_top_influence.hpp"
#include "sgmc/record/contour_verdict.hpp"

namespace sgmc {

namespace {

/// count / total, NaN for no total.
double share(Index count, Index total) {
  return total > 0 ? static_cast<double>(count) / static_cast<double>(total) : std::nan("");
}

/// Keeps the worse of check's value and `value` (NaN is worst).
void keep_worst(Check& check, double value, const std::string& where) {
  if (std::isnan(check.value)) return;
  const bool worse = std::isnan(value) || (check.fails_above ? value > check.value : value < check.value);
  if (worse || check.where.empty()) {
    check.value = value;
    check.where = where;
  }
}

}  // namespace

std::vector<Check> mhbt_checks(const RecordedRun& run) {
  if (run.chains.empty() || !run.chains.front().mhbt) return {};
  Check check{"mhbt_acceptance", 0.0, 0.01, false, "",
              "proposals are almost never accepted: the chain stays near where it started; "
              "lower step_size (or rw_scale for the random walk)"};
  for (std::size_t c = 0; c < run.chains.size(); ++c) {
    const MhbtStats& stats = *run.chains[c].mhbt;
    keep_worst(check, share(stats.accepted, stats.proposed), "chain " + show(c));
  }
  return {check};
}

std::vector<Check> swap_checks(const RecordedRun& run) {
  if (run.swaps.attempts.empty()) return {};
  Check check{"swap_acceptance", 0.0, 0.01, false, "",
              "neighbouring replicas almost never swap: the ladder is cut and the tau = 1 "
              "replica explores alone; use more replicas (n_chains) or a lower temperature_max"};
  for (std::size_t p = 0; p < run.swaps.attempts.size(); ++p) {
    keep_worst(check, share(run.swaps.accepts[p], run.swaps.attempts[p]),
               "replicas " + show(p) + " and " + show(p + 1));
  }
  return {check};
}

std::vector<Check> contour_checks_of(const RecordedRun& run) {
  if (run.chains.empty() || !run.chains.front().contour) return {};
  const RunDiagnostics diagnosed = diagnose_run(run);
  std::vector<Check> out;
  const auto specs = contour_checks();
  for (std::size_t k = 0; k < specs.size(); ++k) {
    const ContourCheckSpec& spec = specs[k];
    Check check{"contour_" + std::string(spec.name), 0.0, spec.limit, spec.fails_above, "",
                std::string(spec.meaning)};
    for (std::size_t t = 0; t < diagnosed.thetas.size(); ++t) {
      if (judged(k, diagnosed.thetas, diagnosed.labels, t)) {
        keep_worst(check, diagnosed.thetas[t][k], diagnosed.labels[t]);
      }
    }
    out.push_back(std::move(check));
  }
  return out;
}

std::vector<Check> open_top_checks(const RecordedRun& run) {
  if (run.chains.empty() || !run.chains.front().contour) return {};
  Check check{"contour_top_influence", 0.0, 0.05, true, "",
              "the draws in the open top subregion (energies above the partition's last "
              "boundary) move a weighted mean by more than 0.05 sd or a weighted sd by more than "
              "5%: the estimates rest on a few far excursions the partition does not resolve, "
              "or on mass above it; lower the step (step_bias), or raise a partition you set "
              "(contour_du or contour_m)"};
  const auto records = contour_records(run);
  if (run.shared_theta) {
    keep_worst(check, open_top_influence(records), "all chains (shared theta)");
  } else {
    for (std::size_t c = 0; c < records.size(); ++c) {
      keep_worst(check, open_top_influence(std::span(records).subspan(c, 1)), "chain " + show(c));
    }
  }
  return {check};
}

std::vector<Check> fault_checks(const RecordedRun& run) {
  Index faults = 0, evaluations = 0;
  for (const auto& chain : run.chains) {
    faults += chain.faults;
    evaluations += chain.faults + chain.steps_done;
  }
  Check check{"fault_share", share(faults, evaluations), 0.01, true, "all chains",
              "the model failed (a non-finite value or an error) at more than 1% of the "
              "evaluations, which were rejected: the draws avoid where it fails; fix the "
              "model, or lower the step size if the failures are overflow"};
  if (evaluations == 0) check.value = 0.0;
  return {check};
}

}  // namespace sgmc
