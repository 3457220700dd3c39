// What a chain recorded, apart from the chain: its draws with what its
// sampler records beside them. The form in which draws leave a run (the C
// API's sgmc_draws, the program's record) and travel between processes.
#pragma once

#include <limits>
#include <optional>

#include "sgmc/chain/chain.hpp"
#include "sgmc/chain/stages/warm_up_stage.hpp"
#include "sgmc/contour/contour.hpp"
#include "sgmc/diagnostics/stein_moments.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc {

struct RecordedChain {
  DrawStore draws;
  double temperature = 1.0;  ///< tau (replica exchange: the chain's rung)
  Index steps_done = 0;      ///< iterations the chain made
  Index faults = 0;          ///< evaluations rejected under on_fault = "reject"
  double step_size = 0.0;    ///< the schedule's step size the chain ran with (eps, a or eps0)
  double friction = 0.0;     ///< SGHMC kernels: the friction eta; 0 for the others
  double rw_scale = 0.0;     ///< MHBT's random walk: its delta; 0 for the others
  /// pSGLD kernels: the RMSprop decay a in [0, 1), set or chosen
  /// (docs/warm_up.md, "pSGLD's metric"); NaN for the others.
  double rms_decay = std::numeric_limits<double>::quiet_NaN();
  std::optional<WarmUpReport> warm_up;  ///< what an automatic warm-up chose
  std::optional<MhbtStats> mhbt;        ///< MHBT's acceptance counts
  /// Stein's identity in the kernel's coordinates (docs/verdict.md), for a
  /// sampler that has the step-size bias check.
  std::optional<SteinRatios> stein;
  std::optional<ContourDraws> contour;  ///< a contour sampler's indices, weights and theta
};

/// A copy of what `chain` has recorded so far.
RecordedChain recorded(const Chain& chain);

/// Writes `draws` for load_recorded() (e.g. on another process).
void save_recorded(ByteWriter& out, const RecordedChain& draws);
/// What save_recorded() wrote. Every count is bounded by the bytes left
/// before memory is set aside for it; throws Error(kFormat) naming the
/// damaged field.
RecordedChain load_recorded(ByteReader& in);

}  // namespace sgmc
