// Whether a chain was still moving while it recorded (docs/verdict.md): the
// mean energy of its first and second halves of draws, compared against
// their Monte Carlo error by batch means. A chain still travelling towards
// the typical set, or drifting between modes, changes its energy level
// between the halves by far more than its error.
#pragma once

#include <vector>

#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc {

/// "energy_drift": the largest over the chains of |z|, z the difference of
/// the halves' mean energies over its standard error (20 batch means of the
/// second half); limit 4. None for a contour sampler (whose theta_drift and
/// visit_tv say whether its flattened target has settled).
std::vector<Check> stationarity_checks(const RecordedRun& run);

/// The z of one chain's energies; NaN with fewer than 40 draws or energies
/// that do not vary.
double energy_drift(const Eigen::Ref<const Vec>& energies);

}  // namespace sgmc
