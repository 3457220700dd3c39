// Trace and density panels drawn with cairo, one row per parameter.
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

#include "library.hpp"

namespace sgmc::app {

/// One parameter's draws: per chain the iterations and values in order,
/// and the histogram of all chains.
struct CoordinatePanels {
  std::string name;
  std::vector<Vec> iterations;  ///< per chain
  std::vector<Vec> values;      ///< per chain, same lengths
  double lo = 0, hi = 1;        ///< the histogram's range
  Vec density;                  ///< bin heights, integrating to 1 over [lo, hi]
};

/// Writes one row per parameter to a PNG: left its trace (value against
/// iteration, a colour per chain), right its density, each with axes.
/// `heading` goes above the rows. Throws std::runtime_error naming the file
/// when it cannot be written.
void write_trace_png(const std::string& path, const std::string& heading,
                     const std::vector<CoordinatePanels>& rows);

}  // namespace sgmc::app
