// The automatic configuration of a contour sampler (SPEC §4.4): u1, du, m,
// zeta and theta_0 chosen from the energies the chains saw during their
// pilot, the first K_pilot iterations of the run, in two stages:
//
//   1. iterations 1..K_pilot/2 move with the plain SGLD/SGHMC/pSGLD step;
//      their energies choose a first partition. A chain started in one
//      mode sees only that mode's energies: if another mode holds lower
//      ones, they all fall into the lump X_1 = {U <= u1} of this partition.
//   2. iterations K_pilot/2+1..K_pilot move with the contour sampler on the
//      first partition (the flattening lets the chains cross to other
//      modes); their energies, weighted by their running importance weights
//      (which turn the flattened visits back into pi's energy distribution,
//      inside the lump too, where the weight is constant), choose the final
//      partition. The draws of the run start after it.
//
// The rule, on the energies E of the second half of every chain's stage
// (the first half is the stage's own burn-in), F their (weighted) cdf:
//
//   du   = (Q_0.9(E) - Q_0.1(E)) / 4: four subregions across the central
//          80% of the energy distribution;
//   u1   = the lowest energy u of E with F(u) >= F(u + du) - F(u): the lump
//          X_1 holds about as much mass as its neighbour, and no subregion
//          lies below the lowest energy seen (none is unreachable);
//   top  = u1 + r (max E - u1), r = 3 after stage 1 (which saw one mode
//          and none of the barriers around it) and 1.25 after stage 2
//          (which climbed them): the flattened range reaches beyond the
//          highest energy seen, towards barriers not yet climbed;
//   m    = ceil((top - u1) / du) + 1, at most kMaxAutoM: the range is cut
//          at u1 + (kMaxAutoM - 1) du, so that one chain thrown far does
//          not widen every subregion to reach it (energies past the cut
//          fall into the open top subregion); with m fixed by the user, du
//          grows to reach top (or the cut) instead;
//   zeta = kMaxAutoZeta for the linear field (its fixed point's multiplier
//          1 + tau d/du log theta_inf does not depend on zeta); for the
//          power field min(kMaxAutoZeta, 2 / (tau S)), S the steepest
//          |d log theta / du| between neighbouring well-filled subregions
//          of the histogram, so that the fixed point's multiplier
//          1 + zeta tau d/du log theta stays within [-1, 3];
//   theta_0 = the (weighted) histogram of E over the partition plus 1e-4 per
//          subregion (SPEC §5), normalised; for the linear field raised to
//          1/zeta first, its fixed point theta_inf^(1/zeta) (ICSGLD Lemma 1
//          wants theta_0 near it).
#pragma once

#include <span>
#include <vector>

#include "sgmc/contour/contour_settings.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// The most subregions the automatic rule makes.
inline constexpr Index kMaxAutoM = 1000;
/// The zeta of the papers' toy experiments: the rule's choice for the linear
/// field and its upper limit for the power field.
inline constexpr double kMaxAutoZeta = 0.75;
/// The fixed point's multiplier range the power field's zeta rule keeps to.
inline constexpr double kAutoMultiplierLo = -1.0;
inline constexpr double kAutoMultiplierHi = 3.0;

/// What the automatic rule chose.
struct PartitionChoice {
  Partition partition;
  double zeta = 0;
  std::vector<double> theta0;
};

/// Applies the rule above to `energies`: blocks of `per_chain` energies of
/// one stage, chain by chain, with their log-weights (stage 2) or none
/// (`log_weights` empty: stage 1). `requested` gives the field, and m or
/// zeta when they are not to be chosen (auto_m, auto_zeta); `tau` is the
/// chains' temperature. Every value must be finite. Allocates.
PartitionChoice choose_partition(std::span<const double> energies,
                                 std::span<const double> log_weights, Index per_chain,
                                 const ContourSettings& requested, double tau);

/// A chosen partition in a checkpoint: the stage it ends (0 = none yet, 1
/// or 2) and its m, u1, du and zeta (theta_0 is not needed: theta is saved).
void save_choice(ByteWriter& out, Index stage, const PartitionChoice& choice);
/// What save_choice() wrote, checked (m in [2, kMaxAutoM], du > 0, zeta > 0,
/// all finite). Returns the stage; `choice` is set when it is > 0.
Index load_choice(ByteReader& in, PartitionChoice& choice);

/// `requested` with the choice filled in (partition, zeta, theta0) and
/// auto_partition cleared: the settings the contour phase runs with.
ContourSettings chosen_settings(const ContourSettings& requested, const PartitionChoice& choice);

}  // namespace sgmc
