// SGLD (SPEC §2): x_{k+1} = x_k - eps_k grad U_hat(x_k) + sqrt(2 tau eps_k) w_k.
// With tau = 0 it is plain SGD.
#pragma once

#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/noise_blocks.hpp"

namespace sgmc {

class Sgld final : public Kernel {
 public:
  explicit Sgld(ConstVecRef x0) : x_(x0) {}

  ConstVecRef query() const override { return x_; }
  ConstVecRef position() const override { return x_; }
  void set_position(ConstVecRef x) override { x_ = x; }
  void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) override;
  void save(ByteWriter& out) const override;
  void load(ByteReader& in) override;

 private:
  Vec x_;
  NoiseBlocks blocks_;
};

}  // namespace sgmc
