// The verdict of a run (docs/verdict.md): every check that applies to its
// sampler, in one list. Which checks apply:
//
//   every sampler     fault_share
//   not contour       rhat, ess_bulk, ess_tail (verdict/mixing.hpp),
//                     energy_drift (verdict/stationarity.hpp)
//   SGLD family       step_bias, mean_bias (verdict/step_bias.hpp): sgld, psgld,
//                     sghmc, the cyclical samplers, resgld
//   mhbt              mhbt_acceptance
//   resgld            swap_acceptance
//   contour samplers  contour_<name> of SPEC §4.4, contour_top_influence
//                     (diagnostics/open_top_influence.hpp)
//
// No statistic can see a mode that no chain visited: only chains started
// apart can show it (docs/verdict.md, "What no check can see").
#pragma once

#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc {

/// The verdict over what `run` recorded. Never throws for a run with chains;
/// a check without enough draws to compute is NaN and fails.
Verdict run_verdict(const RecordedRun& run);

}  // namespace sgmc
