// Everything that defines a contour sampler's flattening (SPEC §4).
#pragma once

#include <limits>
#include <span>
#include <vector>

#include "sgmc/contour/partition.hpp"
#include "sgmc/schedules/sa_schedule.hpp"

namespace sgmc {

/// The stochastic-approximation field H (SPEC §4).
enum class RandomField {
  kPower,   ///< CSGLD eq. (9): H_i = theta(J)^zeta (1{i=J} - theta(i))
  kLinear,  ///< ICSGLD eq. (8): H_i = theta(J) (1{i=J} - theta(i))
};

/// Which knots the gradient multiplier and Psi interpolate between.
enum class Stencil {
  kBackward,  ///< CSGLD eq. (6)/(8): knots (u_i, log theta(i))
  kForward,   ///< CSGLD supplement D.1: the knots shifted one bin down
};

/// The largest rho: the update's rho term (SPEC §4) is omega^2 rho times
/// components of at most 1, so any rho up to this keeps every sum of them far
/// from overflow, while the useful values are O(1) (CSGLD supplement eq. 42).
inline constexpr double kMaxContourRho = 1e6;

struct ContourSettings {
  Partition partition;
  double zeta = 0.75;  ///< > 0
  RandomField field = RandomField::kPower;
  Stencil stencil = Stencil::kBackward;
  double rho = 0.0;    ///< high-order bias term, in [0, kMaxContourRho]
  double clip_lo = -std::numeric_limits<double>::infinity();  ///< g_lo of the multiplier clip
  double clip_hi = std::numeric_limits<double>::infinity();   ///< g_hi
  std::vector<double> theta0;  ///< m positive values summing to 1; empty = uniform 1/m
  SaSchedule sa;
  Index theta_thin = 0;  ///< record theta after every theta_thin-th iteration; 0 = never
  Index vr_period = 0;   ///< q of the variance-reduced energy (SPEC §4.3); 0 = off
  /// K_pilot. With a fixed partition: the SGLD pilot of the interacting
  /// samplers that sets theta_0 (SPEC §5); 0 = none. With auto_partition:
  /// the first K_pilot iterations of every chain, which choose the
  /// partition (SPEC §4.4); at least kMinAutoPilot.
  Index pilot_steps = 0;
  /// SPEC §4.4: u1, du (and m, zeta where marked) and theta_0 are chosen
  /// from the energies of the pilot (contour/auto_partition.hpp); the
  /// partition, zeta and theta0 above are then placeholders.
  bool auto_partition = false;
  bool auto_m = true;     ///< with auto_partition: choose m (false: keep partition.m)
  bool auto_zeta = true;  ///< with auto_partition: choose zeta (false: keep zeta)

  /// Throws sgmc::Error naming the offending option and value.
  void validate() const;
};

/// The shortest pilot of an automatic partition: its second half must
/// give the quantiles of SPEC §4.4's rule.
inline constexpr Index kMinAutoPilot = 20;

/// Throws sgmc::Error("contour_theta0") unless `theta0` has at least two
/// entries, all finite and > 0, summing to 1 within 1e-9.
void validate_theta0(std::span<const double> theta0);

}  // namespace sgmc
