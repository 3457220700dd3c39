#include "sgmc/samplers/sgld.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <cmath>

namespace sgmc {

void Sgld::step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) {
  const double eps = info.step_size;
  if (info.temperature == 0.0) {  // SGD: no noise to draw
    x_.noalias() -= eps * eval.grad;
    return;
  }
  const double sd = std::sqrt(2.0 * info.temperature * eps);
  blocks_.for_each(x_.size(), noise, [&](Index start, Index length, const auto& w) {
    x_.segment(start, length).array() -= eps * eval.grad.segment(start, length).array() - sd * w;
  });
}


void Sgld::save(ByteWriter& out) const {
  out.section("SGLD");
  out.values(x_);
}

void Sgld::load(ByteReader& in) {
  in.section("SGLD");
  in.values("position", x_);
}

}  // namespace sgmc
