// The draws file of `sgmc run`, in the layout of R's posterior package (a
// draws_df) and Stan's CSV: one row per recorded draw, header
//   .chain,.iteration,.draw,lp__[,cycle__][,subregion__,.log_weight][,temperature__],<names>
// .chain 1-based, .iteration the iteration k of the draw (1-based), .draw
// running over all chains from 1, lp__ minus the draw's (stochastic)
// energy, cycle__ the 0-based cycle of cyclical samplers, subregion__ the
// 0-based subregion and .log_weight the log of the draw's share in the
// weighted estimates of contour samplers (each chain's weights normalised,
// the chains counted equally), temperature__ the replica's rung for replica
// exchange; then a column per parameter, named as the model names it.
#pragma once

#include <string>

#include "run.hpp"

namespace sgmc::app {

/// The columns before the parameters' (docs/cli.md, "The draws file").
inline constexpr const char* kChainColumn = ".chain";
inline constexpr const char* kIterationColumn = ".iteration";
inline constexpr const char* kDrawColumn = ".draw";
inline constexpr const char* kLpColumn = "lp__";
inline constexpr const char* kCycleColumn = "cycle__";
inline constexpr const char* kSubregionColumn = "subregion__";
inline constexpr const char* kLogWeightColumn = ".log_weight";
inline constexpr const char* kTemperatureColumn = "temperature__";

/// False for the columns before the parameters', true for a parameter's.
bool is_parameter_column(const std::string& name);

/// Writes every chain's draws, chain by chain. Throws Failure naming the
/// file when it cannot be written.
void write_draws_csv(const std::string& path, const RunResult& result);

}  // namespace sgmc::app
