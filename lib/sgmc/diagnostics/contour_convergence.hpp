// Whether a contour sampler's stochastic approximation converged (SPEC
// §4.4). The equations of SPEC §4 return a confident wrong answer when the
// partition is wrong or theta has not settled; these five statistics, each
// with a documented limit, say so. They are computed per theta: for each
// chain of csgld/csghmc/pcsgld/ksgld, and once over all chains of the
// interacting samplers (whose chains share theta), pooling their draws.
//
//   theta_max       the largest component of the final theta. A share above
//                   0.5 means theta piled onto one subregion: the lump of a
//                   u1 just above the lowest energy, or a linear field that
//                   collapsed from a poor theta_0 (ICSGLD Lemma 1).
//   visit_tv        the total-variation distance, over the subregions
//                   visited in the last half of the draws, between the
//                   visit shares and the shares the SA fixed point implies:
//                   the chain targets pi / Psi^zeta, so subregion i is
//                   visited in proportion to theta_inf(i) / theta(i)^zeta,
//                   i.e. theta(i)^(1 - zeta) for the power field (fixed
//                   point theta = theta_inf) and uniformly for the linear
//                   field (fixed point theta = theta_inf^(1/zeta): the
//                   flat histogram). Above 0.2: theta is not at its fixed point.
//   multiplier_out  the share of the last half of the draws whose gradient
//                   multiplier g lay outside [-2, 4]. Above 0.05: a
//                   subregion next to an unreachable or very thin one
//                   throws chains about.
//   theta_drift     the total-variation distance between theta at the start
//                   of the last quarter of the contour phase and the final
//                   theta. Above 0.1: theta is still moving.
//   kish_share      Kish's ESS (sum w)^2 / sum w^2 of the (running,
//                   interpolated) weights, over the number of draws. Below
//                   0.01: a handful of draws carry every estimate.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgmc/contour/contour.hpp"

namespace sgmc {

enum class ContourCheck { kThetaMax, kVisitTv, kMultiplierOut, kThetaDrift, kKishShare };
inline constexpr std::size_t kContourChecks = 5;

/// One statistic: its name, limit, and which side of it fails.
struct ContourCheckSpec {
  std::string_view name;
  double limit;
  bool fails_above;  ///< true: value > limit fails; false: value < limit fails
  std::string_view meaning;  ///< what a failure says, for the verdict's reasons
};

/// The five checks, in the order of ContourCheck.
std::span<const ContourCheckSpec> contour_checks();

/// The multiplier range of multiplier_out.
inline constexpr double kMultiplierRangeLo = -2.0;
inline constexpr double kMultiplierRangeHi = 4.0;

/// The five statistics of one theta, in the order of ContourCheck; NaN
/// where there is nothing to compute (no draws, or a run stopped before
/// the last quarter).
using ContourDiagnostics = std::array<double, kContourChecks>;

/// The statistics of the draws of `chains`, which share one theta (one
/// chain, or all chains of an interacting sampler). Precondition: not empty.
ContourDiagnostics diagnose_contour(std::span<const ContourDraws* const> chains);

/// True when `value` passes `check` (NaN fails).
bool passes(ContourCheck check, double value);

/// The verdict over one or more thetas: converged when every statistic of
/// every theta passes; otherwise `reasons` holds one sentence per failure,
/// "<label>: <statistic> = <value> (limit ...): <meaning>", joined by "; ".
struct ContourVerdict {
  bool converged = true;
  std::string reasons;
};
ContourVerdict contour_verdict(std::span<const ContourDiagnostics> diagnostics,
                               std::span<const std::string> labels);

/// The diagnostics of a whole run: one theta per chain ("chain c"), or,
/// when the chains share theta (`shared`), one for all ("all chains").
struct RunDiagnostics {
  std::vector<ContourDiagnostics> thetas;
  std::vector<std::string> labels;
  ContourVerdict verdict;
};
/// Precondition: `chains` not empty.
RunDiagnostics diagnose_run(std::span<const ContourDraws* const> chains, bool shared);

}  // namespace sgmc
