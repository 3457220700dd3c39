// A model whose terms come from a user's C callback (sgmc_energy_fn).
#pragma once

#include "sgmc/models/model.hpp"
#include "sgmc/sgmc.h"

namespace sgmc::capi {

class CallbackModel final : public Model {
 public:
  CallbackModel(Index dim, Index data_size, sgmc_energy_fn fn, std::uint32_t flags, void* user);

  Index dim() const override { return dim_; }
  Index data_size() const override { return data_size_; }
  bool thread_safe() const override { return (flags_ & SGMC_MODEL_THREAD_SAFE) != 0; }
  /// Throws Error(kCallback) naming the returned code when the callback
  /// returns non-zero (the chain adds its index and the step).
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

 private:
  Index dim_;
  Index data_size_;
  sgmc_energy_fn fn_;
  std::uint32_t flags_;
  void* user_;
};

}  // namespace sgmc::capi
