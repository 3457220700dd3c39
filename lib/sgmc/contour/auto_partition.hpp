// The automatic configuration of a contour sampler (SPEC §4.4): u1, du, m,
// zeta and theta_0 chosen from the energies that the chains saw during
// their pilot (the first K_pilot iterations, plain SGLD/SGHMC/pSGLD moves).
//
// The rule, on the energies E of the second half of every chain's pilot
// (the first half is the pilot's own burn-in from x0):
//
//   du   = (Q_0.9(E) - Q_0.1(E)) / 4: four subregions across the central
//          80% of the energies a chain visits in equilibrium;
//   u1   = the lowest pilot energy u with F(u) >= F(u + du) - F(u), F the
//          empirical cdf of E: the lump X_1 = {U <= u1} holds about as
//          much mass as its neighbour, and no subregion lies below the
//          lowest energy seen (so none is unreachable);
//   top  = u1 + 2 (max E - u1): the flattened range reaches well beyond
//          the highest energy seen, towards the barriers the pilot did
//          not climb;
//   m    = ceil((top - u1) / du) + 1, at most kMaxAutoM (du grows to fit);
//          with m fixed by the user, du grows to reach top instead;
//   zeta = 0.75 for the linear field (its fixed point's multiplier
//          1 + tau d/du log theta_inf does not depend on zeta); for the
//          power field min(0.75, 2 / (tau S)), S the steepest
//          |d log theta / du| between neighbouring well-filled subregions
//          of the pilot histogram, so that the fixed point's multiplier
//          1 + zeta tau d/du log theta stays within [-1, 3];
//   theta_0 = the histogram of E over the partition plus 1e-4 per
//          subregion (SPEC §5), normalised; for the linear field raised to
//          1/zeta first, its fixed point theta_inf^(1/zeta) (ICSGLD Lemma 1
//          wants theta_0 near it).
#pragma once

#include <span>
#include <vector>

#include "sgmc/contour/contour_settings.hpp"

namespace sgmc {

/// The most subregions the automatic rule makes.
inline constexpr Index kMaxAutoM = 1000;
/// The fixed point's multiplier range the power field's zeta rule keeps to.
inline constexpr double kAutoMultiplierLo = -1.0;
inline constexpr double kAutoMultiplierHi = 3.0;

/// What the automatic rule chose.
struct PartitionChoice {
  Partition partition;
  double zeta = 0.75;
  std::vector<double> theta0;
};

/// Applies the rule above to `energies`: n_chains blocks of `per_chain`
/// pilot energies each, chain by chain. `requested` gives the field, and
/// m or zeta when they are not to be chosen (auto_m, auto_zeta); `tau` is
/// the chains' temperature. Every energy must be finite. Allocates.
PartitionChoice choose_partition(std::span<const double> energies, Index per_chain,
                                 const ContourSettings& requested, double tau);

/// `requested` with the choice filled in (partition, zeta, theta0) and
/// auto_partition cleared: the settings the contour phase runs with.
ContourSettings chosen_settings(const ContourSettings& requested, const PartitionChoice& choice);

}  // namespace sgmc
