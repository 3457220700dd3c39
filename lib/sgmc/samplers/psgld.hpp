// pSGLD (SPEC §2; Li et al. 2016): SGLD preconditioned by RMSprop,
//   V_k = a V_{k-1} + (1 - a) gbar ⊙ gbar,  G_k = 1 / (lambda + sqrt(V_k)),
//   x_{k+1} = x_k - eps_k G_k ⊙ grad U_hat + sqrt(2 tau eps_k G_k) ⊙ w_k.
// The Gamma correction term of Li et al. is omitted, as in practice.
#pragma once

#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/noise_blocks.hpp"

namespace sgmc {

struct PsgldSettings {
  double rms_decay = 0.99;   ///< a, in [0, 1)
  double rms_epsilon = 1e-5; ///< lambda > 0
};

class Psgld final : public Kernel {
 public:
  Psgld(ConstVecRef x0, const PsgldSettings& settings);

  ConstVecRef query() const override { return x_; }
  ConstVecRef position() const override { return x_; }
  void set_position(ConstVecRef x) override { x_ = x; }
  bool reads_mean_gradient() const override { return true; }
  void carry_over(const Kernel& previous, const GradientMomentMap& to_new) override;
  void set_gradient_moment(ConstVecRef v) override { v_ = v; }
  /// G = 1 / (lambda + sqrt(V_k)), the metric of the last step.
  bool step_metric(VecRef out) const override;
  void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) override;
  void save(ByteWriter& out) const override;
  void load(ByteReader& in) override;

  /// The RMSprop statistic V_k.
  ConstVecRef second_moment() const { return v_; }

 private:
  PsgldSettings settings_;
  Vec x_;
  Vec v_;
  NoiseBlocks blocks_;
};

}  // namespace sgmc
