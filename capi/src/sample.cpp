// sgmc_sample: a batch of independent chains through the parallel driver.
#include <optional>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/drivers/driver.hpp"

using sgmc::capi::create_into;
using sgmc::capi::require_non_null;

extern "C" sgmc_status sgmc_sample(sgmc_draws** out, const sgmc_model* model,
                                   const sgmc_options* options, const double* x0, int64_t x0_len,
                                   sgmc_progress_fn progress, void* user) {
  bool cancelled = false;
  std::optional<sgmc::ModelFault> fault;
  const sgmc_status status = create_into(out, [&] {
    require_non_null(model, "model");
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    sgmc::ProgressFn report;
    if (progress != nullptr) {
      report = [&](sgmc::Index done, sgmc::Index total) { return progress(done, total, user) == 0; };
    }
    const auto sampler = sgmc::sampler_config(options->options);
    auto result = sgmc::sample(*model->model, sampler,
                               sgmc::record_policy(options->options),
                               sgmc::run_config(options->options),
                               Eigen::Map<const Eigen::VectorXd>(x0, x0_len), report);
    cancelled = result.outcome.cancelled;
    fault = std::move(result.outcome.fault);
    auto draws = std::make_unique<sgmc_draws>();
    draws->chains.reserve(result.chains.size());
    for (const auto& chain : result.chains) draws->add(*chain);
    draws->swaps = std::move(result.swaps);
    return draws;
  });
  // A fault of the model: the draws so far are in *out all the same.
  if (status == SGMC_OK && fault) return sgmc::capi::fail_with(*fault);
  if (status == SGMC_OK && cancelled) {
    return sgmc::capi::fail(SGMC_CANCELLED, "the progress callback stopped the run");
  }
  return status;
}
