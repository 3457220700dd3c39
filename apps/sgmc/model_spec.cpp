#include "model_spec.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/synthetic.hpp"

namespace sgmc::app {

void read_model_spec(JsonFields& fields, ModelSpec& spec) {
  spec.target = fields.text("target").value_or(spec.target);
  spec.noise.energy_sd = fields.number("energy_noise").value_or(spec.noise.energy_sd);
  spec.noise.grad_sd = fields.number("gradient_noise").value_or(spec.noise.grad_sd);
  spec.mean = fields.numbers("mean").value_or(spec.mean);
  spec.sd = fields.numbers("sd").value_or(spec.sd);
  fields.reject_unknown();
}

std::unique_ptr<Model> make_model(const ModelSpec& spec) {
  const auto names = synthetic_target_names();
  if (std::find(names.begin(), names.end(), spec.target) != names.end()) {
    return make_synthetic_target(spec.target, spec.noise);
  }
  if (spec.target != "gaussian") {
    std::string known;
    for (const auto name : names) known += std::string(name) + ", ";
    throw Error(ErrorKind::kInvalidArgument, "model 'target' = \"" + spec.target +
                                                 "\": must be one of " + known + "gaussian");
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

}  // namespace sgmc::app
