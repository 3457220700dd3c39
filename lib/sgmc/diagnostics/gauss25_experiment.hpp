// The settings of cSG-MCMC App. A.1 on gauss25 (SPEC §9 experiment 5),
// shared by the demonstration and the benchmark that reproduces it.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc::gauss25 {

inline constexpr double kGradNoise = 1.0;  ///< gradient noise N(0, I)
inline constexpr double kRadius = 0.25;    ///< r: a draw within r of a centre counts for its mode
inline constexpr Index kMinDraws = 100;    ///< nbar: draws that make a mode covered

}  // namespace sgmc::gauss25
