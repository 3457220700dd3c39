#include "sgmc/random/normal.hpp"

#include <cmath>
#include <numbers>

namespace sgmc {

NormalSource::NormalSource(Rng rng) : rng_(rng) {}

void NormalSource::fill(double* out, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = next();
}

double NormalSource::next() noexcept {
  // Box–Muller; 1 - uniform() lies in (0, 1], so the logarithm is finite.
  const double radius = std::sqrt(-2.0 * std::log(1.0 - rng_.uniform()));
  return radius * std::cos(2.0 * std::numbers::pi * rng_.uniform());
}

}  // namespace sgmc
