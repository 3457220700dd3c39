// What `sgmc run` keeps of a finished (or interrupted) run: each chain's
// draws with what its sampler records beside them, in the form the CSV
// writer and the summary read.
#pragma once

#include <string>
#include <vector>

#include "sgmc/drivers/rounds.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc::app {

struct ChainRecord {
  DrawStore draws;
  std::vector<Index> cycles;  ///< cyclical samplers: the 0-based cycle of each draw
};

struct RunRecord {
  std::string sampler;
  std::vector<ChainRecord> chains;
  Index n_steps = 0;    ///< iterations asked for
  RunOutcome outcome;   ///< iterations made; cancelled by Ctrl-C
  double seconds = 0;   ///< wall time of the sampling
};

}  // namespace sgmc::app
