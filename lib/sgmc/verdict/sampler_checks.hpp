// The checks of one sampler family's own counts (docs/verdict.md): MHBT's
// acceptance, the swaps between the rungs of a replica-exchange ladder, the
// contour samplers' stochastic approximation (SPEC §4.4), and the faults
// every sampler may meet.
#pragma once

#include <vector>

#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc {

/// "mhbt_acceptance": the smallest share of accepted proposals over the
/// chains; fails below 0.01 (a chain that moved at fewer than one
/// iteration in a hundred has the starting point's estimate, whatever its
/// length). None for other samplers.
std::vector<Check> mhbt_checks(const RecordedRun& run);

/// "swap_acceptance": the smallest share of accepted swaps over the
/// neighbouring pairs of the ladder; fails below 0.01 (the ladder is cut
/// there: the tau = 1 replica never receives what the hot ones found).
/// None without swap attempts.
std::vector<Check> swap_checks(const RecordedRun& run);

/// SPEC §4.4's checks, each the worst over the run's thetas
/// (diagnose_run()), named "contour_<name>". None for other samplers.
std::vector<Check> contour_checks_of(const RecordedRun& run);

/// "contour_top_influence": how far the draws of the open top subregion
/// move a weighted mean (in sd) or sd (relatively), the worst over the
/// run's thetas (lib/sgmc/diagnostics/open_top_influence.hpp); fails above
/// 0.05, half a right estimate's tolerance. None for other samplers.
std::vector<Check> open_top_checks(const RecordedRun& run);

/// "fault_share": evaluations rejected under on_fault = "reject" over all
/// evaluations; fails above 0.01 (the sampler avoids a region of the
/// posterior where the model fails, and the estimates lack it).
std::vector<Check> fault_checks(const RecordedRun& run);

}  // namespace sgmc
