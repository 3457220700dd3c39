// What a run's draws say against the reference, parameter by parameter:
// the error of the mean in reference sds, the sd ratio, the bulk ESS, and
// the Monte Carlo standard errors of the first two (the run's and the
// reference's own, combined), which say whether the run was long enough to
// decide a tolerance. Contour samplers' draws are importance-weighted
// (SPEC §4.1, running theta), each chain's weights normalised and the chains
// pooled with equal shares; their ESS is the chains' bulk ESS times the
// Kish share of the weights. reSGLD's estimates are those of chain 0, the
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
  double ess = 0;         ///< bulk ESS of all chains (weighted: times the Kish share)
  double mean_se = 0;     ///< standard error of mean_error
  double sd_se = 0;       ///< standard error of sd_ratio
};

std::vector<ParameterCell> measure(const Posterior& posterior, const ReferenceMoments& reference,
                                   const ChainList& chains);

}  // namespace sgmc::bench
