#include "sgmc/samplers/sghmc.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <cmath>

namespace sgmc {

Sghmc::Sghmc(ConstVecRef x0, const SghmcSettings& settings)
    : settings_(settings), x_(x0), v_(Vec::Zero(x0.size())) {}

void Sghmc::step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) {
  const double keep = 1.0 - settings_.friction;
  const double eps = info.step_size;
  const double sd =
      std::sqrt(2.0 * (settings_.friction - settings_.noise_estimate) * eps * info.temperature);
  if (sd == 0.0) {  // momentum SGD
    v_ = keep * v_ - eps * eval.grad;
    x_ += v_;
    return;
  }
  blocks_.for_each(x_.size(), noise, [&](Index start, Index length, const auto& w) {
    auto v = v_.segment(start, length).array();
    v = keep * v - eps * eval.grad.segment(start, length).array() + sd * w;
    x_.segment(start, length).array() += v;
  });
}


void Sghmc::save(ByteWriter& out) const {
  out.section("SGHM");
  out.values(x_);
  out.values(v_);
}

void Sghmc::load(ByteReader& in) {
  in.section("SGHM");
  in.values("position", x_);
  in.values("momentum", v_);
}

}  // namespace sgmc
