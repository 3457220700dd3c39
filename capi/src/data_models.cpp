// sgmc_model_logistic, _linear, _mlp_*: the built-in models with data.
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"

using sgmc::capi::create_into;
using sgmc::capi::require_non_null;

namespace {

/// Makes a model of type M from the data set's shared data and `args`.
template <typename M, typename... Args>
sgmc_status make(sgmc_model** out, const sgmc_data* data, Args... args) {
  return create_into(out, [&] {
    require_non_null(data, "data");
    auto handle = std::make_unique<sgmc_model>();
    handle->model = std::make_unique<M>(data->data, args...);
    return handle;
  });
}

}  // namespace

extern "C" {

sgmc_status sgmc_model_logistic(sgmc_model** out, const sgmc_data* data, double prior_sd) {
  return make<sgmc::LogisticRegression>(out, data, prior_sd);
}

sgmc_status sgmc_model_linear(sgmc_model** out, const sgmc_data* data, double prior_sd,
                              double noise_sd, double log_noise_prior_sd) {
  return make<sgmc::LinearRegression>(out, data, prior_sd, noise_sd, log_noise_prior_sd);
}

sgmc_status sgmc_model_mlp_classifier(sgmc_model** out, const sgmc_data* data, int64_t n_hidden,
                                      int64_t n_classes, double prior_sd) {
  return make<sgmc::Mlp>(out, data, n_hidden, sgmc::MlpOutput::kSoftmax, n_classes, prior_sd, 0.0);
}

sgmc_status sgmc_model_mlp_regression(sgmc_model** out, const sgmc_data* data, int64_t n_hidden,
                                      double prior_sd, double noise_sd) {
  return make<sgmc::Mlp>(out, data, n_hidden, sgmc::MlpOutput::kGaussian, int64_t{0}, prior_sd,
                         noise_sd);
}

}
