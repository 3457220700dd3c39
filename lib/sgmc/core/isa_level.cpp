#include "sgmc/core/isa_level.hpp"

namespace sgmc {

// SGMC_ISA_LEVEL: set for each level's copy of the kernels by
// cmake/SgmcIsaLevels.cmake; this file is compiled once per level with them.
const char* isa_level() noexcept { return SGMC_ISA_LEVEL; }

}  // namespace sgmc
