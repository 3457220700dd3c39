// Potential scale reduction R-hat of Vehtari et al. (2021), as computed by
// R's `posterior` package (1.4): `rhat_basic` and the rank-normalised,
// folded `rhat`. NaN stands for posterior's NA.
#pragma once

#include "sgmc/diagnostics/chain_draws.hpp"

namespace sgmc {

/// R-hat of draws taken as they are (posterior's `.rhat()`), §3.1:
/// sqrt(((n-1)/n W + B/n) / W). NaN for degenerate draws.
double rhat_of(ConstChainDrawsRef draws);

/// R-hat of the split chains (posterior's `rhat_basic`, split = TRUE).
double rhat_basic(ConstChainDrawsRef draws);

/// max(bulk, tail) R-hat (§4): R-hat of the rank-normalised split chains
/// and of the rank-normalised split chains folded about the median. NaN
/// when either is NaN.
double rhat(ConstChainDrawsRef draws);

}  // namespace sgmc
