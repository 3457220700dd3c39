// What `sgmc run` does, read from a JSON config file:
//
//   {"model": {"target": "gauss25", "gradient_noise": 1},
//    "options": {"sampler": "sghmc", "step_size": 0.005, "n_chains": 4},
//    "start": [0, 0], "draws": "draws.csv", "summary": "summary.json"}
//
// A relative "model.data" path is read beside the config file. Command-line
// flags override the file after reading (main.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model_spec.hpp"
#include "option_set.hpp"

namespace sgmc::app {

struct Job {
  ModelSpec model;
  OptionSet options;
  /// x0: one start for every chain (d values) or one per chain (n_chains * d,
  /// chain by chain); empty means the origin.
  std::vector<double> start;
  std::string draws = "draws.csv";      ///< CSV of every draw
  std::string summary = "summary.json"; ///< JSON summary
  /// Continue from the checkpoint file ("checkpoint_file") when it exists.
  bool resume = false;
  /// No progress output (--quiet).
  bool quiet = false;
};

/// The flags of `sgmc run` (main.cpp); each one given overrides the config.
struct RunFlags {
  std::string config;
  std::string target;
  std::string data;
  std::string response;
  std::string model;
  std::string features;  ///< model.features
  std::vector<std::string> sets;  ///< "key=value", in order
  std::string draws;
  std::string summary;
  std::string checkpoint;  ///< --checkpoint: option checkpoint_file
  bool resume = false;     ///< --resume
  bool quiet = false;      ///< --quiet
};

/// Reads a config file into `job`, over what it holds. Throws Failure
/// naming the file when it cannot be read or is not JSON, and naming the key
/// and value of an unknown key, a wrong type or an out-of-range option.
void read_job(const std::string& path, Job& job);

/// read_job() on config text already in memory: `path` names the config in
/// messages, and a relative "model.data" is found beside it.
void parse_job(std::string_view text, const std::string& path, Job& job);

/// The job of `sgmc run`: the config file (if any), then apply_flags().
/// Throws Failure as read_job() and set_option() do.
Job make_job(const RunFlags& flags);

/// Applies every flag but `config` over `job`: the model flags, then each
/// `--set` in order (set_option()), then the output files.
void apply_flags(const RunFlags& flags, Job& job);

}  // namespace sgmc::app
