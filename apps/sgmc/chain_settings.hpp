// The settings each chain ran with, as the summary reports them: the step
// size (every run), SGHMC's friction, and what an automatic warm-up
// (docs/warm_up.md) measured to choose them; and the terminal's one line on
// an automatic warm-up.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "draws_view.hpp"

namespace sgmc::app {

/// A member per chain: {"step_size", "friction" (SGHMC kernels only),
/// "temperature" (resgld only: the replica's rung),
/// "warm_up": null when the step size was set, else {"search_steps",
/// "search_converged", "windows", "curvature", "noise"}}.
nlohmann::json chain_settings(const DrawsView& draws);

/// "warm-up: step_size 1.2e-04 (chains 1.1e-04 .. 1.3e-04), friction 0.12,
/// (resgld: temperature_max 9.6, the ladder's top,) search 150 iterations (converged), 11 windows" from chain_settings()'s
/// value, with ranges over the chains; "" when no chain's warm-up was
/// automatic.
std::string warm_up_line(const nlohmann::json& settings);

}  // namespace sgmc::app
