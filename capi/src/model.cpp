// sgmc_model_*: callbacks and built-in targets behind one handle.
#include <cmath>
#include <numeric>
#include <vector>

#include "callback_model.hpp"
#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/models/gaussian.hpp"
#include "sgmc/models/parameter_names.hpp"
#include "sgmc/models/synthetic.hpp"

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

sgmc::TargetNoise target_noise(double energy_sd, double grad_sd) {
  sgmc::require(std::isfinite(energy_sd) && energy_sd >= 0, "energy_noise_sd", energy_sd,
                "must be finite and >= 0");
  sgmc::require(std::isfinite(grad_sd) && grad_sd >= 0, "grad_noise_sd", grad_sd,
                "must be finite and >= 0");
  return {energy_sd, grad_sd};
}

}  // namespace

extern "C" {

sgmc_status sgmc_model_from_callback(sgmc_model** out, int64_t dim, int64_t data_size,
                                     sgmc_energy_fn fn, uint32_t flags, void* user) {
  return create_into(out, [&] {
    return sgmc_model::of(std::make_unique<sgmc::capi::CallbackModel>(dim, data_size, fn, flags, user));
  });
}

sgmc_status sgmc_model_target(sgmc_model** out, const char* name, double energy_noise_sd,
                              double grad_noise_sd) {
  return create_into(out, [&] {
    require_non_null(name, "name");
    return sgmc_model::of(sgmc::make_synthetic_target(name, target_noise(energy_noise_sd, grad_noise_sd)));
  });
}

sgmc_status sgmc_model_gaussian(sgmc_model** out, int64_t dim, const double* mean,
                                const double* covariance, double energy_noise_sd,
                                double grad_noise_sd) {
  return create_into(out, [&] {
    sgmc::require(dim >= 1, "dim", dim, "must be >= 1");
    require_non_null(mean, "mean");
    require_non_null(covariance, "covariance");
    const Eigen::Map<const Eigen::VectorXd> mu(mean, dim);
    // Row-major input; a symmetric matrix reads the same either way, and an
    // asymmetric one is rejected by the model.
    const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>
        sigma(covariance, dim, dim);
    return sgmc_model::of(std::make_unique<sgmc::GaussianModel>(
        mu, sigma, target_noise(energy_noise_sd, grad_noise_sd)));
  });
}

void sgmc_model_destroy(sgmc_model* model) { delete model; }

sgmc_status sgmc_model_shape(const sgmc_model* model, int64_t* dim, int64_t* data_size) {
  return guarded([&] {
    require_non_null(model, "model");
    if (dim != nullptr) *dim = model->model->dim();
    if (data_size != nullptr) *data_size = model->model->data_size();
    return SGMC_OK;
  });
}

sgmc_status sgmc_model_parameter_name(const sgmc_model* model, int64_t index, const char** out) {
  return guarded([&] {
    require_non_null(model, "model");
    require_non_null(out, "out");
    const auto d = static_cast<int64_t>(model->names.size());
    sgmc::require(index >= 0 && index < d, "index", index,
                  ("must lie in [0, " + sgmc::show(d) + ")").c_str());
    *out = model->names[static_cast<std::size_t>(index)].c_str();
    return SGMC_OK;
  });
}

sgmc_status sgmc_model_set_parameter_names(sgmc_model* model, const char* const* names,
                                           int64_t count) {
  return guarded([&] {
    require_non_null(model, "model");
    require_non_null(names, "names");
    const int64_t d = model->model->dim();
    sgmc::require(count == d, "count", count,
                  ("must be the model's dimension " + sgmc::show(d)).c_str());
    std::vector<std::string> copies;
    for (int64_t i = 0; i < count; ++i) {
      const std::string where = "names[" + std::to_string(i) + "]";
      sgmc::require(names[i] != nullptr, where.c_str(), "NULL", "must be a name");
      copies.emplace_back(names[i]);
    }
    sgmc::check_parameter_names(copies, d, "names");
    model->names = std::move(copies);
    return SGMC_OK;
  });
}

sgmc_status sgmc_model_energy(const sgmc_model* model, const double* x, int64_t dim,
                              double* energy) {
  return guarded([&] {
    require_non_null(model, "model");
    require_non_null(x, "x");
    require_non_null(energy, "energy");
    const sgmc::Model& m = *model->model;
    sgmc::require(dim == m.dim(), "dim", dim, ("must be the model's dimension " + sgmc::show(m.dim())).c_str());
    std::vector<sgmc::Index> all(static_cast<std::size_t>(m.data_size()));
    std::iota(all.begin(), all.end(), sgmc::Index{0});
    sgmc::Rng noise;  // for a target's energy noise
    const auto workspace = m.make_workspace();
    sgmc::Vec no_gradient;
    sgmc::ModelTerms terms{0.0, 0.0, no_gradient, no_gradient};
    m.evaluate({Eigen::Map<const Eigen::VectorXd>(x, dim), all, false, 0, &noise, workspace.get()},
               terms);
    *energy = terms.prior_energy + terms.batch_energy;
    return SGMC_OK;
  });
}

}
