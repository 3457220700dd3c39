// The model of `sgmc run`, the "model" object of a config file: a built-in
// target (SPEC §9, or a Gaussian) with simulated gradient noise, or a data
// model (docs/models.md) on a CSV file with a header row.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "json_fields.hpp"
#include "library.hpp"

namespace sgmc::app {

/// Simulated noise of a target's energy and gradient (SPEC §0): the sds of
/// sgmc_model_target() and sgmc_model_gaussian().
struct TargetNoise {
  double energy_sd = 0;
  double grad_sd = 0;
};

struct ModelSpec {
  /// "mix1d", "nine", "twentyfive", "gauss25" or "gaussian"; empty means
  /// gauss25 unless a data file is given.
  std::string target;
  TargetNoise noise;
  std::vector<double> mean = {0.0};  ///< gaussian: the mean, d values
  std::vector<double> sd;            ///< gaussian: per-coordinate sd; empty = all 1

  std::string data;          ///< CSV file of a data model; empty for a target
  std::string response;      ///< its target column (header name); required with data
  std::string type = "logistic";  ///< "logistic", "linear" or "mlp"
  /// "double" or "float32" (sgmc_data_float32: the regressions read float
  /// features, the MLP computes in float)
  std::string features = "double";
  double prior_sd = 1.0;     ///< s of the N(0, s^2 I) prior
  double noise_sd = 1.0;     ///< linear, mlp regression: sigma; linear: 0 = sampled
  double log_noise_prior_sd = 1.0;  ///< linear with sampled sigma: s_t
  // linear and logistic with the priors of sgmc_model_linear_priors and
  // sgmc_model_logistic_priors: any of these set means that model, with
  // prior_sd as the coefficients' scale; without sigma_prior, sigma is as
  // noise_sd and log_noise_prior_sd say.
  std::optional<bool> intercept;          ///< default true
  std::optional<sgmc_prior> coef_prior;   ///< "flat" or "normal" (default)
  std::optional<sgmc_prior> sigma_prior;  ///< "known", "lognormal", "flat", "half_normal", "half_cauchy"
  double sigma_scale = 1.0;               ///< sigma_scale of sgmc_model_linear_priors
  Index hidden = 10;         ///< mlp: hidden units H
  std::string output = "softmax";   ///< mlp: "softmax" (classes) or "gaussian"
  Index classes = 0;         ///< mlp softmax: K; 0 = largest label + 1
  /// The parameters' names, d of them; empty = the model's own.
  std::vector<std::string> names;
};

/// Reads the members of the config's "model" object into `spec`.
void read_model_spec(JsonFields& fields, ModelSpec& spec);

/// Builds the model, its parameters named spec.names (checked against the
/// model, as "model.names") or as the model names them. Throws Failure
/// naming a bad setting or file.
ModelHandle make_model(const ModelSpec& spec);

/// The names of the model's parameters, d of them.
std::vector<std::string> parameter_names(const sgmc_model* model);

}  // namespace sgmc::app
