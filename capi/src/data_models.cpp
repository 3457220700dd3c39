// sgmc_model_logistic, _logistic_priors, _linear, _linear_priors, _mlp_*: the
// built-in models with data.
#include <string>
#include <tuple>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"

using sgmc::capi::create_into;
using sgmc::capi::enum_arg;
using sgmc::capi::require_non_null;

namespace {

/// Makes a model of type M from the data set's shared data and the
/// arguments that `arguments()` returns as a tuple: called inside the
/// firewall, since checking the C arguments may throw.
template <typename M, typename Arguments>
sgmc_status make_from(sgmc_model** out, const sgmc_data* data, const Arguments& arguments) {
  return create_into(out, [&] {
    require_non_null(data, "data");
    return sgmc_model::of(std::apply(
        [&](const auto&... a) { return std::make_unique<M>(data->data, a...); }, arguments()));
  });
}

/// Makes a model of type M from the data set's shared data and `args`.
template <typename M, typename... Args>
sgmc_status make(sgmc_model** out, const sgmc_data* data, Args... args) {
  return make_from<M>(out, data, [&] { return std::tuple(args...); });
}

/// The enumerator's name of an sgmc_prior given as an int.
const char* prior_name(int prior) {
  static const char* const kNames[] = {"SGMC_PRIOR_FLAT",       "SGMC_PRIOR_NORMAL",
                                       "SGMC_PRIOR_KNOWN",      "SGMC_PRIOR_LOG_NORMAL",
                                       "SGMC_PRIOR_HALF_NORMAL", "SGMC_PRIOR_HALF_CAUCHY"};
  return prior >= 0 && prior <= SGMC_PRIOR_HALF_CAUCHY ? kNames[prior] : "not an sgmc_prior";
}

/// "1 (SGMC_PRIOR_NORMAL)": the value as passed, and what it means.
std::string shown_prior(int prior) { return std::to_string(prior) + " (" + prior_name(prior) + ")"; }

/// The coefficients' prior of both regressions, with `intercept`, checked
/// under the C names (the enum read as an int, enum_arg()); LogisticPriors
/// holds exactly these three.
sgmc::LogisticPriors coefficient_priors(int intercept, int coef_prior, double coef_scale) {
  sgmc::require(intercept == 0 || intercept == 1, "intercept", intercept, "must be 0 or 1");
  sgmc::require(coef_prior == SGMC_PRIOR_FLAT || coef_prior == SGMC_PRIOR_NORMAL, "coef_prior",
                shown_prior(coef_prior), "must be SGMC_PRIOR_FLAT or SGMC_PRIOR_NORMAL");
  return {intercept == 1,
          coef_prior == SGMC_PRIOR_NORMAL ? sgmc::CoefPrior::kNormal : sgmc::CoefPrior::kFlat,
          coef_scale};
}

/// The engine's priors for the C arguments, the enums read as ints
/// (enum_arg()) and checked under the C names.
sgmc::LinearPriors linear_priors(int intercept, int coef_prior, double coef_scale, int sigma_prior,
                                 double sigma_scale) {
  const auto coef = coefficient_priors(intercept, coef_prior, coef_scale);
  sgmc::require(sigma_prior >= SGMC_PRIOR_FLAT && sigma_prior <= SGMC_PRIOR_HALF_CAUCHY &&
                    sigma_prior != SGMC_PRIOR_NORMAL,
                "sigma_prior", shown_prior(sigma_prior),
                "must be SGMC_PRIOR_KNOWN, SGMC_PRIOR_LOG_NORMAL, SGMC_PRIOR_FLAT, "
                "SGMC_PRIOR_HALF_NORMAL or SGMC_PRIOR_HALF_CAUCHY");
  sgmc::NoisePrior noise = sgmc::NoisePrior::kFlat;
  if (sigma_prior == SGMC_PRIOR_KNOWN) noise = sgmc::NoisePrior::kKnown;
  if (sigma_prior == SGMC_PRIOR_LOG_NORMAL) noise = sgmc::NoisePrior::kLogNormal;
  if (sigma_prior == SGMC_PRIOR_HALF_NORMAL) noise = sgmc::NoisePrior::kHalfNormal;
  if (sigma_prior == SGMC_PRIOR_HALF_CAUCHY) noise = sgmc::NoisePrior::kHalfCauchy;
  const sgmc::LinearPriors priors{coef.intercept, coef.coef, coef.coef_scale, noise, sigma_scale};
  sgmc::validate(priors, "coef_scale", "sigma_scale");
  return priors;
}

}  // namespace

extern "C" {

sgmc_status sgmc_model_logistic(sgmc_model** out, const sgmc_data* data, double prior_sd) {
  return make<sgmc::LogisticRegression>(out, data, prior_sd);
}

sgmc_status sgmc_model_logistic_priors(sgmc_model** out, const sgmc_data* data, int intercept,
                                       sgmc_prior coef_prior, double coef_scale) {
  return make_from<sgmc::LogisticRegression>(out, data, [&] {
    return std::tuple(coefficient_priors(intercept, enum_arg(coef_prior), coef_scale));
  });
}

sgmc_status sgmc_model_linear(sgmc_model** out, const sgmc_data* data, double prior_sd,
                              double noise_sd, double log_noise_prior_sd) {
  return make<sgmc::LinearRegression>(out, data, prior_sd, noise_sd, log_noise_prior_sd);
}

sgmc_status sgmc_model_linear_priors(sgmc_model** out, const sgmc_data* data, int intercept,
                                     sgmc_prior coef_prior, double coef_scale,
                                     sgmc_prior sigma_prior, double sigma_scale) {
  return make_from<sgmc::LinearRegression>(out, data, [&] {
    return std::tuple(linear_priors(intercept, enum_arg(coef_prior), coef_scale,
                                    enum_arg(sigma_prior), sigma_scale));
  });
}

sgmc_status sgmc_model_mlp_classifier(sgmc_model** out, const sgmc_data* data, int64_t n_hidden,
                                      int64_t n_classes, double prior_sd) {
  return make_from<sgmc::Mlp>(out, data, [&] {
    // 0: as many classes as the labels name.
    const int64_t classes =
        n_classes != 0 ? n_classes
                       : static_cast<int64_t>(data->data->targets().maxCoeff()) + 1;
    return std::tuple(n_hidden, sgmc::MlpOutput::kSoftmax, classes, prior_sd, 0.0);
  });
}

sgmc_status sgmc_model_mlp_regression(sgmc_model** out, const sgmc_data* data, int64_t n_hidden,
                                      double prior_sd, double noise_sd) {
  return make<sgmc::Mlp>(out, data, n_hidden, sgmc::MlpOutput::kGaussian, int64_t{0}, prior_sd,
                         noise_sd);
}

}
