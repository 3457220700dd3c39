// The estimate at the end of a warm-up window: the diagonal scales or the
// dense factor from the window's positions and gradients. Once per window,
// not per step: compiled once, for the baseline, unlike the per-step code in
// preconditioner.cpp (lib/CMakeLists.txt).
#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>

#include "sgmc/chain/preconditioner.hpp"

namespace sgmc {
namespace {

/// Weight of the diagonal target in the shrinkage (n Sigma + 5 D) / (n + 5).
constexpr double kShrinkage = 5.0;

/// c^2 = in_x / in_y, the factor that makes the largest curvature in y the
/// largest in x; +inf when one of them is not positive (no information:
/// the other estimate decides).
double curvature_ratio(double in_x, double in_y) {
  if (!(in_x > 0.0) || !(in_y > 0.0)) return std::numeric_limits<double>::infinity();
  return in_x / in_y;
}

}  // namespace

bool Preconditioner::estimate() {
  if (moments_.count() < 2) return false;
  const double n = static_cast<double>(moments_.count());
  if (!dense()) {
    const Vec var = moments_.position_covariance();
    const Vec fisher = moments_.gradient_covariance();  // Var g: H_ii at stationarity, plus the gradient noise
    if (!var.allFinite() || !fisher.allFinite() || var.minCoeff() <= 0.0 ||
        fisher.minCoeff() <= 0.0) {
      return false;
    }
    const Vec shape = var.cwiseQuotient(fisher).cwiseSqrt();  // sqrt(Var x / Var g)
    // c^2 = max_i H_ii / max_i G_ii H_ii (coordinates taken as independent),
    // with H_ii measured twice: as Var g_i, and as the slope of g_i on x_i,
    // Cov(g_i, x_i) / Var x_i, which gradient noise does not inflate. The
    // smaller c^2 keeps the step stable under both (docs/preconditioning.md).
    const Vec slope = Vec(moments_.cross_covariance()).cwiseQuotient(var).cwiseMax(0.0);
    const double c2 = std::min(curvature_ratio(fisher.maxCoeff(), shape.cwiseProduct(fisher).maxCoeff()),
                               curvature_ratio(slope.maxCoeff(), shape.cwiseProduct(slope).maxCoeff()));
    if (!std::isfinite(c2) || !(c2 > 0.0)) return false;
    scale_ = (c2 * shape).cwiseSqrt();
    return true;
  }
  const Eigen::MatrixXd sigma_x = moments_.position_covariance();
  const Eigen::MatrixXd curvature = moments_.gradient_covariance();
  if (!sigma_x.allFinite() || !curvature.allFinite() || sigma_x.diagonal().minCoeff() <= 0.0) {
    return false;
  }
  // Both covariances in the coordinates y the chain moved in, shrunk there
  // towards their diagonals: once y is nearly white the shrinkage no longer
  // biases a strongly correlated posterior towards independence.
  const auto l = factor_.triangularView<Eigen::Lower>();
  const auto shrunk = [n](Eigen::MatrixXd a) {
    const Vec diag = a.diagonal();
    a *= n / (n + kShrinkage);
    a.diagonal() = diag;  // (n A + 5 diag(A)) / (n + 5)
    return a;
  };
  const Eigen::MatrixXd half = l.solve(sigma_x);
  const Eigen::MatrixXd sigma_y = shrunk(l.solve(half.transpose()).transpose());  // L^-1 S L^-T
  const Eigen::MatrixXd curvature_y = shrunk(factor_.transpose() * curvature * factor_);  // L' C L
  // G = the matrix geometric mean of S and C^-1, the one SPD solution of
  // G S^-1 G = C^-1: with R R' = S and K = R' C R = V diag(k) V',
  // G = R V diag(k^-1/2) V' R'.
  const Eigen::LLT<Eigen::MatrixXd> s_llt(sigma_y);
  if (s_llt.info() != Eigen::Success) return false;
  const Eigen::MatrixXd r = s_llt.matrixL();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> k(r.transpose() * curvature_y * r);
  if (k.info() != Eigen::Success || !(k.eigenvalues().minCoeff() > 0.0)) return false;
  const Eigen::MatrixXd rv = r * k.eigenvectors();
  Eigen::MatrixXd g_y = rv * k.eigenvalues().cwiseInverse().cwiseSqrt().asDiagonal() * rv.transpose();
  g_y = (0.5 * (g_y + g_y.transpose())).eval();
  const Eigen::MatrixXd g_x = factor_ * g_y * factor_.transpose();  // back to x
  const Eigen::LLT<Eigen::MatrixXd> g_llt(0.5 * (g_x + g_x.transpose()));
  if (g_llt.info() != Eigen::Success) return false;
  const Eigen::MatrixXd root = g_llt.matrixL();
  const auto largest = [](const Eigen::MatrixXd& a) {
    return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(a, Eigen::EigenvaluesOnly)
        .eigenvalues()
        .maxCoeff();
  };
  // The curvature from the regression of gradients on positions,
  // Cov(g, x) S^-1 = H for a Gaussian, whatever the gradient noise.
  const Eigen::LLT<Eigen::MatrixXd> sx_llt(sigma_x);
  if (sx_llt.info() != Eigen::Success) return false;
  const Eigen::MatrixXd slope_t = sx_llt.solve(moments_.cross_covariance().transpose());  // S^-1 Cov(x, g)
  const Eigen::MatrixXd slope = 0.5 * (slope_t + slope_t.transpose());
  const double c2 =
      std::min(curvature_ratio(largest(curvature), largest(root.transpose() * curvature * root)),
               curvature_ratio(largest(slope), largest(root.transpose() * slope * root)));
  if (!std::isfinite(c2) || !(c2 > 0.0)) return false;
  factor_ = std::sqrt(c2) * root;
  return true;
}

}  // namespace sgmc
