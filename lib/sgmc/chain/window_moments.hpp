// The sums a warm-up window keeps of its positions x and gradients g: their
// means, covariances S = Cov(x) and C = Cov(g), and the cross-covariance
// K = Cov(g, x), each by coordinate ("diag") or in full ("dense"). The
// preconditioner reads them for its metric, the step rule (step_rule.hpp)
// for the curvature H = K S^-1 and the gradient noise V = C - H S H'.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

class WindowMoments {
 public:
  /// `dense`: full d x d sums (O(d^2) a point), else d of each.
  WindowMoments(Index dim, bool dense);

  /// Adds one point and its gradient (Welford). Never allocates.
  void add(ConstVecRef x, ConstVecRef g);
  /// Forgets every point: a new window.
  void reset();

  bool dense() const { return dense_; }
  /// Points added since the last reset().
  Index count() const { return count_; }
  /// The sample covariances, divided by count() - 1 (precondition: count() >= 2).
  /// Dense: full symmetric matrices; diag: d x 1 columns of the diagonals.
  Eigen::MatrixXd position_covariance() const;
  Eigen::MatrixXd gradient_covariance() const;
  /// Cov(g, x) (dense: rows g, columns x; diag: Cov(g_i, x_i) as a column).
  Eigen::MatrixXd cross_covariance() const;
  /// The mean gradient of the window.
  const Vec& gradient_mean() const { return g_mean_; }

  /// Writes and reads the sums (checkpoint format 4's field order).
  void save(ByteWriter& out) const;
  void load(ByteReader& in, Index max_count);

 private:
  bool dense_;
  Index count_ = 0;
  Vec mean_;           ///< running mean of x (Welford)
  Vec delta_;          ///< scratch: x - mean
  Vec m2_diag_;        ///< diag: sum of squared deviations
  Eigen::MatrixXd m2_; ///< dense: lower triangle of the sum of outer products
  Vec g_mean_;         ///< running mean gradient
  Vec g2_diag_;        ///< diag: sum of squared gradient deviations
  Eigen::MatrixXd g2_; ///< dense: lower triangle of the sum of gradient outer products
  Vec cross_diag_;     ///< diag: sum of gradient x position deviations, coordinate by coordinate
  Eigen::MatrixXd cross_;  ///< dense: sum of (g - mean g)(x - mean x)'
  Vec g_delta_;        ///< scratch: g - the window's mean gradient
};

}  // namespace sgmc
