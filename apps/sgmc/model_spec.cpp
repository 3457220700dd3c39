#include "model_spec.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
#include "sgmc/models/parameter_names.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc::app {
namespace {

[[noreturn]] void bad(const std::string& key, const std::string& value, const std::string& expected) {
  throw Error(ErrorKind::kInvalidArgument,
              "model '" + key + "' = \"" + value + "\": " + expected);
}

std::unique_ptr<Model> make_target(const ModelSpec& spec) {
  const std::string target = spec.target.empty() ? "gauss25" : spec.target;
  const auto names = synthetic_target_names();
  if (std::find(names.begin(), names.end(), target) != names.end()) {
    return make_synthetic_target(target, spec.noise);
  }
  if (target != "gaussian") {
    std::string known;
    for (const auto name : names) known += std::string(name) + ", ";
    bad("target", target, "must be one of " + known + "gaussian");
  }
  const auto d = static_cast<Index>(spec.mean.size());
  Vec sd = Vec::Ones(d);
  if (!spec.sd.empty()) {
    require(static_cast<Index>(spec.sd.size()) == d, "model.sd", spec.sd.size(),
            "must have as many values as model.mean");
    sd = Eigen::Map<const Vec>(spec.sd.data(), d);
  }
  const Eigen::MatrixXd covariance = sd.array().square().matrix().asDiagonal();
  return std::make_unique<GaussianModel>(Eigen::Map<const Vec>(spec.mean.data(), d), covariance,
                                         spec.noise);
}

std::unique_ptr<Model> make_linear(std::shared_ptr<const Dataset> data, const ModelSpec& spec) {
  if (!spec.intercept && !spec.coef_prior && !spec.sigma_prior) {
    return std::make_unique<LinearRegression>(data, spec.prior_sd, spec.noise_sd,
                                              spec.log_noise_prior_sd);
  }
  LinearPriors priors{spec.intercept.value_or(true), spec.coef_prior.value_or(CoefPrior::kNormal),
                      spec.prior_sd, NoisePrior::kKnown, spec.noise_sd};
  if (spec.sigma_prior) {
    priors.noise = *spec.sigma_prior;
    priors.noise_scale = spec.sigma_scale;
  } else if (spec.noise_sd == 0.0) {
    priors.noise = NoisePrior::kLogNormal;
    priors.noise_scale = spec.log_noise_prior_sd;
  }
  const char* sigma_key = spec.sigma_prior         ? "model.sigma_scale"
                          : spec.noise_sd == 0.0 ? "model.log_noise_prior_sd"
                                                 : "model.noise_sd";
  validate(priors, "model.prior_sd", sigma_key);
  return std::make_unique<LinearRegression>(std::move(data), priors);
}

std::unique_ptr<Model> make_logistic(std::shared_ptr<const Dataset> data, const ModelSpec& spec) {
  if (!spec.intercept && !spec.coef_prior) {
    return std::make_unique<LogisticRegression>(data, spec.prior_sd);
  }
  return std::make_unique<LogisticRegression>(
      std::move(data),
      LogisticPriors{spec.intercept.value_or(true), spec.coef_prior.value_or(CoefPrior::kNormal),
                     spec.prior_sd},
      "model.prior_sd");
}

/// The named choice of `names` (in enumerator order) for a config key.
template <typename Enum, std::size_t n>
std::optional<Enum> read_choice(JsonFields& fields, const std::string& key,
                                const char* const (&names)[n]) {
  const auto value = fields.text(key);
  if (!value) return std::nullopt;
  std::string known;
  for (std::size_t i = 0; i < n; ++i) {
    if (*value == names[i]) return static_cast<Enum>(i);
    known += (i == 0 ? "" : ", ") + std::string(names[i]);
  }
  fields.fail(key, "must be one of " + known);
}

constexpr const char* kCoefPriors[] = {"flat", "normal"};
constexpr const char* kSigmaPriors[] = {"known", "lognormal", "flat", "half_normal", "half_cauchy"};

std::unique_ptr<Model> make_data_model(const ModelSpec& spec) {
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
  auto data = read_csv(spec.data, spec.response);
  if (spec.features == "float32") data = Dataset::with_float32_features(std::move(data));
  if (spec.type == "linear") return make_linear(std::move(data), spec);
  if (spec.sigma_prior) bad("type", spec.type, "sigma_prior is for type linear");
  if (spec.type == "logistic") return make_logistic(std::move(data), spec);
  if (spec.intercept || spec.coef_prior) {
    bad("type", spec.type, "intercept and coef_prior are for types linear and logistic");
  }
  if (spec.output == "gaussian") {
    return std::make_unique<Mlp>(data, spec.hidden, MlpOutput::kGaussian, 0, spec.prior_sd,
                                 spec.noise_sd);
  }
  if (spec.output != "softmax") bad("output", spec.output, "must be softmax or gaussian");
  const Index classes =
      spec.classes > 0 ? spec.classes : static_cast<Index>(data->targets().maxCoeff()) + 1;
  return std::make_unique<Mlp>(data, spec.hidden, MlpOutput::kSoftmax, classes, spec.prior_sd,
                               0.0);
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
  if (const auto v = read_choice<CoefPrior>(fields, "coef_prior", kCoefPriors)) spec.coef_prior = v;
  if (const auto v = read_choice<NoisePrior>(fields, "sigma_prior", kSigmaPriors)) {
    spec.sigma_prior = v;
  }
  spec.sigma_scale = fields.number("sigma_scale").value_or(spec.sigma_scale);
  spec.hidden = fields.integer("hidden").value_or(spec.hidden);
  spec.output = fields.text("output").value_or(spec.output);
  spec.classes = fields.integer("classes").value_or(spec.classes);
  spec.names = fields.texts("names").value_or(spec.names);
  fields.reject_unknown();
}

std::unique_ptr<Model> make_model(const ModelSpec& spec) {
  return spec.data.empty() ? make_target(spec) : make_data_model(spec);
}

std::vector<std::string> parameter_names(const ModelSpec& spec, const Model& model) {
  if (spec.names.empty()) return model.parameter_names();
  check_parameter_names(spec.names, model.dim(), "model.names");
  return spec.names;
}

}  // namespace sgmc::app
