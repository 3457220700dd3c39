// The model of `sgmc run`: a built-in target (SPEC §9, or a Gaussian) with
// simulated gradient noise, as the "model" object of a config file.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "json_fields.hpp"
#include "sgmc/models/model.hpp"
#include "sgmc/models/target_noise.hpp"

namespace sgmc::app {

struct ModelSpec {
  /// "mix1d", "nine", "twentyfive", "gauss25" or "gaussian".
  std::string target = "gauss25";
  TargetNoise noise;
  std::vector<double> mean = {0.0};  ///< gaussian: the mean, d values
  std::vector<double> sd;            ///< gaussian: per-coordinate sd; empty = all 1
};

/// Reads the members of the config's "model" object into `spec`.
void read_model_spec(JsonFields& fields, ModelSpec& spec);

/// Builds the model. Throws sgmc::Error naming a bad setting.
std::unique_ptr<Model> make_model(const ModelSpec& spec);

}  // namespace sgmc::app
