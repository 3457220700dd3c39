// Replica exchange (SPEC §6): the settings of a temperature ladder, the swap
// acceptance of a neighbouring pair and the running estimate of the variance
// of the energy estimator that enters it.
#pragma once

#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// Where sigma2 of the swap rule comes from.
enum class SwapVariance {
  kRunning,  ///< NoiseVariance of the lowest replica's U_hat
  kFixed,    ///< ReplicaSettings::variance, set by the user
};

/// The ladder and swap settings of reSGLD; replica 0 runs at the sampler's
/// temperature and step size, replica R - 1 at temperature_max and
/// step_size_max, the others geometrically in between.
struct ReplicaSettings {
  double temperature_max = 0.0;  ///< tau_R > tau_1; with auto_temperature, 0 until chosen
  double step_size_max = 0.0;    ///< eps of the hottest replica; 0 = the sampler's step size
  Index swap_every = 1;          ///< s: swaps are tried at iterations k divisible by s
  double correction = 1.0;       ///< F >= 1
  SwapVariance variance_kind = SwapVariance::kRunning;
  double variance = 0.0;         ///< sigma2 >= 0 when variance_kind is kFixed
  /// temperature_max is chosen during the automatic warm-up (swap_ladder.hpp)
  bool auto_temperature = false;

  /// Throws sgmc::Error naming the option and its value; `temperature` and
  /// `step_size` are those of the lowest replica.
  void validate(double temperature, double step_size) const;
};

/// log S of SPEC §6 for the pair (l, h), tau_l < tau_h:
/// (1/tau_l - 1/tau_h) (U_l - U_h - (1/tau_l - 1/tau_h) sigma2 / F).
/// The pair swaps with probability min(1, S).
double swap_log_ratio(double tau_l, double tau_h, double energy_l, double energy_h, double sigma2,
                      double correction);

/// The running estimate of sigma2 (SPEC §6) from the lowest replica: half
/// the mean squared difference of its successive U_hat (von Neumann's
/// successive-difference estimator). Successive points of one trajectory are
/// close, so a difference is the estimator's noise of two evaluations plus
/// a small O(step) change of U; the plain variance of U_hat would add the
/// whole spread of U over the target. Differences across a swap of the
/// lowest replica are skipped (restart()).
class NoiseVariance {
 public:
  void add(double energy);
  /// Forgets the previous value: the next add() starts a new run.
  void restart() { has_previous_ = false; }
  /// The estimate; 0 before the first difference.
  double variance() const { return count_ > 0 ? sum_squares_ / (2.0 * static_cast<double>(count_)) : 0.0; }

  /// Checkpoints: the running sums.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  bool has_previous_ = false;
  double previous_ = 0.0;
  double sum_squares_ = 0.0;
  Index count_ = 0;
};

/// Swap attempts and acceptances of each neighbouring pair (r, r + 1).
struct SwapStats {
  std::vector<Index> attempts;
  std::vector<Index> accepts;
};

}  // namespace sgmc
