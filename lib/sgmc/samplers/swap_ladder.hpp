// The automatic ladder of replica exchange (docs/warm_up.md, "The reSGLD
// ladder"): with `temperature_max` not set, the ratio q = tau_{r+1}/tau_r
// of the geometric ladder is chosen from the energies the replicas measure
// during the warm-up, so that the lowest pair swaps at kLadderSwapTarget.
#pragma once

#include <span>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// The swap rate the ladder is chosen for: about the rate that maximises
/// the round trips of a state along a ladder (Kone & Kofke 2005, J. Chem.
/// Phys. 122, 206101: 0.23 for a constant heat capacity).
inline constexpr double kLadderSwapTarget = 0.23;
/// The largest span tau_max / tau_1 the rule chooses: a Gaussian target's
/// hottest replica is then at most 10 times as wide as the target in every
/// direction (docs/warm_up.md says why a cap, and why this one).
inline constexpr double kLadderMaxSpan = 100.0;

/// What the swap rate of a pair depends on (docs/warm_up.md).
struct LadderModel {
  double heat_capacity = 0.0;  ///< C = Var(U) / tau^2 of the exact energy, taken constant along the ladder
  double noise = 0.0;          ///< the variance of the estimator U_hat about U
  double swap_variance = 0.0;  ///< sigma2 the swap rule (SPEC §6) will subtract
  double correction = 1.0;     ///< its F >= 1
};

/// The expected swap rate of the pair (tau, q tau), q > 1, under `model`:
/// the incomplete beta function law of Predescu, Predescu & Ciobanu (2004,
/// J. Chem. Phys. 120, 4119) for the exact energies, 2 I_{1/(1+q)}(C, C),
/// as the Gaussian log swap ratio of the same rate, with the energy
/// estimator's noise and SPEC §6's correction added to that Gaussian.
double ladder_swap_rate(const LadderModel& model, double tau, double q);

/// The ratio q in (1, q_max] whose lowest pair (tau, q tau) swaps at
/// kLadderSwapTarget (bisection on log q: the rate falls as q grows); q_max
/// when even q_max swaps more often, or the heat capacity is not positive.
double ladder_ratio(const LadderModel& model, double tau, double q_max);

/// The energies U_hat of R replicas over a stretch of iterations, all at
/// the same temperature: the variance of U_hat within each replica, and the
/// squared differences of its successive values at lags 1 and 2. Never
/// allocates after construction.
class LadderMeasure {
 public:
  explicit LadderMeasure(Index replicas);

  /// One iteration's U_hat of every replica, in replica order.
  void add(std::span<const double> energies);

  /// The sample variance of U_hat within a replica, averaged over replicas.
  double energy_variance() const;
  /// Half the mean squared difference of successive U_hat: what the swap
  /// rule's running sigma2 (NoiseVariance) estimates at this step size.
  double successive_variance() const;
  /// The noise of U_hat alone: with V_j the mean squared difference at lag
  /// j, V_j = 2 s2 + j a for independent noise of variance s2 and a drift
  /// of U that grows with the lag (a diffusion's: linearly), so
  /// s2 = V_1 - V_2 / 2 (at least 0).
  double noise_variance() const;

  /// Checkpoints.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  Index count_ = 0;            ///< iterations added
  std::vector<double> shift_;  ///< each replica's first U_hat: sums of U_hat - shift stay small
  std::vector<double> sum_;
  std::vector<double> sum_squares_;
  std::vector<double> last_;      ///< U_hat of the last iteration
  std::vector<double> previous_;  ///< and of the one before
  double lag1_ = 0.0;  ///< sums of squared differences at lags 1 and 2, over replicas
  double lag2_ = 0.0;
};

}  // namespace sgmc
