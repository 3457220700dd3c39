// SGHMC (SPEC §2; Chen et al. 2014 in the momentum form of cSG-MCMC §2):
//   v_{k+1} = (1 - eta) v_k - eps_k grad U_hat(x_k) + sqrt(2 (eta - gamma_hat) eps_k tau) w_k
//   x_{k+1} = x_k + v_{k+1},  v_0 = 0.
// With tau = 0 it is momentum SGD with momentum coefficient 1 - eta.
#pragma once

#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/noise_blocks.hpp"

namespace sgmc {

struct SghmcSettings {
  double friction = 0.1;        ///< eta in (0, 1]
  double noise_estimate = 0.0;  ///< gamma_hat in [0, eta)
};

class Sghmc final : public Kernel {
 public:
  Sghmc(ConstVecRef x0, const SghmcSettings& settings);

  ConstVecRef query() const override { return x_; }
  ConstVecRef position() const override { return x_; }
  void set_position(ConstVecRef x) override { x_ = x; }
  void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) override;
  void save(ByteWriter& out) const override;
  void load(ByteReader& in) override;

  ConstVecRef momentum() const { return v_; }

 private:
  SghmcSettings settings_;
  Vec x_;
  Vec v_;
  NoiseBlocks blocks_;
};

}  // namespace sgmc
