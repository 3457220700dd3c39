// What a contour chain records beside its draws (SPEC §4.1): the index J_k,
// the running importance log-weights and the gradient multiplier g_k of
// every recorded draw (the multipliers feed the convergence diagnostics of
// SPEC §4.4), and theta along the run. Sized once up front: recording never allocates.
#pragma once

#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// Which importance weight (SPEC §4.1).
enum class WeightKind {
  kInterpolated,  ///< log w = zeta log Psi_theta(U_hat(x)); the default
  kBin,           ///< log w = zeta log theta(J) (CSGLD Thm 2; O(du) bias)
};

/// Which theta the weights use.
enum class WeightTheta {
  kRunning,  ///< theta after the SA update of the draw's own iteration
  kFinal,    ///< the final theta, for every draw
};

class ContourTrace {
 public:
  /// Room for `capacity` draws and `theta_capacity` thetas of m values.
  ContourTrace(Index m, Index capacity, Index theta_capacity);

  /// A copy holding only what was recorded so far.
  ContourTrace trimmed() const;

  /// Appends a draw's 0-based index, the energy u that gave it, its
  /// running log-weights and the multiplier g of its move (after the clip).
  /// Precondition: room left.
  void push(Index j, double u, double log_weight_interpolated, double log_weight_bin,
            double multiplier);
  /// Appends theta. Precondition: room left.
  void push_theta(ConstVecRef theta);

  Index size() const { return static_cast<Index>(indices_.size()); }
  /// 0-based J_k - 1 of each draw.
  const std::vector<Index>& indices() const { return indices_; }
  /// The energy of each draw's index: U_hat, or U_VR (SPEC §4.3).
  Eigen::Ref<const Vec> energies() const { return energies_.head(size()); }
  /// The running log-weights of each draw.
  Eigen::Ref<const Vec> log_weights(WeightKind kind) const;
  /// The gradient multiplier g_k of each draw's move.
  Eigen::Ref<const Vec> multipliers() const { return multipliers_.head(size()); }
  /// Column t is theta after iteration (t + 1) theta_thin.
  Eigen::Ref<const Eigen::MatrixXd> theta_trace() const { return thetas_.leftCols(n_thetas_); }

  /// Checkpoints: what was recorded so far. load() requires exactly
  /// `draws` draws and `thetas` thetas.
  void save(ByteWriter& out) const;
  void load(ByteReader& in, Index draws, Index thetas);

 private:
  std::vector<Index> indices_;
  Vec energies_;
  Vec log_weight_interpolated_;
  Vec log_weight_bin_;
  Vec multipliers_;
  Eigen::MatrixXd thetas_;
  Index n_thetas_ = 0;
};

}  // namespace sgmc
