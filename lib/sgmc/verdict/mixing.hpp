// The checks of Vehtari, Gelman, Simpson, Carpenter & Bürkner (2021), as
// Stan and R's `posterior` apply them, over the draws that estimate the
// target: rank-normalised split R-hat (the chains, or the halves of one,
// agree) and bulk and tail ESS (enough independent draws for the estimate).
#pragma once

#include <vector>

#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc {

/// The draws that estimate the target, as segments of equal length (d x n,
/// column j the j-th draw): each chain at tau = 1, cut into its cycles for a
/// cyclical sampler (whose cycles must agree as chains do), each trimmed to
/// the shortest. Empty for a contour sampler, whose draws estimate the
/// target only with their weights (its checks are SPEC §4.4's).
std::vector<Eigen::Ref<const Eigen::MatrixXd>> target_segments(const RecordedRun& run);

/// "rhat" (the largest over the coordinates; limit 1.01), "ess_bulk" and
/// "ess_tail" (the smallest; limit 400: the Monte Carlo error of a mean is
/// then at most 0.05 of its sd, so that the estimate is within 0.1 sd with
/// 95% probability). None for a run without target segments.
std::vector<Check> mixing_checks(const RecordedRun& run);

}  // namespace sgmc
