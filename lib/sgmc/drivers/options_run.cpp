#include "sgmc/drivers/options_run.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

/// The options a resumed run may change: where and how it runs, not what.
constexpr std::array<std::string_view, 4> kPlacement = {"threads", "progress_every",
                                                        "checkpoint_file", "checkpoint_every"};

std::vector<std::uint8_t> preamble(const Options& options, const Model& model, ConstVecRef x0) {
  ByteWriter out;
  out.section("RUN ");
  out.i64(model.dim());
  out.i64(model.data_size());
  options.save(out);
  out.values(x0);
  return out.release();
}

SampleResult run(const Model& model, const Options& options, ConstVecRef x0,
                 const ProgressFn& progress, ByteReader* resume, const std::string& resumed_from) {
  auto plan = checkpointing(options);
  if (plan.path.empty()) plan.path = resumed_from;
  if (plan.writes()) plan.preamble = preamble(options, model, x0);
  plan.resume = resume;
  return sample(model, sampler_config(options), record_policy(options), run_config(options), x0,
                progress, plan);
}

Options with_overrides(Options saved, const Options* overrides) {
  if (overrides == nullptr) return saved;
  for (const auto& spec : option_specs()) {
    if (!overrides->is_set(spec.name)) continue;
    const auto& wanted = overrides->get(spec.name);
    if (std::find(kPlacement.begin(), kPlacement.end(), spec.name) != kPlacement.end()) {
      saved.set(spec.name, wanted);
    } else if (wanted != saved.get(spec.name)) {
      throw Error(ErrorKind::kInvalidArgument,
                  "option '" + std::string(spec.name) +
                      "' differs from the checkpoint's; a resumed run may change only threads, "
                      "progress_every, checkpoint_file and checkpoint_every");
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

ResumedRun resume_payload(const Model& model, const std::vector<std::uint8_t>& payload,
                          const std::string& path, const Options* overrides,
                          const ProgressFn& progress) {
  ByteReader in(payload);
  const auto [dim, data_size, options] = read_preamble(in);
  if (dim != model.dim() || data_size != model.data_size()) {
    throw Error(ErrorKind::kInvalidArgument,
                "argument 'model' has dim = " + show(model.dim()) + " and data size N = " +
                    show(model.data_size()) + "; checkpoint '" + path +
                    "' was written for dim = " + show(dim) + " and N = " + show(data_size));
  }
  ResumedRun resumed{with_overrides(options, overrides), {}};
  const auto starts = in.double_array("x0", std::numeric_limits<Index>::max());
  const Eigen::Map<const Vec> x0(starts.data(), static_cast<Index>(starts.size()));
  resumed.result = run(model, resumed.options, x0, progress, &in, path);
  return resumed;
}

}  // namespace

SampleResult sample(const Model& model, const Options& options, ConstVecRef x0,
                    const ProgressFn& progress) {
  return run(model, options, x0, progress, nullptr, {});
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
