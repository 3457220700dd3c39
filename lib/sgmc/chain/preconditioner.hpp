// A fixed preconditioner estimated during warm-up, applied as a change of
// coordinates x = L y: the kernel moves y, the model sees x, gradients map
// as grad_y U = L' grad_x U (one evaluation per step, as before). SGLD in y
// is preconditioned Langevin dynamics with the constant matrix L L'
// (x' = x - eps L L' grad U + sqrt(2 eps tau) L w); every kernel (SGHMC,
// pSGLD, the contour samplers, MHBT's proposals) gets the same benefit, and
// energies are unchanged (the Jacobian of a linear map is constant).
//
// Estimation (in windows, as Stan adapts its metric): the warm-up [1, W] is
// cut into windows (warm_up_windows() in the .cpp says how). Each window
// gives the covariance S of its positions and C of its gradients, and L L'
// is proportional to their matrix geometric mean G (G S^-1 G = C^-1; diag:
// G_ii = sqrt(S_ii / C_ii)): the minimiser of the sample Fisher divergence
// of Seyboldt, Carlson & Carpenter, "Preconditioning Hamiltonian Monte Carlo
// by minimizing Fisher divergence" (arXiv:2603.18845, 2026), as in nutpie. For a Gaussian with Hessian H the
// gradients are H x, so C = H S H and G = H^-1 exactly, whatever S is: a
// chain that has crossed a wide direction only partly still gets it right,
// where the positions alone would underestimate it. Both are shrunk
// towards their diagonals in the current coordinates y, (n A + 5 diag A) /
// (n + 5). The scale of L keeps `step_size`'s meaning: the largest
// curvature the kernel sees is the largest in x (for a Gaussian, L L' =
// Sigma / lambda_min(Sigma)). The curvature is measured twice, as C (exact
// at stationarity, but inflated by gradient noise, which shapes G towards
// the noisy coordinates and then scales the quiet ones up past the stable
// step) and as the slope of the gradients on the positions, Cov(g, x) S^-1,
// which noise does not bias; the scale is the smaller of the two.
#pragma once

#include <vector>

#include "sgmc/chain/precondition_settings.hpp"
#include "sgmc/chain/window_moments.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// The shortest warm-up window: kMinPreconditionWindow, and 10 x dim for
/// "dense", whose covariance needs several positions per coordinate.
Index shortest_window(PreconditionKind kind, Index dim);

/// The window ends of a warm-up over the iterations (start, end]: up to ten
/// equal windows of at least `shortest` iterations in its first half, a
/// third and two thirds of the second half (preconditioner.cpp says why).
std::vector<Index> warm_up_windows(Index start, Index end, Index shortest);

class Preconditioner {
 public:
  /// `warm_up` = W >= kMinPreconditionWindow, the resolved settings.steps.
  Preconditioner(PreconditionKind kind, Index dim, Index warm_up);

  /// x = L y.
  void to_x(ConstVecRef y, VecRef x) const;
  /// y = L^{-1} x.
  void to_y(ConstVecRef x, VecRef y) const;
  /// g_y = L' g_x, the gradient in y of a function whose x-gradient is g_x.
  void gradient_to_y(ConstVecRef g_x, VecRef g_y) const;

  /// Takes a point x of an iteration and grad U_hat there (the evaluated
  /// point, or MHBT's state after its accept/reject). Both statistics come
  /// from the same points, so that C = H S H holds for a Gaussian whatever
  /// the points are. Never allocates.
  void add(ConstVecRef x, ConstVecRef g);
  /// add() with the gradient in y coordinates, g_y = L' g_x (a kernel's
  /// cached gradient). Never allocates.
  void add_y_gradient(ConstVecRef x, ConstVecRef g_y);
  /// Called after iteration k (k = 1, 2, ...). Returns true when k ends a
  /// window and L changed: the caller re-expresses its state in the new y.
  /// Never allocates but when it returns true.
  bool end_window(Index k);

  /// After a window's end that changed L (end_window() returned true):
  /// maps a per-coordinate second moment v of gradients in the old y to
  /// the new y, v_i <- sum_j A_ij^2 v_j with g_y,new = A g_y,old,
  /// A = L_new' L_old^-T (diag: A = diag(s_new / s_old), exact; dense: as
  /// if the old coordinates' gradients were uncorrelated). pSGLD's RMSprop
  /// statistic goes on from this instead of from zero, whose first step
  /// would be about ten times too long (1/sqrt(1 - alpha)).
  void map_gradient_moment(VecRef v) const;

  /// A warm-up that first walks to the typical set (warm_up_stage.hpp)
  /// estimates L only after it: defer_windows() removes the windows until
  /// start_windows(first) lays them over (first, W] (if none are laid yet
  /// and first < W).
  void defer_windows();
  void start_windows(Index first);

  /// Maps a metric of gradients (a curvature or a gradient covariance) from
  /// x to the kernel's y: M <- L' M L (diag: a column of the diagonal,
  /// M_i <- s_i^2 M_i).
  void metric_to_y(Eigen::MatrixXd& m) const;

  /// Windows whose estimate has been applied so far.
  Index windows_done() const { return window_; }
  /// The last iteration of each window.
  const std::vector<Index>& window_ends() const { return ends_; }
  /// L's diagonal (diag) or its lower-triangular factor (dense), for reports.
  const Vec& scales() const { return scale_; }
  const Eigen::MatrixXd& factor() const { return factor_; }

  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  bool dense() const { return kind_ == PreconditionKind::kDense; }
  /// Sets L from the window's positions and gradients; false when they cannot give one
  /// (a coordinate that never moved, a non-finite value): L stays.
  bool estimate();

  PreconditionKind kind_;
  Index warm_up_;      ///< W
  std::vector<Index> ends_;
  Index window_ = 0;   ///< windows finished
  WindowMoments moments_;  ///< the current window's sums
  Vec g_x_;            ///< scratch: a gradient mapped back to x
  Vec scale_;          ///< diag: L = diag(scale_)
  Eigen::MatrixXd factor_;  ///< dense: L, lower triangular
  Vec previous_scale_;          ///< diag: L before the last window's end
  Eigen::MatrixXd previous_factor_;  ///< dense: the same
};

}  // namespace sgmc
