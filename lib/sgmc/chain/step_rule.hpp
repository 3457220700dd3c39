// The automatic step size (docs/warm_up.md): from the curvature H and the
// gradient noise V a warm-up window measured, the largest step whose
// discretisation and gradient-noise bias stays within a target.
//
// SGLD on a Gaussian direction of curvature lambda, temperature tau and
// gradient-noise variance v moves y' = (1 - eps lambda) y - eps xi +
// sqrt(2 eps tau) w, whose stationary variance is
//     tau (1 + eps v / (2 tau)) / (lambda (1 - eps lambda / 2)),
// the target's tau / lambda times 1 + eps (lambda + v / tau) / 2 to first
// order. Over all directions the relative bias of the variance is at most
// delta when eps = 2 delta / lambda_max(H + V / tau). The same bound holds
// for SGHMC's momentum form with V / (tau eta) in place of V / tau (its
// injected noise is 2 eta eps tau, against the eps^2 v of the gradient
// noise; its curvature term is eps lambda / 4 to eps lambda / 2), and for
// pSGLD in the coordinates z = G^-1/2 y its RMSprop metric G moves in.
#pragma once

#include <optional>

#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/chain/window_moments.hpp"

namespace sgmc {

class Preconditioner;

/// What a window measured, in the kernel's coordinates y: d x d matrices,
/// or d x 1 columns of their diagonals from "diag" sums.
struct WindowCurvature {
  Eigen::MatrixXd curvature;  ///< H_y, the slope of the gradients' differences on the moves
  Eigen::MatrixXd noise;      ///< V_y, the covariance of the gradient noise
  /// Cov(dx)^-1 in y (a precision maps as a curvature does): with `noise`
  /// and `moves` it gives H's sampling error.
  Eigen::MatrixXd move_precision;
  double moves = 0.0;  ///< n, the window's moves
};

/// H = sym(Cov(dg, dx) Cov(dx)^-1) and V = (Cov(dg) - H Cov(dx) H) / 2 of a
/// window's sums of successive differences of the evaluated points and
/// their gradients, in x, mapped to y by `precond` (null: y = x). nullopt when the window cannot
/// give them: fewer than 3 points, a coordinate that never moved, a
/// non-finite value.
std::optional<WindowCurvature> measure_curvature(const WindowMoments& window,
                                                 const Preconditioner* precond);

/// What the rule needs besides the window.
struct StepRuleInput {
  SamplerKind dynamics = SamplerKind::kSgld;  ///< sgld, sghmc or psgld
  double temperature = 1.0;  ///< tau; 0 (an optimizer) is taken as 1
  double bias = kDefaultStepBias;  ///< delta
  /// pSGLD: the RMSprop metric G_i = 1 / (lambda + sqrt(V_i)) in y.
  Vec metric;
  /// SGHMC: the friction to keep, or 0 to choose it too.
  double friction = 0.0;
  double noise_estimate = 0.0;  ///< SGHMC's gamma_hat; a chosen friction stays above it
};

struct StepChoice {
  double step_size = 0.0;
  double friction = 0.0;   ///< SGHMC: the friction to run with
  /// lambda_max(H_y) + 2 se, the upper bound the rule used (for pSGLD, of
  /// G^1/2 H G^1/2)
  double curvature = 0.0;
  double noise = 0.0;      ///< lambda_max of the noise term, V_y / (tau eta)
  /// The window's moves resolved its curvature: lambda_max(H_y) > 2 se.
  /// Not saved: read at the window's end only.
  bool resolved = false;
};

/// eps = 2 delta / lambda_max(H+ + V / tau) for SGLD, where H+ = H + 2 se I
/// is the window's curvature at the top of its sampling error se = sqrt(2
/// lambda_max(V) lambda_max(Cov(dx)^-1) / n) (the secant's error, which
/// gradient noise makes large where the moves are small); for SGHMC with V /
/// (tau eta), and eta (when chosen) = 2 sqrt(eps lambda_min(H+)), the damping
/// that is critical for the widest direction, in [kMinAutoFriction, 1]; for
/// pSGLD in G's coordinates. Throws nothing: a window without information is
/// measure_curvature()'s nullopt.
StepChoice choose_step(const WindowCurvature& window, const StepRuleInput& input);

/// MHBT (docs/warm_up.md, "MHBT"): the mean acceptance probability its
/// proposal's scale is tuned to: 0.234 for the random walk (Roberts, Gelman
/// & Gilks 1997), 0.574 for the gradient proposals, MALA's (Roberts &
/// Rosenthal 1998).
double target_acceptance(MhbtProposal proposal);

/// The next window's scale of an MHBT proposal from the last window's scale
/// and mean acceptance probability a, by inverting the acceptance curve of
/// the proposal's high-dimensional limit on a Gaussian: the random walk's
/// a = 2 Phi(-l sqrt(I) / 2) with delta proportional to l (RGG 1997), so
/// delta' = delta Phi^-1(a* / 2) / Phi^-1(a / 2); MALA's a = 2 Phi(-K l^3)
/// with eps proportional to l^2 (R&R 1998), so eps' = eps (Phi^-1(a* / 2) /
/// Phi^-1(a / 2))^(2/3). Within [scale / 10, 10 scale] (a = 0 or 1 give
/// those bounds).
double mh_scale(double scale, double acceptance, MhbtProposal proposal);

}  // namespace sgmc
