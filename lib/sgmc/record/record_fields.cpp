#include "sgmc/record/record_fields.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/record/contour_verdict.hpp"
#include "sgmc/estimators/cycle_weights.hpp"

namespace sgmc {

namespace {

FieldValues ints(std::vector<Index> v, Index rows, Index cols) {
  return {rows, cols, std::move(v), {}};
}
FieldValues doubles(std::vector<double> v, Index rows, Index cols) {
  return {rows, cols, {}, std::move(v)};
}
FieldValues int_column(std::vector<Index> v) {
  const auto n = std::ssize(v);
  return ints(std::move(v), n, 1);
}
FieldValues double_column(Eigen::Ref<const Eigen::VectorXd> v) {
  return doubles({v.begin(), v.end()}, v.size(), 1);
}
FieldValues int_scalar(Index v) { return ints({v}, 1, 1); }
FieldValues double_scalar(double v) { return doubles({v}, 1, 1); }

bool always(const RecordedRun&) { return true; }
bool contour(const RecordedRun& run) {
  return !run.chains.empty() && run.chains.front().contour.has_value();
}
bool mhbt(const RecordedRun& run) {
  return !run.chains.empty() && run.chains.front().mhbt.has_value();
}
bool cyclical(const RecordedRun& run) { return run.cyclical.has_value(); }
bool warmed_up(const RecordedRun& run) {
  return !run.chains.empty() && run.chains.front().warm_up.has_value();
}
bool sghmc(const RecordedRun& run) { return !run.chains.empty() && run.chains.front().friction > 0.0; }
bool random_walk(const RecordedRun& run) {
  return !run.chains.empty() && run.chains.front().rw_scale > 0.0;
}
bool rmsprop(const RecordedRun& run) {
  return !run.chains.empty() && !std::isnan(run.chains.front().rms_decay);
}
bool mhbt_warmed_up(const RecordedRun& run) { return mhbt(run) && warmed_up(run); }
bool swaps(const RecordedRun& run) { return !run.swaps.attempts.empty(); }

const ContourDraws& contour_of(const RecordedRun& run, std::size_t c) {
  return *run.chains[c].contour;
}

/// The partition chain c's contour sampler ran with.
const ContourDraws& configured(const RecordedRun& run, std::size_t c) {
  const auto& contour = contour_of(run, c);
  if (!contour.configured) {
    throw Error(ErrorKind::kState,
                "chain " + show(c) + " stopped during its pilot: no partition was chosen");
  }
  return contour;
}

const MhbtStats& mhbt_of(const RecordedRun& run, std::size_t c) { return *run.chains[c].mhbt; }

/// Chain c's importance log-weights of one kind (docs/contour.md).
template <WeightKind kind, WeightTheta when>
FieldValues log_weights(const RecordedRun& run, std::size_t c) {
  if (run.chains[c].draws.size() == 0) return double_column(Vec());
  return double_column(contour_of(run, c).log_weights(kind, when));
}

/// Chain c's value of one convergence check (SPEC §4.4): of its own theta,
/// or of the one theta the chains share.
template <ContourCheck check>
FieldValues check_value(const RecordedRun& run, std::size_t c) {
  const auto diagnosed = diagnose_run(run);
  return double_scalar(diagnosed.thetas[run.shared_theta ? 0 : c][static_cast<std::size_t>(check)]);
}

/// The run's verdict has a row "across chains" when independent contour
/// chains were run together.
bool across_chains(const RecordedRun& run) {
  return contour(run) && !run.shared_theta && run.chains.size() > 1;
}

// clang-format off
const RecordField kColumns[] = {
  {"energy", FieldType::kDouble, always, [](const RecordedRun& r, std::size_t c) {
     return double_column(r.chains[c].draws.energies()); }},
  {"step", FieldType::kInt64, always, [](const RecordedRun& r, std::size_t c) {
     return int_column(r.chains[c].draws.steps()); }},
  {"cycle", FieldType::kInt64, cyclical, [](const RecordedRun& r, std::size_t c) {
     return int_column(draw_cycles(r.chains[c].draws, *r.cyclical)); }},
  {"subregion", FieldType::kInt64, contour, [](const RecordedRun& r, std::size_t c) {
     return int_column(contour_of(r, c).trace.indices()); }},
  // The weights every estimate reads by default (docs/contour.md), then the
  // bin weights and those of the final theta.
  {"log_weight", FieldType::kDouble, contour,
   log_weights<WeightKind::kInterpolated, WeightTheta::kRunning>},
  {"log_weight_final", FieldType::kDouble, contour,
   log_weights<WeightKind::kInterpolated, WeightTheta::kFinal>},
  {"log_weight_bin", FieldType::kDouble, contour,
   log_weights<WeightKind::kBin, WeightTheta::kRunning>},
  {"log_weight_bin_final", FieldType::kDouble, contour,
   log_weights<WeightKind::kBin, WeightTheta::kFinal>},
};

const RecordField kStatistics[] = {
  {"temperature", FieldType::kDouble, always, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].temperature); }},
  {"iterations", FieldType::kInt64, always, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].steps_done); }},
  {"faults", FieldType::kInt64, always, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].faults); }},
  // The settings the chain ran with, and what an automatic warm-up
  // (docs/warm_up.md) measured to choose them.
  {"step_size", FieldType::kDouble, always, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].step_size); }},
  {"friction", FieldType::kDouble, sghmc, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].friction); }},
  {"rms_decay", FieldType::kDouble, rmsprop, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].rms_decay); }},
  {"warm_up_search_steps", FieldType::kInt64, warmed_up, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].warm_up->search_steps); }},
  {"warm_up_search_converged", FieldType::kInt64, warmed_up, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].warm_up->search_converged ? 1 : 0); }},
  {"warm_up_windows", FieldType::kInt64, warmed_up, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].warm_up->windows); }},
  {"warm_up_curvature", FieldType::kDouble, warmed_up, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].warm_up->choice.curvature); }},
  {"warm_up_noise", FieldType::kDouble, warmed_up, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].warm_up->choice.noise); }},
  {"rw_scale", FieldType::kDouble, random_walk, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].rw_scale); }},
  {"warm_up_acceptance", FieldType::kDouble, mhbt_warmed_up, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].warm_up->acceptance); }},
  {"theta", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     const auto theta = contour_of(r, c).theta.values();
     return doubles({theta.begin(), theta.end()}, 1, theta.size()); }},
  // Columns of the trace are thetas, so its memory is already row after row.
  {"theta_trace", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     const auto& trace = contour_of(r, c).trace.theta_trace();
     return doubles({trace.data(), trace.data() + trace.size()}, trace.cols(), trace.rows()); }},
  {"contour_u1", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(configured(r, c).theta.partition().u1); }},
  {"contour_du", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(configured(r, c).theta.partition().du); }},
  {"contour_m", FieldType::kInt64, contour, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(configured(r, c).theta.partition().m); }},
  {"contour_zeta", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(configured(r, c).theta.zeta()); }},
  {"contour_pilot_steps", FieldType::kInt64, contour, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(configured(r, c).pilot_steps); }},
  {"contour_automatic", FieldType::kInt64, contour, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(configured(r, c).automatic ? 1 : 0); }},
  // The convergence checks of the theta a chain moved with, named as
  // contour_checks() names them, and the run's verdict over them.
  {"contour_theta_max", FieldType::kDouble, contour, check_value<ContourCheck::kThetaMax>},
  {"contour_visit_tv", FieldType::kDouble, contour, check_value<ContourCheck::kVisitTv>},
  {"contour_multiplier_out", FieldType::kDouble, contour,
   check_value<ContourCheck::kMultiplierOut>},
  {"contour_theta_drift", FieldType::kDouble, contour, check_value<ContourCheck::kThetaDrift>},
  {"contour_kish_share", FieldType::kDouble, contour, check_value<ContourCheck::kKishShare>},
  {"contour_weighted_rhat", FieldType::kDouble, contour,
   check_value<ContourCheck::kWeightedRhat>},
  {"contour_weighted_ess", FieldType::kDouble, contour, check_value<ContourCheck::kWeightedEss>},
  {"contour_across_weighted_rhat", FieldType::kDouble, across_chains,
   [](const RecordedRun& r, std::size_t) {
     return double_scalar(diagnose_run(r).thetas.back()[static_cast<std::size_t>(
         ContourCheck::kWeightedRhat)]); }},
  {"contour_converged", FieldType::kInt64, contour, [](const RecordedRun& r, std::size_t) {
     return int_scalar(diagnose_run(r).verdict.converged ? 1 : 0); }},
  {"mhbt_proposed", FieldType::kInt64, mhbt, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(mhbt_of(r, c).proposed); }},
  {"mhbt_accepted", FieldType::kInt64, mhbt, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(mhbt_of(r, c).accepted); }},
  {"mhbt_forward_proposed", FieldType::kInt64, mhbt, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(mhbt_of(r, c).forward_proposed); }},
  {"mhbt_forward_accepted", FieldType::kInt64, mhbt, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(mhbt_of(r, c).forward_accepted); }},
  {"mhbt_beta", FieldType::kDouble, mhbt, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(mhbt_of(r, c).beta); }},
  {"cycles", FieldType::kInt64, cyclical, [](const RecordedRun& r, std::size_t) {
     return int_scalar(r.cyclical->cycles); }},
  {"swap_attempts", FieldType::kInt64, swaps, [](const RecordedRun& r, std::size_t) {
     return ints(r.swaps.attempts, 1, std::ssize(r.swaps.attempts)); }},
  {"swap_accepts", FieldType::kInt64, swaps, [](const RecordedRun& r, std::size_t) {
     return ints(r.swaps.accepts, 1, std::ssize(r.swaps.accepts)); }},
  // The top of the ladder, set or chosen by the warm-up (docs/warm_up.md):
  // the hottest replica's temperature.
  {"temperature_max", FieldType::kDouble, swaps, [](const RecordedRun& r, std::size_t) {
     double top = 0.0;
     for (const auto& chain : r.chains) top = std::max(top, chain.temperature);
     return double_scalar(top); }},
};
// clang-format on

}  // namespace

std::span<const RecordField> record_columns() { return kColumns; }
std::span<const RecordField> record_statistics() { return kStatistics; }

std::vector<const RecordField*> recorded_fields(std::span<const RecordField> fields,
                                                const RecordedRun& run) {
  std::vector<const RecordField*> out;
  for (const auto& field : fields) {
    if (field.recorded(run)) out.push_back(&field);
  }
  return out;
}

const RecordField* find_field(std::span<const RecordField> fields, const RecordedRun& run,
                              std::string_view name) {
  for (const auto& field : fields) {
    if (field.name == name && field.recorded(run)) return &field;
  }
  return nullptr;
}

}  // namespace sgmc
