// sgmc_sample and sgmc_resume: a run of chains through the engine's drivers,
// saving itself to "checkpoint_file" when that is set.
#include <optional>

#include "callback_exchange.hpp"
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/drivers/execute.hpp"
#include "sgmc/launch/options_run.hpp"

using sgmc::capi::create_into;
using sgmc::capi::require_non_null;

namespace {

/// Publishes the draws of `start()`'s run in *out (also when the progress
/// callback cancelled it).
template <typename Start>
sgmc_status collect(sgmc_draws** out, Start&& start) {
  bool cancelled = false;
  std::optional<sgmc::ModelFault> fault;
  const sgmc_status status = create_into(out, [&] {
    sgmc::SampleResult result = start();
    cancelled = result.outcome.cancelled;
    fault = std::move(result.outcome.fault);
    return sgmc_draws::of(result.chains, std::move(result.swaps));
  });
  // A fault of the model: the draws so far are in *out all the same.
  if (status == SGMC_OK && fault) return sgmc::capi::fail_with(*fault);
  if (status == SGMC_OK && cancelled) {
    return sgmc::capi::fail(SGMC_CANCELLED, "the progress callback stopped the run");
  }
  return status;
}

sgmc::ProgressFn reporter(sgmc_progress_fn progress, void* user) {
  if (progress == nullptr) return {};
  return [progress, user](sgmc::Index done, sgmc::Index total) {
    return progress(done, total, user) == 0;
  };
}

}  // namespace

extern "C" sgmc_status sgmc_sample(sgmc_draws** out, const sgmc_model* model,
                                   const sgmc_options* options, const double* x0, int64_t x0_len,
                                   sgmc_progress_fn progress, void* user) {
  return collect(out, [&] {
    require_non_null(model, "model");
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    return sgmc::sample(*model->model, options->options,
                        Eigen::Map<const Eigen::VectorXd>(x0, x0_len), reporter(progress, user));
  });
}

extern "C" sgmc_status sgmc_resume(sgmc_draws** out, const sgmc_model* model, const char* path,
                                   const sgmc_options* overrides, sgmc_progress_fn progress,
                                   void* user) {
  return collect(out, [&] {
    require_non_null(model, "model");
    require_non_null(path, "path");
    try {
      return sgmc::resume(*model->model, path, overrides ? &overrides->options : nullptr,
                          reporter(progress, user))
          .result;
    } catch (const sgmc::Error& e) {
      // Name the argument that carried a mismatched option.
      const std::string message = e.what();
      if (e.kind() == sgmc::ErrorKind::kInvalidArgument && message.rfind("option ", 0) == 0) {
        throw sgmc::Error(e.kind(), "argument 'overrides': " + message);
      }
      throw;
    }
  });
}

extern "C" sgmc_status sgmc_sample_distributed(sgmc_draws** out, const sgmc_model* model,
                                               const sgmc_options* options, const double* x0,
                                               int64_t x0_len, const sgmc_exchange* exchange) {
  return collect(out, [&] {
    require_non_null(model, "model");
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    const auto& opts = options->options;
    if (sgmc::checkpointing(opts).writes()) {
      throw sgmc::Error(sgmc::ErrorKind::kUnsupported,
                        "option 'checkpoint_file' = \"" + opts.get_string("checkpoint_file") +
                            "\": a run over several processes does not write checkpoints");
    }
    const auto config = sgmc::run_config(opts);
    const auto record = sgmc::record_policy(opts);
    sgmc::capi::CallbackExchange processes(exchange, config.n_chains);
    const sgmc::ModelShape shape{model->model->dim(), model->model->data_size()};
    return sgmc::sample_with(
        sgmc::make_driver(shape, sgmc::sampler_config(opts), record, config,
                          Eigen::Map<const Eigen::VectorXd>(x0, x0_len), false, processes),
        *model->model, record.n_steps, config, {}, {});
  });
}

extern "C" sgmc_status sgmc_chain_block(int64_t n_chains, int32_t rank, int32_t processes,
                                        int64_t* first, int64_t* count) {
  return sgmc::capi::guarded([&] {
    sgmc::require(n_chains >= 1, "n_chains", n_chains, "must be >= 1");
    sgmc::require(processes >= 1 && processes <= n_chains, "processes", processes,
                  ("must be in [1, n_chains = " + sgmc::show(n_chains) + "]").c_str());
    sgmc::require(rank >= 0 && rank < processes, "rank", rank,
                  ("must be in [0, processes = " + sgmc::show(processes) + ")").c_str());
    require_non_null(first, "first");
    require_non_null(count, "count");
    const auto block = sgmc::block_of(n_chains, rank, processes);
    *first = block.first;
    *count = block.count;
    return SGMC_OK;
  });
}

extern "C" sgmc_status sgmc_fail(sgmc_status status, const char* message) {
  return sgmc::capi::fail(status, message != nullptr ? message : "");
}

extern "C" sgmc_status sgmc_checkpoint_options(sgmc_options** out, const char* path) {
  return create_into(out, [&] {
    require_non_null(path, "path");
    return std::make_unique<sgmc_options>(sgmc_options{sgmc::checkpoint_options(path)});
  });
}
