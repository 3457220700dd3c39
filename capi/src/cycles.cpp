// sgmc_draws_*cycle*: the cycles of cycsgld and cycsghmc runs and their
// combination (SPEC §3, cSG-MCMC App. F).
#include "c_enum.hpp"
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/estimators/cycle_weights.hpp"

using sgmc::capi::c_enum_value;
using sgmc::capi::chain_store;
using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace {

const sgmc::StepSchedule& cyclical_schedule(const sgmc_draws* draws) {
  require_non_null(draws, "draws");
  if (!draws->cyclical) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "the draws are not from a cyclical sampler (cycsgld or cycsghmc)");
  }
  return *draws->cyclical;
}

/// The normalised log cycle weights of one chain's draws.
sgmc::Vec log_weights(const sgmc_draws* draws, int64_t chain, const sgmc_model* model,
                      int weighting, const void* out) {
  const auto& schedule = cyclical_schedule(draws);
  const auto& store = chain_store(draws, chain, out);
  sgmc::require(weighting == SGMC_CYCLE_WEIGHTS_EQUAL || weighting == SGMC_CYCLE_WEIGHTS_HARMONIC,
                "weighting", weighting,
                "must be SGMC_CYCLE_WEIGHTS_EQUAL or SGMC_CYCLE_WEIGHTS_HARMONIC");
  sgmc::Vec log_lik;
  auto kind = sgmc::CycleWeighting::kEqual;
  if (weighting == SGMC_CYCLE_WEIGHTS_HARMONIC) {
    require_non_null(model, "model");
    log_lik = sgmc::log_likelihoods(*model->model, store.draws());
    kind = sgmc::CycleWeighting::kHarmonic;
  }
  return sgmc::cycle_log_weights(kind, sgmc::draw_cycles(store, schedule), schedule.cycles,
                                 log_lik);
}

}  // namespace

extern "C" {

sgmc_status sgmc_draws_cycle_count(const sgmc_draws* draws, int64_t* n_cycles) {
  return guarded([&] {
    const auto& schedule = cyclical_schedule(draws);
    require_non_null(n_cycles, "n_cycles");
    *n_cycles = schedule.cycles;
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_copy_cycles(const sgmc_draws* draws, int64_t chain, int64_t* out,
                                   int64_t out_len) {
  return guarded([&] {
    const auto& schedule = cyclical_schedule(draws);
    const auto& store = chain_store(draws, chain, out);
    require_length(out_len, store.size(), "out_len");
    const auto cycles = sgmc::draw_cycles(store, schedule);
    std::copy(cycles.begin(), cycles.end(), out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_cycle_weights(const sgmc_draws* draws, int64_t chain,
                                     const sgmc_model* model, sgmc_cycle_weighting weighting,
                                     double* weights, int64_t weights_len) {
  return guarded([&] {
    const auto log_w = log_weights(draws, chain, model, c_enum_value(weighting), weights);
    require_length(weights_len, log_w.size(), "weights_len");
    Eigen::Map<Eigen::VectorXd>(weights, log_w.size()) = log_w.array().exp().matrix();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_cycle_mean(const sgmc_draws* draws, int64_t chain, const sgmc_model* model,
                                  sgmc_cycle_weighting weighting, double* mean, int64_t dim) {
  return guarded([&] {
    const auto log_w = log_weights(draws, chain, model, c_enum_value(weighting), mean);
    const auto& store = chain_store(draws, chain, mean);
    sgmc::require(dim == store.dim(), "dim", dim,
                  ("must equal the draws' dimension " + sgmc::show(store.dim())).c_str());
    Eigen::Map<Eigen::VectorXd>(mean, dim) =
        sgmc::combined_mean(store.draws(), sgmc::draw_cycles(store, *draws->cyclical), log_w);
    return SGMC_OK;
  });
}

}
