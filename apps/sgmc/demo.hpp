// `sgmc demo`: the first thing a new user runs. Samples a built-in
// multimodal target with each sampler at an equal budget, prints what each
// found and draws a picture of the difference.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "library.hpp"

namespace sgmc::app {

struct DemoOptions {
  Index steps = 2000000;     ///< iterations per chain
  Index chains = 4;          ///< parallel chains per sampler
  Index threads = 0;         ///< 0 = all cores
  std::uint64_t seed = 1;
  std::string picture = "sgmc-demo.png";
};

/// Runs the demonstration, writes the summary to `out` and the picture to
/// options.picture. Throws Failure on failure.
void run_demo(const DemoOptions& options, std::ostream& out);

}  // namespace sgmc::app
