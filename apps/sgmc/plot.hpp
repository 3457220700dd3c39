// `sgmc plot`: trace and density pictures of a draws CSV written by
// `sgmc run` (draws_csv.hpp).
#pragma once

#include <ostream>
#include <string>

#include "sgmc/core/types.hpp"

namespace sgmc::app {

struct PlotOptions {
  std::string draws;                   ///< the CSV file
  std::string picture = "sgmc-plot.png";
  Index max_coordinates = 6;           ///< coordinates pictured, the first ones
  Index bins = 60;                     ///< histogram bins of the density panels
};

/// One row per coordinate: its trace (value against iteration, a colour per
/// chain) and its histogram density (weighted by log_weight when the file
/// has that column). Throws sgmc::Error naming a missing or malformed file.
void plot_draws(const PlotOptions& options, std::ostream& out);

}  // namespace sgmc::app
