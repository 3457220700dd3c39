// Effective sample sizes of Vehtari, Gelman, Simpson, Carpenter and Bürkner
// (2021), "Rank-normalization, folding, and localization: an improved R-hat
// for assessing convergence of MCMC", Bayesian Analysis 16(2), as computed
// by R's `posterior` package (1.4): `ess_basic`, `ess_bulk`, `ess_tail`.
// NaN stands for posterior's NA.
#pragma once

#include "sgmc/diagnostics/chain_draws.hpp"

namespace sgmc {

/// ESS of draws taken as they are (posterior's `.ess()`): the multi-chain
/// autocorrelation of §3.2, Geyer's initial positive sequence truncated
/// at the first negative pair sum, made monotone, and tau capped below at
/// 1/log10(S) so that ESS <= S log10(S). NaN for fewer than 3 draws per
/// chain or degenerate draws (is_degenerate()).
double ess_of(ConstChainDrawsRef draws);

/// ESS of the split chains (posterior's `ess_basic`, split = TRUE).
double ess_basic(ConstChainDrawsRef draws);

/// Bulk ESS: ESS of the rank-normalised split chains (§4).
double ess_bulk(ConstChainDrawsRef draws);

/// Tail ESS: the smaller ESS of the split indicators I(x <= q_0.05) and
/// I(x <= q_0.95) (§4); NaN when either is NaN.
double ess_tail(ConstChainDrawsRef draws);

}  // namespace sgmc
