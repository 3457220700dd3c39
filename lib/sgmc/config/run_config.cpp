#include "sgmc/config/run_config.hpp"

#include <limits>

#include "sgmc/core/error.hpp"

namespace sgmc {

void RunConfig::validate() const {
  require(n_chains >= 1, "n_chains", n_chains, "must be >= 1");
  require(threads >= 0, "threads", threads, "must be >= 0 (0 = all cores)");
  require(progress_every >= 1, "progress_every", progress_every, "must be >= 1");
  require(first_chain >= 0, "first_chain", first_chain, "must be >= 0");
  require(n_chains - 1 <= std::numeric_limits<Index>::max() - first_chain, "first_chain",
          first_chain, "leaves no room for the indices of n_chains chains");
}

}  // namespace sgmc
