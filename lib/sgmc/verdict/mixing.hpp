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
/// column j the j-th draw): each chain that makes the estimates
/// (RecordedRun::makes_estimates), cut into its cycles for a
/// cyclical sampler (whose cycles must agree as chains do), each trimmed to
/// the shortest. Empty for a contour sampler, whose draws estimate the
/// target only with their weights (its checks are SPEC §4.4's).
std::vector<Eigen::Ref<const Eigen::MatrixXd>> target_segments(const RecordedRun& run);

/// Vehtari et al.'s limit of R-hat, and of the bulk and tail ESS.
inline constexpr double kRhatLimit = 1.01;
inline constexpr double kEssLimit = 400.0;

/// The limit of a coordinate's R-hat over `segments` chains (or cycles)
/// with bulk ESS `ess_bulk`, `coordinates` of them checked: kRhatLimit, or
/// when larger the R-hat that stationary chains exceed with probability
/// 0.01 / coordinates, sqrt(1 + q M / ((M - 1) ESS)) with M the split
/// halves, q the chi-square (M - 1) quantile and ESS at least kEssLimit
/// (docs/verdict.md). At the
/// ESS of 400 that ess_bulk accepts, 4 chains reach 1.034 by noise alone,
/// so 1.01 alone flagged right runs; from an ESS of about 1,400 (4 chains,
/// 10 coordinates) the limit is 1.01. Vats & Knudson (2021) tie R-hat's
/// threshold to the ESS likewise.
double rhat_limit(double ess_bulk, Index segments, Index coordinates);

/// "rhat" (each coordinate against its rhat_limit; the one nearest its
/// limit or furthest past it is shown, with that limit), "ess_bulk" and
/// "ess_tail" (the smallest; limit 400: the Monte Carlo error of a mean is
/// then at most 0.05 of its sd, so that the estimate is within 0.1 sd with
/// 95% probability). None for a run without target segments.
std::vector<Check> mixing_checks(const RecordedRun& run);

}  // namespace sgmc
