#pragma once

namespace sgmc {

/// The instruction-set level this copy of the engine's kernels was compiled
/// for: "baseline", "native", or an x86-64 level such as "x86-64-v4"
/// (docs/building.md). What sgmc_isa_level() and `sgmc --version` report.
const char* isa_level() noexcept;

}  // namespace sgmc
