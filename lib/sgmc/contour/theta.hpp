// The contour samplers' estimate theta of the energy pdf over the
// partition, its stochastic-approximation update and the flattening
// function Psi_theta built from it (SPEC §4). A chain refers to its Theta
// rather than owning it, so that several chains can share one (ICSGLD,
// SPEC §5): update() already takes the indices of all sharing chains.
#pragma once

#include <span>

#include "sgmc/contour/contour_settings.hpp"
#include "sgmc/contour/contour_trace.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

class Theta {
 public:
  /// theta_0 = settings.theta0, or uniform 1/m. Precondition: settings validated.
  explicit Theta(const ContourSettings& settings);

  /// Starts again from `settings` (partition, zeta, field and theta_0 may
  /// all change): once, when an automatic partition has been chosen
  /// (SPEC §4.4). Allocates.
  void reset(const ContourSettings& settings) { *this = Theta(settings); }

  const Partition& partition() const { return partition_; }
  Stencil stencil() const { return stencil_; }
  double zeta() const { return zeta_; }
  RandomField field() const { return field_; }
  /// theta(1..m) as a 0-based vector on the simplex.
  ConstVecRef values() const { return theta_; }

  /// One SA step with the averaged field of indices J_1..J_P, every term
  /// from the same theta_k (CSGLD eq. 9 for P = 1, ICSGLD eq. 5 for P > 1):
  ///   theta(i) += omega (1/P) sum_p [H_i(J_p) + omega rho 1{i >= J_p} (1{i=J_p} - theta(i))],
  /// then renormalised to the simplex and floored at the smallest normal
  /// double so that log theta stays finite. Plain O(m P); `indices` must
  /// not be empty. Never allocates.
  void update(std::span<const Index> indices, double omega);

  /// d/du log Psi_theta(u) for an energy u in subregion j = J(u) - 1.
  double log_psi_slope(double u, Index j) const;
  /// log Psi_theta(u) (CSGLD eq. 5): piecewise linear in u between the
  /// stencil's knots, flat below the first and above u_m.
  double log_psi(double u, Index j) const;
  /// The importance log-weight of a draw with energy u in subregion j
  /// (SPEC §4.1; the dynamics targets pi / Psi^zeta): zeta log Psi_theta(u)
  /// (interpolated) or zeta log theta(j) (bin).
  double log_weight(WeightKind kind, double u, Index j) const;

  /// Checkpoints: the m values (each finite and > 0).
  void save(ByteWriter& out) const;
  void load(ByteReader& in);
  /// save() with the settings that define this theta (partition, field,
  /// stencil, zeta, rho), for a reader that does not know them (draws
  /// sent to another process); read back by loaded().
  void save_described(ByteWriter& out) const;
  static Theta loaded(ByteReader& in);

 private:
  /// The knots of the piece of log Psi holding u: left and right subregion
  /// (equal where Psi is flat) and the energy of the right knot.
  struct Piece {
    Index left;
    Index right;
    double right_knot;
  };
  Piece piece(double u, Index j) const;

  Partition partition_;
  double zeta_;
  RandomField field_;
  Stencil stencil_;
  double rho_;
  Vec theta_;
  Vec increment_;  ///< scratch: the update is computed from theta_k before it is applied
};

}  // namespace sgmc
