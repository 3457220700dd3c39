// What a zero-knob run (issue #31: nothing set but the sampler) chose, read
// from its chains: the step size (and SGHMC's friction) each chain ran
// with, the preconditioner the warm-up picked, and what its typical-set
// search and windows measured (docs/warm_up.md). Each chain warms up on its
// own, so the table gives the range over the chains. MHBT's step is its
// proposal's scale (the random walk's delta), and its windows measure no
// curvature.
#pragma once

#include <string>

#include "sgmc/drivers/driver.hpp"

namespace sgmc::bench {

struct Chosen {
  std::string precondition;      ///< "none", "diag" or "dense"
  double step_lo = 0, step_hi = 0;
  double friction_lo = 0, friction_hi = 0;  ///< 0: not SGHMC
  int chains = 0;
  Index burn_in = 0;             ///< iterations before the first draw (a contour pilot included; 0: no draw)
  bool warmed_up = false;        ///< the chains ran the automatic warm-up
  Index search_steps_max = 0;    ///< the typical-set search's longest
  int search_converged = 0;      ///< chains whose search stopped on its own rule
  Index windows_min = 0;
  double curvature_max = 0;      ///< lambda_max(H) of the last window (kernel's coordinates)
  double noise_max = 0;          ///< lambda_max(V / tau) of the last window
};

Chosen chosen(const ChainList& chains);

}  // namespace sgmc::bench
