// sgmc_sample and sgmc_resume: a run of chains through the engine's drivers,
// saving itself to "checkpoint_file" when that is set.
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/drivers/driver.hpp"

#include <array>
#include <string_view>

using sgmc::capi::create_into;
using sgmc::capi::require_non_null;

namespace {

/// The options a resumed run may change: where and how it runs, not what.
constexpr std::array<std::string_view, 4> kResumeOverrides = {"threads", "progress_every",
                                                              "checkpoint_file", "checkpoint_every"};

/// A checkpoint's preamble: what rebuilds the run before the driver reads
/// its state (section "RUN ": model shape, options, starting points).
std::vector<std::uint8_t> preamble(const sgmc::Options& options, const sgmc::Model& model,
                                   sgmc::ConstVecRef x0) {
  sgmc::ByteWriter out;
  out.section("RUN ");
  out.i64(model.dim());
  out.i64(model.data_size());
  options.save(out);
  out.values(x0);
  return out.release();
}

/// The run of `options` on `model` from x0, resumed from `resume` when set;
/// its draws go to *out (also when the progress callback cancels it).
sgmc_status run(sgmc_draws** out, const sgmc_model* model, const sgmc::Options& options,
                sgmc::ConstVecRef x0, sgmc_progress_fn progress, void* user,
                sgmc::ByteReader* resume, const std::string& resumed_from) {
  bool cancelled = false;
  const sgmc_status status = create_into(out, [&] {
    sgmc::ProgressFn report;
    if (progress != nullptr) {
      report = [&](sgmc::Index done, sgmc::Index total) { return progress(done, total, user) == 0; };
    }
    auto checkpointing = sgmc::checkpointing(options);
    if (checkpointing.path.empty()) checkpointing.path = resumed_from;
    if (checkpointing.writes()) checkpointing.preamble = preamble(options, *model->model, x0);
    checkpointing.resume = resume;
    auto result = sgmc::sample(*model->model, sgmc::sampler_config(options),
                               sgmc::record_policy(options), sgmc::run_config(options), x0, report,
                               checkpointing);
    cancelled = result.outcome.cancelled;
    auto draws = std::make_unique<sgmc_draws>();
    draws->chains.reserve(result.chains.size());
    for (const auto& chain : result.chains) draws->add(*chain);
    draws->swaps = std::move(result.swaps);
    return draws;
  });
  if (status == SGMC_OK && cancelled) {
    return sgmc::capi::fail(SGMC_CANCELLED, "the progress callback stopped the run");
  }
  return status;
}

/// The checkpoint's options with the run-placement options of `overrides`
/// applied; any other option set in `overrides` must agree.
sgmc::Options resumed_options(sgmc::Options options, const sgmc_options* overrides) {
  if (overrides == nullptr) return options;
  for (const auto& spec : sgmc::option_specs()) {
    if (!overrides->options.is_set(spec.name)) continue;
    const auto& wanted = overrides->options.get(spec.name);
    if (std::find(kResumeOverrides.begin(), kResumeOverrides.end(), spec.name) != kResumeOverrides.end()) {
      options.set(spec.name, wanted);
    } else if (wanted != options.get(spec.name)) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "argument 'overrides': option '" + std::string(spec.name) +
                            "' differs from the checkpoint's; a resumed run may change only "
                            "threads, progress_every, checkpoint_file and checkpoint_every");
    }
  }
  if (!overrides->options.theta0().empty() && overrides->options.theta0() != options.theta0()) {
    throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                      "argument 'overrides': theta0 differs from the checkpoint's");
  }
  return options;
}

}  // namespace

extern "C" sgmc_status sgmc_sample(sgmc_draws** out, const sgmc_model* model,
                                   const sgmc_options* options, const double* x0, int64_t x0_len,
                                   sgmc_progress_fn progress, void* user) {
  if (out != nullptr) *out = nullptr;
  return sgmc::capi::guarded([&] {
    require_non_null(model, "model");
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(x0_len >= 0, "x0_len", x0_len, "must be >= 0");
    return run(out, model, options->options, Eigen::Map<const Eigen::VectorXd>(x0, x0_len),
               progress, user, nullptr, {});
  });
}

extern "C" sgmc_status sgmc_resume(sgmc_draws** out, const sgmc_model* model, const char* path,
                                   const sgmc_options* overrides, sgmc_progress_fn progress,
                                   void* user) {
  if (out != nullptr) *out = nullptr;
  return sgmc::capi::guarded([&] {
    require_non_null(out, "out");
    require_non_null(model, "model");
    require_non_null(path, "path");
    const auto payload = sgmc::read_checkpoint_file(path);
    sgmc::ByteReader in(payload);
    in.section("RUN ");
    const sgmc::Index dim = in.index("dimension", 1, std::numeric_limits<sgmc::Index>::max());
    const sgmc::Index data_size = in.index("data size", 0, std::numeric_limits<sgmc::Index>::max());
    if (dim != model->model->dim() || data_size != model->model->data_size()) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "argument 'model' has dim = " + sgmc::show(model->model->dim()) +
                            " and data size N = " + sgmc::show(model->model->data_size()) +
                            "; checkpoint '" + path + "' was written for dim = " + sgmc::show(dim) +
                            " and N = " + sgmc::show(data_size));
    }
    const auto options = resumed_options(sgmc::Options::load(in), overrides);
    const auto starts = in.double_array("x0", std::numeric_limits<sgmc::Index>::max());
    const Eigen::Map<const Eigen::VectorXd> x0(starts.data(), static_cast<sgmc::Index>(starts.size()));
    return run(out, model, options, x0, progress, user, &in, path);
  });
}
