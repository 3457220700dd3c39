// The convergence verdict of a contour run's chains (SPEC §4.4) straight
// from the chains a driver returns.
#pragma once

#include "sgmc/diagnostics/contour_convergence.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc {

/// diagnose_run() on the draws and contour records of `chains`, one theta
/// for all when they share it (the interacting samplers). Precondition:
/// `chains` is not empty and runs a contour sampler.
RunDiagnostics diagnose_chains(const ChainList& chains);

}  // namespace sgmc
