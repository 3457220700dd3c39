// What a run recorded: every chain's record with what the chains share (the
// schedule that tags a cyclical run's draws with cycles, the swaps between
// the rungs of a replica-exchange ladder, one theta of the interacting
// samplers). The C API's sgmc_draws is one; record_fields.hpp reads its
// parts by name.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/record/recorded_chain.hpp"
#include "sgmc/samplers/swap_rule.hpp"
#include "sgmc/schedules/step_schedule.hpp"

namespace sgmc {

struct RecordedRun {
  std::vector<RecordedChain> chains;
  /// The schedule of a cycsgld or cycsghmc run, which tags draws with cycles.
  std::optional<StepSchedule> cyclical;
  /// Per neighbouring pair of a resgld run; empty otherwise.
  SwapStats swaps;
  /// True when the chains share one theta (icsgld, icsghmc, picsgld): their
  /// weights are comparable and the estimates pool all chains.
  bool shared_theta = false;

  /// Whether chain c's draws make the estimates: it runs at chain 0's
  /// temperature, the lowest rung (every chain but reSGLD's hotter
  /// replicas, whose draws only feed the ladder). Precondition: c < size.
  bool makes_estimates(std::size_t c) const { return chains[c].temperature == chains.front().temperature; }
  /// Appends a copy of what `chain` has recorded so far.
  void add(const Chain& chain);
  /// Appends one chain's record.
  void add(RecordedChain chain) { chains.push_back(std::move(chain)); }
};

/// Copies of what `chains` (a run's, in chain order) have recorded so far,
/// with the run's swap statistics.
RecordedRun recorded_run(std::span<const std::unique_ptr<Chain>> chains, SwapStats swaps = {});

}  // namespace sgmc
