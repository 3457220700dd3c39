// How a run's chains are run: how many, on how many threads, reporting how
// often, from which seed (the options "n_chains", "threads", "progress_every",
// "seed"; lib/sgmc/config/options.cpp).
#pragma once

#include <cstdint>
#include <functional>

#include "sgmc/core/types.hpp"

namespace sgmc {

struct RunConfig {
  Index n_chains = 1;
  Index threads = 0;           ///< worker threads; 0 = all cores
  Index progress_every = 1000; ///< iterations between progress reports
  std::uint64_t seed = 1;

  void validate() const;
};

/// Called on the calling thread between rounds of progress_every
/// iterations; returns false to stop the run early (draws so far are kept).
using ProgressFn = std::function<bool(Index steps_done, Index steps_total)>;

}  // namespace sgmc
