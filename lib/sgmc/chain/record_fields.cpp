#include "sgmc/chain/record_fields.hpp"

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
  // The weights every estimate reads by default (docs/contour.md).
  {"log_weight", FieldType::kDouble, contour, [](const RecordedRun& r, std::size_t c) {
     if (r.chains[c].draws.size() == 0) return double_column(Vec());
     return double_column(
         contour_of(r, c).log_weights(WeightKind::kInterpolated, WeightTheta::kRunning)); }},
};

const RecordField kStatistics[] = {
  {"temperature", FieldType::kDouble, always, [](const RecordedRun& r, std::size_t c) {
     return double_scalar(r.chains[c].temperature); }},
  {"iterations", FieldType::kInt64, always, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].steps_done); }},
  {"faults", FieldType::kInt64, always, [](const RecordedRun& r, std::size_t c) {
     return int_scalar(r.chains[c].faults); }},
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

}  // namespace sgmc
