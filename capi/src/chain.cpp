// sgmc_chain_*: one chain driven by the caller (ask/tell).
#include "firewall.hpp"
#include "handles.hpp"

#include <string>

using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

namespace {

/// Validates chain and its dimension argument; returns the engine chain.
template <typename Handle>
auto& checked(Handle* chain, int64_t dim) {
  require_non_null(chain, "chain");
  if (dim != chain->chain->dim()) {  // formatted only on failure: this runs every step
    sgmc::reject("dim", dim,
                  ("must equal the chain's dimension " + sgmc::show(chain->chain->dim())).c_str());
  }
  return *chain->chain;
}

}  // namespace

extern "C" {

sgmc_status sgmc_chain_create(sgmc_chain** out, const sgmc_options* options, int64_t dim,
                              int64_t data_size, const double* x0, int64_t chain_index) {
  return create_into(out, [&] {
    require_non_null(options, "options");
    require_non_null(x0, "x0");
    sgmc::require(dim >= 1, "dim", dim, "must be >= 1");
    auto handle = std::make_unique<sgmc_chain>();
    handle->options = options->options;
    handle->data_size = data_size;
    handle->x0 = Eigen::Map<const Eigen::VectorXd>(x0, dim);
    handle->chain = sgmc::make_chain(options->options, dim, data_size, handle->x0, chain_index);
    return handle;
  });
}

void sgmc_chain_destroy(sgmc_chain* chain) { delete chain; }

sgmc_status sgmc_chain_ask(const sgmc_chain* chain, double* x, int64_t dim, int64_t* batch,
                           int64_t batch_capacity, int64_t* batch_size) {
  return guarded([&] {
    const auto& engine = checked(chain, dim);
    require_non_null(x, "x");
    require_non_null(batch_size, "batch_size");
    engine.check_query();
    const auto indices = engine.batch();
    const auto n = static_cast<int64_t>(indices.size());
    if (batch_capacity > 0 || n > 0) {
      require_non_null(batch, "batch");
      require_length(batch_capacity, n, "batch_capacity");
    }
    Eigen::Map<Eigen::VectorXd>(x, dim) = engine.query();
    std::copy(indices.begin(), indices.end(), batch);
    *batch_size = n;
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_tell(sgmc_chain* chain, double batch_energy, const double* batch_grad,
                            double prior_energy, const double* prior_grad, int64_t dim) {
  return guarded([&] {
    auto& engine = checked(chain, dim);
    auto& terms = engine.terms();
    terms.batch_energy = batch_energy;
    terms.prior_energy = prior_energy;
    auto set = [dim](sgmc::VecRef target, const double* source) {
      if (source == nullptr) {
        target.setZero();
      } else {
        target = Eigen::Map<const Eigen::VectorXd>(source, dim);
      }
    };
    set(terms.batch_grad, batch_grad);
    set(terms.prior_grad, prior_grad);
    engine.tell();
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_steps_done(const sgmc_chain* chain, int64_t* out) {
  return guarded([&] {
    require_non_null(chain, "chain");
    require_non_null(out, "out");
    *out = chain->chain->steps_done();
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_position(const sgmc_chain* chain, double* x, int64_t dim) {
  return guarded([&] {
    const auto& engine = checked(chain, dim);
    require_non_null(x, "x");
    Eigen::Map<Eigen::VectorXd>(x, dim) = engine.position();
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_draws(sgmc_draws** out, const sgmc_chain* chain) {
  return create_into(out, [&] {
    require_non_null(chain, "chain");
    auto draws = std::make_unique<sgmc_draws>();
    draws->add(*chain->chain);
    return draws;
  });
}

sgmc_status sgmc_chain_save(const sgmc_chain* chain, const char* path) {
  return guarded([&] {
    require_non_null(chain, "chain");
    require_non_null(path, "path");
    sgmc::save_chain(path, *chain);
    return SGMC_OK;
  });
}

sgmc_status sgmc_chain_load(sgmc_chain** out, const char* path) {
  return create_into(out, [&] {
    require_non_null(path, "path");
    auto handle = std::make_unique<sgmc_chain>();
    static_cast<sgmc::AskTellChain&>(*handle) = sgmc::load_chain(path);
    return handle;
  });
}

sgmc_status sgmc_chain_shape(const sgmc_chain* chain, int64_t* dim, int64_t* data_size) {
  return guarded([&] {
    require_non_null(chain, "chain");
    require_non_null(dim, "dim");
    require_non_null(data_size, "data_size");
    *dim = chain->chain->dim();
    *data_size = chain->data_size;
    return SGMC_OK;
  });
}

}
