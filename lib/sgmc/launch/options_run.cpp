#include "sgmc/launch/options_run.hpp"

#include <limits>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/drivers/execute.hpp"

namespace sgmc {
namespace {

std::vector<std::uint8_t> preamble(const Options& options, const ModelShape& shape, ConstVecRef x0) {
  ByteWriter out;
  out.section("RUN ");
  out.i64(shape.dim);
  out.i64(shape.data_size);
  options.save(out);
  out.values(x0);
  return out.release();
}

/// The run of `options`, resumed from `resume` when it is set, checkpointing
/// to "checkpoint_file" or else `resumed_from`.
std::unique_ptr<Run> make_run(const Options& options, const ModelShape& shape, ConstVecRef x0,
                              ByteReader* resume, const std::string& resumed_from) {
  auto plan = checkpointing(options);
  if (plan.path.empty()) plan.path = resumed_from;
  plan.preamble = preamble(options, shape, x0);  // also for Run::save()
  plan.resume = resume;
  const auto record = record_policy(options);
  const auto config = run_config(options);
  return std::make_unique<Run>(
      make_driver(shape, sampler_config(options), record, config, x0, resume != nullptr),
      record.n_steps, config, std::move(plan));
}

Options with_overrides(Options saved, const Options* overrides) {
  if (overrides == nullptr) return saved;
  for (const auto& spec : option_specs()) {
    if (!overrides->is_set(spec.name)) continue;
    const auto& wanted = overrides->get(spec.name);
    if (spec.resumable) {
      saved.set(spec.name, wanted);
    } else if (wanted != saved.get(spec.name)) {
      throw Error(ErrorKind::kInvalidArgument,
                  "option '" + std::string(spec.name) +
                      "' differs from the checkpoint's; a resumed run may change only " +
                      resumable_options_text());
    }
  }
  if (!overrides->theta0().empty() && overrides->theta0() != saved.theta0()) {
    throw Error(ErrorKind::kInvalidArgument, "option theta0 differs from the checkpoint's");
  }
  return saved;
}

/// A checkpoint's preamble, read up to the chains' starts.
struct Preamble {
  Index dim;
  Index data_size;
  Options options;
};

Preamble read_preamble(ByteReader& in) {
  in.section("RUN ");
  constexpr Index kMax = std::numeric_limits<Index>::max();
  const Index dim = in.index("dimension", 1, kMax);
  const Index data_size = in.index("data size", 0, kMax);
  return {dim, data_size, Options::load(in)};
}

RestartedRun restart_payload(const std::vector<std::uint8_t>& payload, const std::string& path,
                             const Options* overrides, const ModelShape& shape) {
  ByteReader in(payload);
  const auto [dim, data_size, options] = read_preamble(in);
  if (dim != shape.dim || data_size != shape.data_size) {
    throw Error(ErrorKind::kInvalidArgument,
                "argument 'model' has dim = " + show(shape.dim) + " and data size N = " +
                    show(shape.data_size) + "; checkpoint '" + path +
                    "' was written for dim = " + show(dim) + " and N = " + show(data_size));
  }
  RestartedRun restarted{with_overrides(options, overrides), nullptr};
  const auto starts = in.double_array("x0", std::numeric_limits<Index>::max());
  const Eigen::Map<const Vec> x0(starts.data(), static_cast<Index>(starts.size()));
  restarted.run = make_run(restarted.options, shape, x0, &in, path);
  return restarted;
}

ResumedRun resume_payload(const Model& model, const std::vector<std::uint8_t>& payload,
                          const std::string& path, const Options* overrides,
                          const ProgressFn& progress) {
  auto restarted = restart_payload(payload, path, overrides, {model.dim(), model.data_size()});
  return {restarted.options,
          run_to_end(*restarted.run, model, run_config(restarted.options), progress)};
}

}  // namespace

SampleResult sample(const Model& model, const Options& options, ConstVecRef x0,
                    const ProgressFn& progress) {
  const auto run = make_run(options, {model.dim(), model.data_size()}, x0, nullptr, {});
  return run_to_end(*run, model, run_config(options), progress);
}

std::unique_ptr<Run> start_run(const Options& options, const ModelShape& shape, ConstVecRef x0) {
  return make_run(options, shape, x0, nullptr, {});
}

RestartedRun restart(const std::string& path, const Options* overrides, const ModelShape& shape) {
  return restart_payload(read_checkpoint_file(path), path, overrides, shape);
}

ResumedRun resume(const Model& model, const std::string& path, const Options* overrides,
                  const ProgressFn& progress) {
  return resume_payload(model, read_checkpoint_file(path), path, overrides, progress);
}

ResumedRun resume_file_bytes(const Model& model, std::span<const std::uint8_t> file,
                             const std::string& name, const Options* overrides,
                             const ProgressFn& progress) {
  return resume_payload(model, checked_payload(file, name), name, overrides, progress);
}

Options checkpoint_options(const std::string& path) {
  const auto payload = read_checkpoint_file(path);
  ByteReader in(payload);
  return read_preamble(in).options;
}

}  // namespace sgmc
