// The standard normal quantile function, to the full double precision that
// rank normalisation needs to agree with R's qnorm().
#pragma once

namespace sgmc {

/// Phi^-1(p) for p in (0, 1), by Wichura's algorithm AS 241 (PPND16,
/// Applied Statistics 37 (1988) 477-484), the algorithm of R's qnorm().
/// Relative accuracy about 1e-16.
double normal_quantile(double p);

}  // namespace sgmc
