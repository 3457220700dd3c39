#include "callback_model.hpp"

#include "sgmc/core/error.hpp"

namespace sgmc::capi {

CallbackModel::CallbackModel(Index dim, Index data_size, sgmc_energy_fn fn, std::uint32_t flags,
                             void* user)
    : dim_(dim), data_size_(data_size), fn_(fn), flags_(flags), user_(user) {
  require(dim >= 1, "dim", dim, "must be >= 1");
  require(data_size >= 0, "data_size", data_size, "must be >= 0");
  require(fn != nullptr, "fn", "NULL", "must be a function");
  require((flags & ~SGMC_MODEL_THREAD_SAFE) == 0, "flags", flags,
          "must be 0 or SGMC_MODEL_THREAD_SAFE");
}

void CallbackModel::evaluate(const EvalRequest& request, ModelTerms& out) const {
  out.batch_energy = 0.0;
  out.prior_energy = 0.0;
  double* batch_grad = nullptr;
  double* prior_grad = nullptr;
  if (request.want_gradient) {
    out.batch_grad.setZero();
    out.prior_grad.setZero();
    batch_grad = out.batch_grad.data();
    prior_grad = out.prior_grad.data();
  }
  const int code = fn_(request.x.data(), dim_, request.batch.data(),
                       static_cast<std::int64_t>(request.batch.size()), &out.batch_energy,
                       batch_grad, &out.prior_energy, prior_grad, user_);
  if (code != 0) {
    throw Error(ErrorKind::kCallback, "the model callback returned " + show(code));
  }
}

}  // namespace sgmc::capi
