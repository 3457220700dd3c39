// Whether a contour sampler's stochastic approximation converged (SPEC
// §4.4). The equations of SPEC §4 return a confident wrong answer when the
// partition is wrong or theta has not settled; these seven statistics, each
// with a documented limit, say so. They are computed per theta: for each
// chain of csgld/csghmc/pcsgld/ksgld, and once over all chains of the
// interacting samplers (whose chains share theta), pooling their draws.
//
//   theta_max       the largest share of pi's mass in one subregion by the
//                   final theta's estimate of the energy pdf (theta for the
//                   power field, theta^zeta normalised for the linear field,
//                   whose fixed point is theta_inf^(1/zeta)). Above 0.9:
//                   theta piled onto one subregion: a linear field that
//                   collapsed from a poor theta_0 (ICSGLD Lemma 1), or a
//                   thin lump at u1 pulling every chain in. (A wide lump
//                   by design, such as u1 = 2 on mix1d, holds 0.6-0.8.)
//   visit_tv        the total-variation distance, over the subregions
//                   visited in the last half of the draws that hold at
//                   least 0.1% of pi's mass by theta's estimate, between
//                   the visit shares and the shares the SA fixed point implies:
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
//   theta_drift     whether theta's block averages moved over the last
//                   half of the draws beyond their noise. The last half is
//                   cut into B = 16 blocks; theta_k(i) is read at the draws
//                   that visited subregion i (the running bin log-weight
//                   is zeta log theta_k(J_k)) and averaged per block. For
//                   each subregion visited in every block, d_i is the mean
//                   of the last 8 block averages minus that of the first 8,
//                   and se_i = sqrt(s_i^2 (1/8 + 1/8)) its standard error,
//                   s_i^2 the blocks' pooled variance about their half's
//                   mean (14 degrees of freedom). The statistic is
//                   sum |d_i| / 2, the total-variation distance between the
//                   two halves' thetas, when sum |d_i| > 4 sum se_i (else
//                   0); limit 0.1 (0.05 flagged a right ICSGLD run of
//                   mix1d at 0.053 in one build and not another). (Significance alone,
//                   sum |d_i| / sum se_i > 4, flagged the right runs of a
//                   long ICSGLD run whose theta still settled by a few
//                   thousandths, many errors at 4 x 50 000 iterations.)
//                   Once theta is at its fixed point the SA (omega_k ~
//                   k^-0.6) makes it fluctuate about it - a subregion
//                   whose share swings with every mode visit, 0.11 <-> 0.37
//                   on mix2u_d2 - but its mean does not move, so each
//                   d_i / se_i is a Student t with 14 degrees of freedom
//                   (blocks of 1/32 of the run are long against theta's
//                   relaxation time 1 / (omega_k theta(i)^zeta), about 1e4
//                   iterations at 1e6). sum |d_i| > c sum se_i needs
//                   |d_i| > c se_i for some i, and with one subregion
//                   carrying the noise the statistic is that |t_14|:
//                   P(|t_14| > 4) = 0.0013, so a limit of 4 flags at most
//                   about 0.5% of settled runs of 4 chains (several
//                   subregions average their noise and flag fewer). Above
//                   0.1: theta is still moving. (The endpoint difference it
//                   replaces, 0.1 in total variation, was theta's own
//                   fluctuation in 1 of 6 settled chains.)
//   kish_share      Kish's ESS (sum w)^2 / sum w^2 of the (running,
//                   interpolated) weights, over the number of draws. Below
//                   0.01: a handful of draws carry every estimate.
//   weighted_rhat   the largest, over coordinates, potential scale
//                   reduction sqrt((W + B) / W) of the weighted estimates of
//                   the two halves of every chain: W the mean of the halves'
//                   weighted variances, B the variance of their weighted
//                   means (Gelman-Rubin on split chains, with the importance
//                   weights). Above 1.1: the halves (or the chains)
//                   disagree, e.g. a mode was visited in one and not the
//                   other. For csgld/csghmc/pcsgld it is also computed
//                   across all chains ("all chains"), whose thetas differ
//                   but whose weighted estimates must agree.
//   weighted_ess    the smallest, over coordinates, effective sample size
//                   var_w(x_j) / MCSE^2 of the weighted mean of x_j, the
//                   Monte Carlo error from batch means: each chain's draws
//                   cut into 20 blocks, every block of every chain (that
//                   shares theta) a unit b of weight W_b and weighted mean
//                   M_b, the mean M their ratio estimator, MCSE^2 =
//                   B/(B-1) sum_b (W_b/W)^2 (M_b - M)^2 (sgmc/estimators/
//                   batch_means.hpp). Below 400: the
//                   estimates move between blocks beyond their error. Why
//                   400, as ess_bulk: a mode's mass p is the weighted mean
//                   of its indicator, whose error is sqrt(p (1 - p) / ESS)
//                   <= 0.5 / sqrt(ESS) = 0.025 at ESS 400, so two errors
//                   stay within 0.05, the tolerance of a right mass (and a
//                   mean's error within 0.05 sd). Below it a run right to
//                   0.05 is right by luck: bench/verdict_calibration counts
//                   those runs apart, and the right runs of
//                   bench/contour_robustness a limit of 400 once flagged
//                   (34 of 54) were such runs. (The coordinates' means
//                   stand for the indicators: across modes they carry the
//                   same jumps.) A chain that visits a mode in a few long
//                   stays has block means that jump between the modes'
//                   means, and an ESS near B whatever its length; the
//                   halves of weighted_rhat cannot see it once the stays
//                   are many more than two.
//
// No statistic can see a mode that no chain ever visited: start chains in
// different places, and run long enough that each visits every mode.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgmc/contour/contour.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc {

enum class ContourCheck {
  kThetaMax,
  kVisitTv,
  kMultiplierOut,
  kThetaDrift,
  kKishShare,
  kWeightedRhat,
  kWeightedEss
};
inline constexpr std::size_t kContourChecks = 7;

/// One statistic: its name, limit, and which side of it fails.
struct ContourCheckSpec {
  std::string_view name;
  double limit;
  bool fails_above;  ///< true: value > limit fails; false: value < limit fails
  std::string_view meaning;  ///< what a failure says, for the verdict's reasons
  /// Judged on the run's estimate only: with chains of their own thetas,
  /// on the "across chains" row (the mean of the chains' estimates) and not
  /// on each chain's (whose value is still reported).
  bool of_run = false;
};

/// The checks, in the order of ContourCheck.
std::span<const ContourCheckSpec> contour_checks();

/// The multiplier range of multiplier_out.
inline constexpr double kMultiplierRangeLo = -2.0;
inline constexpr double kMultiplierRangeHi = 4.0;

/// The statistics of one theta, in the order of ContourCheck; NaN where
/// there is nothing to compute (no draws, or a run stopped before the last
/// quarter).
using ContourDiagnostics = std::array<double, kContourChecks>;

/// One chain's draws and contour record.
struct ContourChainRecord {
  const DrawStore* draws;
  const ContourDraws* contour;
};

/// The statistics of `chains`, which share one theta (one chain, or all
/// chains of an interacting sampler). Precondition: not empty.
ContourDiagnostics diagnose_contour(std::span<const ContourChainRecord> chains);

/// weighted_rhat alone, over the halves of `chains` (NaN with fewer than
/// two draws in some half).
double weighted_rhat(std::span<const ContourChainRecord> chains);

/// The row "across chains" of chains with their own thetas: weighted_rhat
/// over the halves of all of them, and weighted_ess of the mean of their
/// estimates; NaN for the other statistics.
ContourDiagnostics across_chains(std::span<const ContourChainRecord> chains);

/// True when `value` passes `check` (NaN fails).
bool passes(ContourCheck check, double value);

/// Whether the verdict judges check `check` on row `row` of `diagnostics`:
/// not a NaN of the row across chains (which holds some checks only), and
/// for a check of_run only that row, when there is one.
bool judged(std::size_t check, std::span<const ContourDiagnostics> diagnostics,
            std::span<const std::string> labels, std::size_t row);

/// The verdict over one or more thetas: converged when every statistic of
/// every theta passes (a NaN in `diagnostics` is skipped when `labels`'s
/// entry starts with "across": that row holds weighted_rhat and weighted_ess
/// only; a check of_run is judged on that row alone when there is one); otherwise `reasons` holds one sentence per failure,
/// "<label>: <statistic> = <value> (limit ...): <meaning>", joined by "; ".
struct ContourVerdict {
  bool converged = true;
  std::string reasons;
};
ContourVerdict contour_verdict(std::span<const ContourDiagnostics> diagnostics,
                               std::span<const std::string> labels);

/// The diagnostics of a whole run: one theta per chain ("chain c") and the
/// weighted_rhat across them ("across chains"), or, when the chains share
/// theta (`shared`), one for all ("all chains").
struct RunDiagnostics {
  std::vector<ContourDiagnostics> thetas;
  std::vector<std::string> labels;
  ContourVerdict verdict;
};
/// Precondition: `chains` not empty.
RunDiagnostics diagnose_run(std::span<const ContourChainRecord> chains, bool shared);

}  // namespace sgmc
