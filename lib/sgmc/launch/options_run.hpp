// A run configured by the options scheme, as the C API and the command-line
// program start it, and its resumption from a checkpoint. The checkpoint's
// preamble (section "RUN ": model shape, options, starting points) is what
// rebuilds the run before the driver reads its state back.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "sgmc/config/options.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/drivers/run.hpp"

namespace sgmc {

/// sample() with the configuration of `options`, writing checkpoints to
/// "checkpoint_file" when it is set.
SampleResult sample(const Model& model, const Options& options, ConstVecRef x0,
                    const ProgressFn& progress);

/// A run continued from its checkpoint.
struct ResumedRun {
  Options options;  ///< the saved run's, with the overrides applied
  SampleResult result;
};

/// Continues the run saved at `path` on `model` (its dimension and data
/// size must match the saved run's). `overrides` (or null) may change only
/// "threads", "progress_every", "checkpoint_file" and "checkpoint_every";
/// another option set there must equal the saved value. The run goes on
/// checkpointing to its "checkpoint_file", or to `path` when that is empty.
/// Throws Error: kIo, kFormat or kUnsupported for an unusable file (nothing
/// changes), kInvalidArgument for a mismatch.
ResumedRun resume(const Model& model, const std::string& path, const Options* overrides,
                  const ProgressFn& progress);

/// resume() from the bytes of a checkpoint file (`name` labels messages
/// and is where the run goes on checkpointing unless its options say).
ResumedRun resume_file_bytes(const Model& model, std::span<const std::uint8_t> file,
                             const std::string& name, const Options* overrides,
                             const ProgressFn& progress);

/// A run of `options` for a model of `shape` from x0 that its caller
/// answers (HostedRun: sgmc_run_create), writing checkpoints to
/// "checkpoint_file" when that is set. Throws sgmc::Error naming a bad
/// option or argument.
std::unique_ptr<Run> start_run(const Options& options, const ModelShape& shape, ConstVecRef x0);

/// A run continued from its checkpoint, for its caller to answer.
struct RestartedRun {
  Options options;  ///< the saved run's, with the overrides applied
  std::unique_ptr<Run> run;
};
/// The run saved at `path` for a model of `shape`, continued as resume()
/// continues it (same checks, overrides and errors).
RestartedRun restart(const std::string& path, const Options* overrides, const ModelShape& shape);

/// The options of the run saved at `path` (checked as resume() checks the
/// file; the chains' states are not read).
Options checkpoint_options(const std::string& path);

}  // namespace sgmc
