// The draws file of `sgmc run`: one row per recorded draw, header
//   chain,iteration[,cycle][,index,log_weight][,temperature],x1,...,xd
// chain 0-based, iteration k of the draw (1-based), cycle the 0-based cycle
// of cyclical samplers, index the 0-based subregion and log_weight the
// importance log-weight of contour samplers, temperature the replica's rung
// for replica exchange.
#pragma once

#include <string>

#include "run_record.hpp"

namespace sgmc::app {

/// Writes every chain's draws, chain by chain. Throws sgmc::Error(kIo)
/// naming the file when it cannot be written.
void write_draws_csv(const std::string& path, const RunRecord& record);

}  // namespace sgmc::app
