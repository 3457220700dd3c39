#include "sgmc/launch/options_run.hpp"

#include <array>
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
  if (plan.writes()) plan.preamble = preamble(options, shape, x0);
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

std::unique_ptr<Chain> make_chain(const Options& options, Index dim, Index data_size,
                                  ConstVecRef x0, Index index) {
  require(dim >= 1, "dim", dim, "must be >= 1");
  require(index >= 0, "chain_index", index, "must be >= 0");
  const auto run = run_config(options);
  const auto sampler = sampler_config(options);
  const std::string name(sampler_name(sampler.kind));
  if (sampler.kind == SamplerKind::kResgld) {
    throw Error(ErrorKind::kUnsupported, "option 'sampler' = \"resgld\": replica exchange couples "
                                         "its chains; run it with sgmc_sample");
  }
  if (is_interacting(sampler.kind)) {
    throw Error(ErrorKind::kUnsupported,
                "option 'sampler' = \"" + name + "\": its chains share one theta; run it with sgmc_sample");
  }
  return std::make_unique<Chain>(sampler, record_policy(options), dim, data_size, x0,
                                 ChainSeed{run.seed, index});
}

void save_chain(const std::string& path, const AskTellChain& chain) {
  ByteWriter out;
  out.section("RUN ");
  out.i64(chain.chain->dim());
  out.i64(chain.data_size);
  chain.options.save(out);
  out.values(chain.x0);
  write_driver_section(out, DriverKind::kAskTell, chain.chain->steps_done());
  out.i64(chain.chain->index());
  save_chains(out, std::array{chain.chain.get()});
  write_checkpoint_file(path, out.bytes());
}

AskTellChain load_chain(const std::string& path) {
  const auto payload = read_checkpoint_file(path);
  ByteReader in(payload);
  auto [dim, data_size, options] = read_preamble(in);
  const auto x0 = in.double_array("x0", dim);
  const Index steps = read_driver_section(in, DriverKind::kAskTell, record_policy(options).n_steps);
  const Index index = in.index("chain index", 0, std::numeric_limits<Index>::max());
  AskTellChain loaded{std::move(options), data_size, Eigen::Map<const Vec>(x0.data(), std::ssize(x0)), nullptr};
  loaded.chain = make_chain(loaded.options, dim, data_size, loaded.x0, index);
  std::array chains{loaded.chain.get()};
  load_chains(in, chains, steps);
  return loaded;
}

Options checkpoint_options(const std::string& path) {
  const auto payload = read_checkpoint_file(path);
  ByteReader in(payload);
  return read_preamble(in).options;
}

}  // namespace sgmc
