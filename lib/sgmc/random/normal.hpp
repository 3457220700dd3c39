// Fast standard-normal generation for the injected noise of every sampler.
#pragma once

#include <cstddef>

#include "sgmc/random/rng.hpp"

namespace sgmc {

/// Exact N(0, 1) variates (up to double rounding), drawn from one Rng stream.
/// `fill` is the fast path used by every step; it never allocates.
/// The output sequence is a deterministic function of the stream's state.
class NormalSource {
 public:
  explicit NormalSource(Rng rng);

  /// Writes n independent N(0, 1) variates to out.
  void fill(double* out, std::size_t n) noexcept;
  /// One N(0, 1) variate.
  double next() noexcept;

  Rng& rng() noexcept { return rng_; }

 private:
  Rng rng_;
};

}  // namespace sgmc
