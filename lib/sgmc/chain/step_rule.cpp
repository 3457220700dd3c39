// Once per warm-up window, not per step: compiled once, for the baseline
// (lib/CMakeLists.txt).
#include "sgmc/chain/step_rule.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/diagnostics/normal_quantile.hpp"

namespace sgmc {
namespace {

/// Weight of the diagonal in the shrunk position covariance (n S + 5 D) /
/// (n + 5), as the preconditioner's: a direction the window crossed only
/// partly must not make S^-1 explode.
constexpr double kShrinkage = 5.0;

Eigen::MatrixXd symmetric(const Eigen::MatrixXd& a) { return 0.5 * (a + a.transpose()); }

/// The largest eigenvalue of a symmetric matrix, or the largest entry of a
/// column of diagonal values.
double largest(const Eigen::MatrixXd& m) {
  if (m.cols() == 1) return m.maxCoeff();
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m, Eigen::EigenvaluesOnly)
      .eigenvalues()
      .maxCoeff();
}

double smallest(const Eigen::MatrixXd& m) {
  if (m.cols() == 1) return m.minCoeff();
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m, Eigen::EigenvaluesOnly)
      .eigenvalues()
      .minCoeff();
}

/// G^1/2 M G^1/2 for a diagonal G given as its entries.
Eigen::MatrixXd in_metric(const Eigen::MatrixXd& m, const Vec& g) {
  if (g.size() == 0) return m;
  if (m.cols() == 1) return m.cwiseProduct(g);
  const Vec root = g.cwiseSqrt();
  return root.asDiagonal() * m * root.asDiagonal();
}

}  // namespace

std::optional<WindowCurvature> measure_curvature(const WindowMoments& window,
                                                 const Preconditioner* precond) {
  // The sums are of successive differences (dx, dg), not of positions:
  // a secant is local, so a chain that spans several modes measures the
  // curvature inside them, not the shallow average slope across them.
  if (window.count() < 3) return std::nullopt;
  const double n = static_cast<double>(window.count());
  const Eigen::MatrixXd s = window.position_covariance();
  const Eigen::MatrixXd c = window.gradient_covariance();
  const Eigen::MatrixXd k = window.cross_covariance();
  if (!s.allFinite() || !c.allFinite() || !k.allFinite() || !(s.diagonal().minCoeff() > 0.0)) {
    return std::nullopt;
  }
  WindowCurvature out;
  if (!window.dense()) {
    // Coordinate by coordinate: H_ii = Cov(dg_i, dx_i) / Var dx_i, and the
    // residual dg_i - H_ii dx_i = xi_k - xi_k-1 has variance 2 V_ii.
    out.curvature = k.cwiseQuotient(s).cwiseMax(0.0);
    out.noise = 0.5 * (c - out.curvature.cwiseAbs2().cwiseProduct(s)).cwiseMax(0.0);
    out.move_precision = s.cwiseInverse();
  } else {
    Eigen::MatrixXd shrunk = s * (n / (n + kShrinkage));
    shrunk.diagonal() = s.diagonal();
    const Eigen::LLT<Eigen::MatrixXd> llt(shrunk);
    if (llt.info() != Eigen::Success) return std::nullopt;
    // Locally g = H x + xi: dg = H dx + xi_k - xi_k-1, so Cov(dg, dx) = H
    // Cov(dx) (plus eps V, from the xi_k-1 the move carried: a larger
    // curvature, on the safe side) and the residual's covariance is 2 V.
    out.curvature = symmetric(llt.solve(k.transpose()).transpose());
    out.noise = 0.5 * symmetric(c - out.curvature * shrunk * out.curvature);
    out.move_precision = llt.solve(Eigen::MatrixXd::Identity(s.rows(), s.cols()));
  }
  out.moves = n;
  if (precond != nullptr) {
    precond->metric_to_y(out.curvature);
    precond->metric_to_y(out.noise);
    precond->metric_to_y(out.move_precision);
  }
  if (!out.curvature.allFinite() || !out.noise.allFinite() || !out.move_precision.allFinite()) {
    return std::nullopt;
  }
  return out;
}

StepChoice choose_step(const WindowCurvature& window, const StepRuleInput& input) {
  const double tau = input.temperature > 0.0 ? input.temperature : 1.0;
  const Eigen::MatrixXd v = in_metric(window.noise, input.metric);
  // The secant's sampling error (docs/warm_up.md, "The secant's error"): the
  // residual dg - H dx = xi_k - xi_k-1 has covariance 2 V, so along a unit
  // direction u the slope of n moves errs by about sqrt(2 u'Vu u'S^-1u / n).
  // The rule reads H at the top of that error, H+ = H + 2 se: a window whose
  // moves were too small to see the curvature through the gradient noise
  // (se grows as 1/sqrt(eps) when the moves shrink) bounds it rather than
  // gives it.
  const Eigen::MatrixXd p = in_metric(window.move_precision, input.metric);
  // The move dx_k carried -eps xi_k-1 (in the rule's coordinates), so the
  // secant is H + eps V Cov(dx)^-1, where the injected noise makes Cov(dx)
  // 2 eps tau (SGLD, pSGLD) or eps tau / (1 - eta/2) (SGHMC's momentum): H +
  // V / (2 tau), H + V / tau. It is removed (SGHMC's eta/2 left in, on the
  // safe side); the sampling error below is the rule's margin.
  const double carried = input.dynamics == SamplerKind::kSghmc ? 1.0 / tau : 0.5 / tau;
  const Eigen::MatrixXd measured = in_metric(window.curvature, input.metric) - carried * v;
  Eigen::MatrixXd h = measured;
  if (h.cols() == 1) {
    h += 2.0 * (2.0 * v.cwiseMax(0.0).cwiseProduct(p) / window.moves).cwiseSqrt();
  } else {
    const double se = std::sqrt(2.0 * std::max(largest(v), 0.0) * std::max(largest(p), 0.0) / window.moves);
    h.diagonal().array() += 2.0 * se;
  }
  StepChoice out;
  out.curvature = std::max(largest(h), 0.0);
  out.resolved = largest(measured) > largest(h - measured);
  const auto step_at = [&](double friction) {
    const double noise = std::max(largest(v), 0.0) / (tau * friction);
    const double bound = std::max(largest(h + v / (tau * friction)), out.curvature);
    return std::pair{2.0 * input.bias / bound, noise};
  };
  if (input.dynamics != SamplerKind::kSghmc) {
    std::tie(out.step_size, out.noise) = step_at(1.0);
    return out;
  }
  // SGHMC: eps and eta depend on each other; a few rounds from eta = 1 settle them.
  out.friction = input.friction > 0.0 ? input.friction : 1.0;
  // Critical damping of the widest direction, at its measured curvature.
  const double lambda_min = std::max(smallest(h), 0.0);
  for (int round = 0; round < 4; ++round) {
    std::tie(out.step_size, out.noise) = step_at(out.friction);
    if (input.friction > 0.0) break;
    const double critical = 2.0 * std::sqrt(out.step_size * lambda_min);
    out.friction = std::clamp(std::max(critical, 2.0 * input.noise_estimate), kMinAutoFriction, 1.0);
  }
  std::tie(out.step_size, out.noise) = step_at(out.friction);
  return out;
}

double target_acceptance(MhbtProposal proposal) {
  return proposal == MhbtProposal::kRandomWalk ? 0.234 : 0.574;
}

double mh_scale(double scale, double acceptance, MhbtProposal proposal) {
  // A window may move the scale tenfold at most: its acceptance is measured
  // at one scale, and the limit curves are only asymptotic (d -> inf).
  constexpr double kMaxChange = 10.0;
  if (!(acceptance > 0.0)) return scale / kMaxChange;
  if (!(acceptance < 1.0)) return scale * kMaxChange;
  const double ratio = normal_quantile(0.5 * target_acceptance(proposal)) /
                       normal_quantile(0.5 * acceptance);
  const double power = proposal == MhbtProposal::kRandomWalk ? 1.0 : 2.0 / 3.0;
  return scale * std::clamp(std::pow(ratio, power), 1.0 / kMaxChange, kMaxChange);
}

}  // namespace sgmc
