// sgmc_draws_cycle_weights, sgmc_draws_cycle_mean: combining the cycles of
// cycsgld and cycsghmc runs (SPEC §3, cSG-MCMC App. F), read from the
// record by name.
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/estimators/cycle_weights.hpp"
#include "sgmc/record/record_fields.hpp"

using sgmc::capi::chain_store;
using sgmc::capi::enum_arg;
using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace {

/// One chain's draws, the cycle of each and the number of cycles M.
struct ChainCycles {
  const sgmc::DrawStore& store;
  std::vector<sgmc::Index> of_draw;
  sgmc::Index count;
};

ChainCycles chain_cycles(const sgmc_draws* draws, int64_t chain, const void* out) {
  const auto& store = chain_store(draws, chain, out);
  const auto* cycle = sgmc::find_field(sgmc::record_columns(), *draws, "cycle");
  if (cycle == nullptr) {
    throw sgmc::Error(sgmc::ErrorKind::kState,
                      "the draws are not from a cyclical sampler (they have no column \"cycle\")");
  }
  const auto c = static_cast<std::size_t>(chain);
  const auto count = sgmc::find_field(sgmc::record_statistics(), *draws, "cycles")->values(*draws, c);
  return {store, cycle->values(*draws, c).ints, count.ints.front()};
}

/// The normalised log cycle weights of one chain's draws.
sgmc::Vec log_weights(const ChainCycles& cycles, const sgmc_model* model, int weighting) {
  sgmc::require(weighting == SGMC_CYCLE_WEIGHTS_EQUAL || weighting == SGMC_CYCLE_WEIGHTS_HARMONIC,
                "weighting", weighting,
                "must be SGMC_CYCLE_WEIGHTS_EQUAL or SGMC_CYCLE_WEIGHTS_HARMONIC");
  sgmc::Vec log_lik;
  auto kind = sgmc::CycleWeighting::kEqual;
  if (weighting == SGMC_CYCLE_WEIGHTS_HARMONIC) {
    require_non_null(model, "model");
    log_lik = sgmc::log_likelihoods(*model->model, cycles.store.draws());
    kind = sgmc::CycleWeighting::kHarmonic;
  }
  return sgmc::cycle_log_weights(kind, cycles.of_draw, cycles.count, log_lik);
}

}  // namespace

extern "C" {

sgmc_status sgmc_draws_cycle_weights(const sgmc_draws* draws, int64_t chain,
                                     const sgmc_model* model, sgmc_cycle_weighting weighting,
                                     double* weights, int64_t weights_len) {
  return guarded([&] {
    const auto log_w = log_weights(chain_cycles(draws, chain, weights), model, enum_arg(weighting));
    require_length(weights_len, log_w.size(), "weights_len");
    Eigen::Map<Eigen::VectorXd>(weights, log_w.size()) = log_w.array().exp().matrix();
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_cycle_mean(const sgmc_draws* draws, int64_t chain, const sgmc_model* model,
                                  sgmc_cycle_weighting weighting, double* mean, int64_t dim) {
  return guarded([&] {
    const auto cycles = chain_cycles(draws, chain, mean);
    const auto log_w = log_weights(cycles, model, enum_arg(weighting));
    sgmc::require(dim == cycles.store.dim(), "dim", dim,
                  ("must equal the draws' dimension " + sgmc::show(cycles.store.dim())).c_str());
    Eigen::Map<Eigen::VectorXd>(mean, dim) =
        sgmc::combined_mean(cycles.store.draws(), cycles.of_draw, log_w);
    return SGMC_OK;
  });
}

}
