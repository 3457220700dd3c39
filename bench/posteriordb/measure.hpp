// What a run's draws say against the reference, parameter by parameter:
// the error of the mean in reference sds, the sd ratio, the bulk ESS, and
// the Monte Carlo standard errors of the first two (the run's and the
// reference's own, combined), which say whether the run was long enough to
// decide a tolerance. Contour samplers' draws are importance-weighted
// (SPEC §4.1, running theta) and pooled as the library pools them: over all
// chains when they share theta (the interacting samplers), else each
// chain's weights normalised and the chains given equal shares; their errors are those of the weighted means by
// batch means, 20 blocks per chain (the verdict's weighted_ess; Kish's share
// times the unweighted ESS, used before, moved by orders of magnitude with a
// few heavy weights). reSGLD's estimates are those of chain 0, the
// replica at the target's temperature.
#pragma once

#include <vector>

#include "../common/posteriordb.hpp"
#include "posterior.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc::bench {

struct ParameterCell {
  double mean_error = 0;  ///< (mean - reference mean) / reference sd
  double sd_ratio = 0;    ///< sd / reference sd
  double ess = 0;         ///< bulk ESS of all chains (weighted: by batch means)
  double mean_se = 0;     ///< standard error of mean_error
  double sd_se = 0;       ///< standard error of sd_ratio
};

std::vector<ParameterCell> measure(const Posterior& posterior, const ReferenceMoments& reference,
                                   const ChainList& chains);

}  // namespace sgmc::bench
