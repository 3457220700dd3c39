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
#include <vector>

#include "model_spec.hpp"
#include "sgmc/config/options.hpp"

namespace sgmc::app {

struct Job {
  ModelSpec model;
  Options options;
  /// x0: one start for every chain (d values) or one per chain (n_chains * d,
  /// chain by chain); empty means the origin.
  std::vector<double> start;
  std::string draws = "draws.csv";      ///< CSV of every draw
  std::string summary = "summary.json"; ///< JSON summary
  /// Continue from the checkpoint file ("checkpoint_file") when it exists.
  bool resume = false;
};

/// Reads a config file into `job`, over what it holds. Throws sgmc::Error
/// naming the file when it cannot be read or is not JSON, and naming the key
/// and value of an unknown key, a wrong type or an out-of-range option.
void read_job(const std::string& path, Job& job);

}  // namespace sgmc::app
