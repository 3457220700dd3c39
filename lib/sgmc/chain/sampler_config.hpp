// Everything that defines one chain's dynamics, independent of the model.
#pragma once

#include <memory>
#include <string_view>

#include "sgmc/chain/precondition_settings.hpp"
#include "sgmc/chain/warm_up_settings.hpp"
#include "sgmc/contour/contour_settings.hpp"
#include "sgmc/core/fault.hpp"
#include "sgmc/samplers/domain_box.hpp"
#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "sgmc/samplers/psgld.hpp"
#include "sgmc/samplers/sghmc.hpp"
#include "sgmc/samplers/swap_rule.hpp"
#include "sgmc/schedules/step_schedule.hpp"

namespace sgmc {

enum class SamplerKind {
  kSgld,
  kPsgld,
  kSghmc,
  kCycSgld,   ///< cSGLD (SPEC §3): SGLD on the cyclical schedule with an exploration stage
  kCycSghmc,  ///< cSGHMC (SPEC §3): the same with the SGHMC kernel
  kResgld,    ///< reSGLD (SPEC §6): SGLD replicas on a temperature ladder with swaps
  kCsgld,     ///< CSGLD (SPEC §4): contour SGLD
  kCsghmc,    ///< CSGHMC (SPEC §4): contour SGHMC
  kPcsgld,    ///< pCSGLD (SPEC §4): contour pSGLD
  kKsgld,     ///< KSGLD (CSGLD §4.1): contour SGLD with a fixed, known theta
  kMhbt,      ///< MHBT (SPEC §7): mini-batch Metropolis-Hastings with batch tempering
  kIcsgld,    ///< ICSGLD (SPEC §5): n_chains contour SGLD chains sharing one theta
  kIcsghmc,   ///< ICSGHMC (SPEC §5): the same with the SGHMC kernel
  kPicsgld,   ///< pICSGLD (SPEC §5): the same with the pSGLD kernel
};

/// Every sampler kind, in the order of the enumeration.
inline constexpr SamplerKind kAllSamplers[] = {
    SamplerKind::kSgld,    SamplerKind::kPsgld,  SamplerKind::kSghmc,  SamplerKind::kCycSgld,
    SamplerKind::kCycSghmc, SamplerKind::kResgld, SamplerKind::kCsgld,  SamplerKind::kCsghmc,
    SamplerKind::kPcsgld,  SamplerKind::kKsgld,  SamplerKind::kMhbt,   SamplerKind::kIcsgld,
    SamplerKind::kIcsghmc, SamplerKind::kPicsgld};

/// The number of cycles M of cycsgld and cycsghmc when "cycles" is not set (SPEC §3).
inline constexpr Index kCyclicalSamplerCycles = 4;
/// The exploration fraction beta of cycsgld and cycsghmc by default (SPEC §3).
inline constexpr double kCyclicalSamplerExploration = 0.8;

/// True for the samplers that run the cyclical schedule with an exploration stage.
inline bool is_cyclical(SamplerKind kind) {
  return kind == SamplerKind::kCycSgld || kind == SamplerKind::kCycSghmc;
}

/// The name used by options, the C API and the bindings ("sgld", ...).
std::string_view sampler_name(SamplerKind kind);
/// The kind named `name` (a value the "sampler" option has accepted).
SamplerKind sampler_kind(std::string_view name);

/// True for the contour samplers of SPEC §4 and §5 (csgld, csghmc, pcsgld,
/// ksgld, icsgld, icsghmc, picsgld).
bool is_contour(SamplerKind kind);
/// True for the interacting contour samplers of SPEC §5, whose chains share one theta.
bool is_interacting(SamplerKind kind);
/// The kernel that moves the chain: a contour sampler moves like SGLD,
/// SGHMC or pSGLD with a multiplied gradient (SPEC §4 "Move").
SamplerKind dynamics(SamplerKind kind);

struct SamplerConfig {
  SamplerKind kind = SamplerKind::kSgld;
  double temperature = 1.0;  ///< tau >= 0; 0 turns the sampler into its optimizer
  StepSchedule schedule;
  Index batch_size = 0;      ///< n; 0 means the full data set
  PsgldSettings psgld;
  SghmcSettings sghmc;
  ReplicaSettings resgld;
  ContourSettings contour;   ///< used by the contour samplers only
  DomainBox domain;          ///< SPEC §4.2; off by default
  MhbtSettings mhbt;
  FaultPolicy faults;        ///< what the chain does with a fault of the model (docs/faults.md)
  PreconditionSettings precondition;  ///< off by default (docs/preconditioning.md)
  WarmUpSettings warm_up;   ///< off by default: the step size is schedule.step_size

  /// Checks the fields and their combinations; throws sgmc::Error naming
  /// the offending option and value.
  void validate() const;
};

/// True when an automatic warm-up runs in the first stage of an automatic
/// partition's pilot (a contour sampler's), not over the burn-in.
inline bool warms_up_in_pilot(const SamplerConfig& config) {
  return is_contour(config.kind) && config.contour.auto_partition;
}

/// The kernel of config.kind started at x0, for a model with data_size data.
std::unique_ptr<Kernel> make_kernel(const SamplerConfig& config, ConstVecRef x0, Index data_size);

}  // namespace sgmc
