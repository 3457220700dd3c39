#include "sgmc/samplers/psgld.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <cmath>

namespace sgmc {

Psgld::Psgld(ConstVecRef x0, const PsgldSettings& settings)
    : settings_(settings), x_(x0), v_(Vec::Zero(x0.size())) {}

void Psgld::carry_over(const Kernel& previous, const GradientMomentMap& to_new) {
  // Built by make_kernel() from the same settings: a Psgld too.
  v_ = static_cast<const Psgld&>(previous).v_;
  to_new(v_);
}

bool Psgld::step_metric(VecRef out) const {
  out = (settings_.rms_epsilon + v_.array().sqrt()).inverse().matrix();
  return true;
}

void Psgld::step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) {
  const double a = settings_.rms_decay;
  const double lambda = settings_.rms_epsilon;
  const double eps = info.step_size;
  const double noise_scale = 2.0 * info.temperature * eps;
  const double gbar_weight = (1.0 - a) * eval.mean_grad_scale * eval.mean_grad_scale;
  // V_k on [start, start + length), then G_k = 1 / (lambda + sqrt(V_k)).
  auto preconditioner = [&](Index start, Index length) {
    auto v = v_.segment(start, length).array();
    v = a * v + gbar_weight * eval.mean_grad_base.segment(start, length).array().square();
    return (lambda + v.sqrt()).inverse();
  };
  if (noise_scale == 0.0) {  // RMSprop-SGD
    x_.array() -= eps * preconditioner(0, x_.size()) * eval.grad.array();
    return;
  }
  blocks_.for_each(x_.size(), noise, [&](Index start, Index length, const auto& w) {
    // Fixed maximum size: the block lives on the stack, never on the heap.
    const Eigen::Array<double, Eigen::Dynamic, 1, 0, NoiseBlocks::kBlock, 1> g =
        preconditioner(start, length);
    x_.segment(start, length).array() -=
        eps * g * eval.grad.segment(start, length).array() - (noise_scale * g).sqrt() * w;
  });
}


void Psgld::save(ByteWriter& out) const {
  out.section("PSGD");
  out.values(x_);
  out.values(v_);
}

void Psgld::load(ByteReader& in) {
  in.section("PSGD");
  in.values("position", x_);
  in.values("RMSprop second moment", v_);
  if ((v_.array() < 0).any()) in.fail("RMSprop second moment", "has a negative entry");
}

}  // namespace sgmc
