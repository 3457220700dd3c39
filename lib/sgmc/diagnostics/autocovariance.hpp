// Autocovariance of one chain by FFT, as posterior's `autocovariance()`.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

/// gamma_t = (1/N) sum_{i=1..N-t} (x_i - xbar)(x_{i+t} - xbar) for
/// t = 0..N-1 (the biased estimate of Vehtari et al. 2021, §3.2),
/// computed by FFT with zero padding; all zeros when x is constant.
Vec autocovariance(const Vec& x);

}  // namespace sgmc
