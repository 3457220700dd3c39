// `sgmc plot`: trace and density pictures of a draws CSV written by
// `sgmc run` (draws_csv.hpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "library.hpp"

namespace sgmc::app {

struct PlotOptions {
  std::string draws;                   ///< the CSV file
  std::string picture = "sgmc-plot.png";
  std::vector<std::string> parameters; ///< pictured, by column name; empty = every one
  Index per_page = 8;                  ///< rows of one picture; more go to further pictures
  Index bins = 60;                     ///< histogram bins of the density panels
};

/// The picture files of `n` rows, `per_page` a picture: `picture` itself
/// for one picture, else `picture` with -1, -2, ... before its extension.
std::vector<std::string> page_files(const std::string& picture, Index n, Index per_page);

/// One row per parameter: its trace (value against iteration, a colour per
/// chain) and its histogram density (weighted by .log_weight when the file
/// has that column), in pictures of `per_page` rows. Throws Failure
/// naming a missing or malformed file, or a parameter the file lacks.
void plot_draws(const PlotOptions& options, std::ostream& out);

}  // namespace sgmc::app
