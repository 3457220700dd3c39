// What `sgmc run` keeps of a finished (or interrupted) run: each chain's
// draws with what its sampler records beside them, in the form the CSV
// writer and the summary read.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/diagnostics/contour_convergence.hpp"
#include "sgmc/drivers/run_outcome.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc::app {

struct ChainRecord {
  DrawStore draws;
  double temperature = 1.0;    ///< tau of the chain (replica exchange: its rung of the ladder)
  std::vector<Index> cycles;   ///< cyclical samplers: the 0-based cycle of each draw
  std::vector<Index> indices;  ///< contour samplers: the 0-based subregion J_k - 1 of each draw
  /// Contour samplers: each draw's importance log-weight, interpolated with
  /// the running theta of the draw's own iteration (SPEC §4.1, the default
  /// everywhere; docs/contour.md); empty otherwise.
  Vec log_weights;
  /// Contour samplers: the partition and zeta the chain ran with, and
  /// whether the pilot chose them (SPEC §4.4); unset otherwise.
  std::optional<Partition> partition;
  double zeta = 0;
  bool automatic = false;
  Index pilot_steps = 0;
  /// MHBT: its acceptance counts over the run.
  std::optional<MhbtStats> acceptance;
  /// Evaluations of the model the chain rejected (option on_fault = reject).
  Index faults = 0;
};

struct RunRecord {
  SamplerKind kind = SamplerKind::kSgld;
  std::vector<std::string> names;  ///< of the model's parameters, d of them
  std::vector<ChainRecord> chains;
  Index n_steps = 0;    ///< iterations asked for
  RunOutcome outcome;   ///< iterations made; cancelled by Ctrl-C; the fault that stopped the run
  double seconds = 0;   ///< wall time of the sampling
  /// Contour samplers: the convergence statistics and verdict (SPEC §4.4).
  std::optional<RunDiagnostics> contour;
};

}  // namespace sgmc::app
