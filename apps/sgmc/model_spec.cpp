#include "model_spec.hpp"

#include <utility>

namespace sgmc::app {
namespace {

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& expected) {
  throw Failure("model '" + key + "' = \"" + value + "\": " + expected);
}

/// A model made by a C constructor that writes it to its first argument.
template <typename Make>
ModelHandle made(Make&& make) {
  sgmc_model* model = nullptr;
  make(&model);
  return ModelHandle(model);
}

ModelHandle make_target(const ModelSpec& spec) {
  const std::string target = spec.target.empty() ? "gauss25" : spec.target;
  const TargetNoise& noise = spec.noise;
  if (target != "gaussian") {
    return made([&](sgmc_model** out) {
      const sgmc_status status =
          sgmc_model_target(out, target.c_str(), noise.energy_sd, noise.grad_sd);
      if (status == SGMC_OK) return;
      // The library's message lists its targets; the program adds its own.
      const std::string message = sgmc_last_error();
      const auto colon = message.find("\": ");
      if (message.rfind("argument 'target'", 0) != 0 || colon == std::string::npos) check(status);
      bad("target", target, message.substr(colon + 3) + ", gaussian");
    });
  }
  const auto d = static_cast<Index>(spec.mean.size());
  Vec sd = Vec::Ones(d);
  if (!spec.sd.empty()) {
    if (static_cast<Index>(spec.sd.size()) != d) {
      throw Failure("argument 'model.sd' = " + std::to_string(spec.sd.size()) +
                    ": must have as many values as model.mean");
    }
    sd = Eigen::Map<const Vec>(spec.sd.data(), d);
  }
  const Eigen::MatrixXd covariance = sd.array().square().matrix().asDiagonal();  // symmetric: row-major alike
  return made([&](sgmc_model** out) {
    check(sgmc_model_gaussian(out, d, spec.mean.data(), covariance.data(), noise.energy_sd,
                              noise.grad_sd));
  });
}

ModelHandle make_linear(const sgmc_data* data, const ModelSpec& spec) {
  if (!spec.intercept && !spec.coef_prior && !spec.sigma_prior) {
    return made([&](sgmc_model** out) {
      check(sgmc_model_linear(out, data, spec.prior_sd, spec.noise_sd, spec.log_noise_prior_sd));
    });
  }
  sgmc_prior sigma_prior = SGMC_PRIOR_KNOWN;
  double sigma_scale = spec.noise_sd;
  const char* sigma_key = "model.noise_sd";
  if (spec.sigma_prior) {
    sigma_prior = *spec.sigma_prior;
    sigma_scale = spec.sigma_scale;
    sigma_key = "model.sigma_scale";
  } else if (spec.noise_sd == 0.0) {
    sigma_prior = SGMC_PRIOR_LOG_NORMAL;
    sigma_scale = spec.log_noise_prior_sd;
    sigma_key = "model.log_noise_prior_sd";
  }
  return made([&](sgmc_model** out) {
    const sgmc_status status = sgmc_model_linear_priors(
        out, data, spec.intercept.value_or(true) ? 1 : 0, spec.coef_prior.value_or(SGMC_PRIOR_NORMAL),
        spec.prior_sd, sigma_prior, sigma_scale);
    check_as(status, {{"coef_scale", "model.prior_sd"}, {"sigma_scale", sigma_key}});
  });
}

ModelHandle make_logistic(const sgmc_data* data, const ModelSpec& spec) {
  if (!spec.intercept && !spec.coef_prior) {
    return made([&](sgmc_model** out) { check(sgmc_model_logistic(out, data, spec.prior_sd)); });
  }
  return made([&](sgmc_model** out) {
    check_as(sgmc_model_logistic_priors(out, data, spec.intercept.value_or(true) ? 1 : 0,
                                        spec.coef_prior.value_or(SGMC_PRIOR_NORMAL), spec.prior_sd),
             {{"coef_scale", "model.prior_sd"}});
  });
}

/// The named choice of `choices` for a config key.
template <std::size_t n>
std::optional<sgmc_prior> read_choice(JsonFields& fields, const std::string& key,
                                      const std::pair<const char*, sgmc_prior> (&choices)[n]) {
  const auto value = fields.text(key);
  if (!value) return std::nullopt;
  std::string known;
  for (std::size_t i = 0; i < n; ++i) {
    if (*value == choices[i].first) return choices[i].second;
    known += (i == 0 ? "" : ", ") + std::string(choices[i].first);
  }
  fields.fail(key, "must be one of " + known);
}

constexpr std::pair<const char*, sgmc_prior> kCoefPriors[] = {{"flat", SGMC_PRIOR_FLAT},
                                                              {"normal", SGMC_PRIOR_NORMAL}};
constexpr std::pair<const char*, sgmc_prior> kSigmaPriors[] = {
    {"known", SGMC_PRIOR_KNOWN},
    {"lognormal", SGMC_PRIOR_LOG_NORMAL},
    {"flat", SGMC_PRIOR_FLAT},
    {"half_normal", SGMC_PRIOR_HALF_NORMAL},
    {"half_cauchy", SGMC_PRIOR_HALF_CAUCHY}};

DataHandle read_data(const ModelSpec& spec) {
  sgmc_data* data = nullptr;
  check(sgmc_data_read_csv(&data, spec.data.c_str(), spec.response.c_str()));
  DataHandle owned(data);
  if (spec.features == "float32") {
    check(sgmc_data_float32(&data, owned.get()));
    owned.reset(data);
  }
  return owned;
}

ModelHandle make_data_model(const ModelSpec& spec) {
  if (!spec.target.empty()) {
    bad("target", spec.target, "a model has a target or a data file, not both");
  }
  if (spec.response.empty()) bad("response", "", "name the target column of the data file");
  if (spec.type != "logistic" && spec.type != "linear" && spec.type != "mlp") {
    bad("type", spec.type, "must be one of logistic, linear, mlp");
  }
  if (spec.features != "double" && spec.features != "float32") {
    bad("features", spec.features, "must be double or float32");
  }
  const DataHandle data = read_data(spec);
  if (spec.type == "linear") return make_linear(data.get(), spec);
  if (spec.sigma_prior) bad("type", spec.type, "sigma_prior is for type linear");
  if (spec.type == "logistic") return make_logistic(data.get(), spec);
  if (spec.intercept || spec.coef_prior) {
    bad("type", spec.type, "intercept and coef_prior are for types linear and logistic");
  }
  if (spec.output == "gaussian") {
    return made([&](sgmc_model** out) {
      check(sgmc_model_mlp_regression(out, data.get(), spec.hidden, spec.prior_sd, spec.noise_sd));
    });
  }
  if (spec.output != "softmax") bad("output", spec.output, "must be softmax or gaussian");
  // 0 classes: as many as the labels name.
  return made([&](sgmc_model** out) {
    check(sgmc_model_mlp_classifier(out, data.get(), spec.hidden,
                                    spec.classes > 0 ? spec.classes : 0, spec.prior_sd));
  });
}

/// Names the model's parameters as the config says.
void name_parameters(sgmc_model* model, const std::vector<std::string>& names) {
  int64_t dim = 0;
  check(sgmc_model_shape(model, &dim, nullptr));
  if (static_cast<int64_t>(names.size()) != dim) {
    throw Failure("argument 'model.names' = " + std::to_string(names.size()) +
                  " names: must have one name per parameter, " + std::to_string(dim));
  }
  std::vector<const char*> pointers;
  for (const auto& name : names) pointers.push_back(name.c_str());
  check_as(sgmc_model_set_parameter_names(model, pointers.data(), dim), {{"names", "model.names"}});
}

}  // namespace

void read_model_spec(JsonFields& fields, ModelSpec& spec) {
  spec.target = fields.text("target").value_or(spec.target);
  spec.noise.energy_sd = fields.number("energy_noise").value_or(spec.noise.energy_sd);
  spec.noise.grad_sd = fields.number("gradient_noise").value_or(spec.noise.grad_sd);
  // Checked here too, so that the message names the config's key.
  if (spec.noise.energy_sd < 0) fields.fail("energy_noise", "must be >= 0");
  if (spec.noise.grad_sd < 0) fields.fail("gradient_noise", "must be >= 0");
  spec.mean = fields.numbers("mean").value_or(spec.mean);
  spec.sd = fields.numbers("sd").value_or(spec.sd);
  spec.data = fields.text("data").value_or(spec.data);
  spec.response = fields.text("response").value_or(spec.response);
  spec.type = fields.text("type").value_or(spec.type);
  spec.features = fields.text("features").value_or(spec.features);
  spec.prior_sd = fields.number("prior_sd").value_or(spec.prior_sd);
  spec.noise_sd = fields.number("noise_sd").value_or(spec.noise_sd);
  spec.log_noise_prior_sd = fields.number("log_noise_prior_sd").value_or(spec.log_noise_prior_sd);
  if (const auto v = fields.flag("intercept")) spec.intercept = v;
  if (const auto v = read_choice(fields, "coef_prior", kCoefPriors)) spec.coef_prior = v;
  if (const auto v = read_choice(fields, "sigma_prior", kSigmaPriors)) spec.sigma_prior = v;
  spec.sigma_scale = fields.number("sigma_scale").value_or(spec.sigma_scale);
  spec.hidden = fields.integer("hidden").value_or(spec.hidden);
  spec.output = fields.text("output").value_or(spec.output);
  spec.classes = fields.integer("classes").value_or(spec.classes);
  spec.names = fields.texts("names").value_or(spec.names);
  fields.reject_unknown();
}

ModelHandle make_model(const ModelSpec& spec) {
  ModelHandle model = spec.data.empty() ? make_target(spec) : make_data_model(spec);
  if (!spec.names.empty()) name_parameters(model.get(), spec.names);
  return model;
}

std::vector<std::string> parameter_names(const sgmc_model* model) {
  int64_t dim = 0;
  check(sgmc_model_shape(model, &dim, nullptr));
  std::vector<std::string> names;
  for (int64_t j = 0; j < dim; ++j) {
    const char* name = nullptr;
    check(sgmc_model_parameter_name(model, j, &name));
    names.emplace_back(name);
  }
  return names;
}

}  // namespace sgmc::app
