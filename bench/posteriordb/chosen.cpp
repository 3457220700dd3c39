#include "chosen.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/chain/chain.hpp"
#include "sgmc/chain/stages/warm_up_stage.hpp"

namespace sgmc::bench {
namespace {

const char* name(PreconditionKind kind) {
  switch (kind) {
    case PreconditionKind::kDiag: return "diag";
    case PreconditionKind::kDense: return "dense";
    case PreconditionKind::kNone: break;
  }
  return "none";
}

void widen(double value, double& lo, double& hi) {
  lo = std::min(lo, value);
  hi = std::max(hi, value);
}

}  // namespace

Chosen chosen(const ChainList& chains) {
  Chosen out;
  out.chains = static_cast<int>(chains.size());
  if (chains.empty()) return out;
  const auto& first = chains.front()->config();
  out.precondition = name(first.precondition.kind);
  const auto& steps = chains.front()->draws().steps();
  out.burn_in = steps.empty() ? 0 : steps.front() - 1;  // iterations count from 1
  const bool sghmc = dynamics(first.kind) == SamplerKind::kSghmc;
  out.step_lo = out.friction_lo = INFINITY;
  out.windows_min = chains.front()->warm_up() ? chains.front()->warm_up()->report().windows : 0;
  for (const auto& chain : chains) {
    // MHBT's random walk: its delta is its step.
    const auto& config = chain->config();
    const bool walk = config.kind == SamplerKind::kMhbt && config.mhbt.proposal == MhbtProposal::kRandomWalk;
    widen(walk ? config.mhbt.rw_scale : config.schedule.step_size, out.step_lo, out.step_hi);
    widen(sghmc ? chain->config().sghmc.friction : 0.0, out.friction_lo, out.friction_hi);
    const WarmUpStage* warm_up = chain->warm_up();
    if (warm_up == nullptr) continue;
    const WarmUpReport& report = warm_up->report();
    out.warmed_up = true;
    out.search_steps_max = std::max(out.search_steps_max, report.search_steps);
    out.search_converged += report.search_converged;
    out.windows_min = std::min(out.windows_min, report.windows);
    out.curvature_max = std::max(out.curvature_max, report.choice.curvature);
    out.noise_max = std::max(out.noise_max, report.choice.noise);
  }
  return out;
}

}  // namespace sgmc::bench
