#include "model_spec.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
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

std::unique_ptr<Model> make_data_model(const ModelSpec& spec) {
  if (!spec.target.empty()) {
    bad("target", spec.target, "a model has a target or a data file, not both");
  }
  if (spec.response.empty()) bad("response", "", "name the target column of the data file");
  auto data = read_csv(spec.data, spec.response);
  if (spec.type == "logistic") return std::make_unique<LogisticRegression>(data, spec.prior_sd);
  if (spec.type == "linear") {
    return std::make_unique<LinearRegression>(data, spec.prior_sd, spec.noise_sd,
                                              spec.log_noise_prior_sd);
  }
  if (spec.type != "mlp") bad("type", spec.type, "must be one of logistic, linear, mlp");
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
  spec.prior_sd = fields.number("prior_sd").value_or(spec.prior_sd);
  spec.noise_sd = fields.number("noise_sd").value_or(spec.noise_sd);
  spec.log_noise_prior_sd = fields.number("log_noise_prior_sd").value_or(spec.log_noise_prior_sd);
  spec.hidden = fields.integer("hidden").value_or(spec.hidden);
  spec.output = fields.text("output").value_or(spec.output);
  spec.classes = fields.integer("classes").value_or(spec.classes);
  fields.reject_unknown();
}

std::unique_ptr<Model> make_model(const ModelSpec& spec) {
  return spec.data.empty() ? make_target(spec) : make_data_model(spec);
}

}  // namespace sgmc::app
