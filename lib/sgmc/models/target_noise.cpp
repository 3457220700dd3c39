#include "sgmc/models/target_noise.hpp"

#include <cmath>
#include <numbers>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

// One exact N(0, 1) variate by Box–Muller (cosine branch) from the stream.
// The noise of a synthetic target is a handful of numbers per evaluation, so
// this simple form costs nothing next to the step.
double standard_normal(Rng& rng) {
  const double radius = std::sqrt(-2.0 * std::log(1.0 - rng.uniform()));
  return radius * std::cos(2.0 * std::numbers::pi * rng.uniform());
}

Rng& stream(const EvalRequest& request) {
  if (request.noise == nullptr) {
    throw Error(ErrorKind::kState, "target noise requested without a target-noise stream");
  }
  return *request.noise;
}

}  // namespace

void TargetNoise::validate() const {
  require(std::isfinite(energy_sd) && energy_sd >= 0, "energy_noise_sd", energy_sd,
          "must be finite and >= 0");
  require(std::isfinite(grad_sd) && grad_sd >= 0, "grad_noise_sd", grad_sd,
          "must be finite and >= 0");
}

void TargetNoise::draw(const EvalRequest& request, ModelTerms& out) const {
  if (energy_sd > 0) out.prior_energy += energy_sd * standard_normal(stream(request));
  if (grad_sd > 0 && request.want_gradient) {
    Rng& rng = stream(request);
    for (Index i = 0; i < out.prior_grad.size(); ++i) {
      out.prior_grad[i] += grad_sd * standard_normal(rng);
    }
  }
}

}  // namespace sgmc
