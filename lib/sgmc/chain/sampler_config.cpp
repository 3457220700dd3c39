#include "sgmc/chain/sampler_config.hpp"

#include <cmath>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/samplers/sgld.hpp"

namespace sgmc {

std::string_view sampler_name(SamplerKind kind) {
  switch (kind) {
    case SamplerKind::kSgld: return "sgld";
    case SamplerKind::kPsgld: return "psgld";
    case SamplerKind::kSghmc: return "sghmc";
    case SamplerKind::kCycSgld: return "cycsgld";
    case SamplerKind::kCycSghmc: return "cycsghmc";
    case SamplerKind::kResgld: return "resgld";
    case SamplerKind::kCsgld: return "csgld";
    case SamplerKind::kCsghmc: return "csghmc";
    case SamplerKind::kPcsgld: return "pcsgld";
    case SamplerKind::kKsgld: return "ksgld";
    case SamplerKind::kMhbt: return "mhbt";
    case SamplerKind::kIcsgld: return "icsgld";
    case SamplerKind::kIcsghmc: return "icsghmc";
    case SamplerKind::kPicsgld: return "picsgld";
  }
  return "unknown";
}

SamplerKind sampler_kind(std::string_view name) {
  for (const SamplerKind kind : kAllSamplers) {
    if (sampler_name(kind) == name) return kind;
  }
  throw Error(ErrorKind::kInvalidArgument, "sampler '" + std::string(name) + "' is unknown");
}

bool is_contour(SamplerKind kind) {
  return kind == SamplerKind::kCsgld || kind == SamplerKind::kCsghmc ||
         kind == SamplerKind::kPcsgld || kind == SamplerKind::kKsgld || is_interacting(kind);
}

bool is_interacting(SamplerKind kind) {
  return kind == SamplerKind::kIcsgld || kind == SamplerKind::kIcsghmc ||
         kind == SamplerKind::kPicsgld;
}

SamplerKind dynamics(SamplerKind kind) {
  switch (kind) {
    case SamplerKind::kCycSgld:
    case SamplerKind::kResgld:
    case SamplerKind::kCsgld:
    case SamplerKind::kKsgld:
    case SamplerKind::kIcsgld: return SamplerKind::kSgld;
    case SamplerKind::kCycSghmc:
    case SamplerKind::kCsghmc:
    case SamplerKind::kIcsghmc: return SamplerKind::kSghmc;
    case SamplerKind::kPcsgld:
    case SamplerKind::kPicsgld: return SamplerKind::kPsgld;
    default: return kind;
  }
}

void SamplerConfig::validate() const {
  require(std::isfinite(temperature) && temperature >= 0, "temperature", temperature,
          "must be finite and >= 0");
  require(batch_size >= 0, "batch_size", batch_size, "must be >= 0 (0 = full data)");
  schedule.validate();
  faults.validate();
  if (is_contour(kind)) contour.validate();
  const bool automatic = is_contour(kind) && contour.auto_partition;
  require(contour.pilot_steps == 0 || is_interacting(kind) || automatic, "contour_pilot_steps",
          contour.pilot_steps,
          "must be 0 unless the sampler is icsgld, icsghmc or picsgld, or the partition is automatic");
  require(!(automatic && kind == SamplerKind::kKsgld), "contour_partition", "\"auto\"",
          "does not suit ksgld, whose theta_0 is a known energy pdf on a fixed partition: set "
          "contour_u1, contour_du and theta_0");
  domain.validate();
  if (dynamics(kind) == SamplerKind::kPsgld) {
    require(psgld.rms_decay >= 0 && psgld.rms_decay < 1, "rms_decay", psgld.rms_decay,
            "must be in [0, 1)");
    require(std::isfinite(psgld.rms_epsilon) && psgld.rms_epsilon > 0, "rms_epsilon",
            psgld.rms_epsilon, "must be finite and > 0");
  }
  if (is_cyclical(kind)) {
    require(schedule.kind == ScheduleKind::kCyclical, "schedule", "not cyclical",
            ("must be cyclical for sampler " + std::string(sampler_name(kind))).c_str());
  }
  if (kind == SamplerKind::kResgld) resgld.validate(temperature, schedule.step_size);
  if (dynamics(kind) == SamplerKind::kSghmc) {
    require(sghmc.friction > 0 && sghmc.friction <= 1, "friction", sghmc.friction,
            "must be in (0, 1]");
    require(sghmc.noise_estimate >= 0 && sghmc.noise_estimate < sghmc.friction, "noise_estimate",
            sghmc.noise_estimate, ("must be in [0, friction) with friction = " +
                                   show(sghmc.friction)).c_str());
  }
  if (kind == SamplerKind::kMhbt) {
    mhbt.validate();
    // SPEC §4.2's box discards moves; an MH chain's cached batch terms
    // belong to its position, so MHBT is not confined that way.
    require(!domain.active(), "domain_lo", domain.lo,
            "a domain box is not supported by sampler 'mhbt'; leave domain_lo/domain_hi unset");
    // The proposal drawn after iteration k and its density evaluated at
    // iteration k + 1 must use one learning rate.
    require(schedule.kind == ScheduleKind::kConstant, "schedule",
            schedule.kind == ScheduleKind::kPolynomial ? "polynomial" : "cyclical",
            "must be 'constant' for sampler 'mhbt' (its learning rate eps is step_size)");
  }
}

std::unique_ptr<Kernel> make_kernel(const SamplerConfig& config, ConstVecRef x0, Index data_size) {
  switch (dynamics(config.kind)) {
    case SamplerKind::kSgld: return std::make_unique<Sgld>(x0);
    case SamplerKind::kPsgld: return std::make_unique<Psgld>(x0, config.psgld);
    case SamplerKind::kSghmc: return std::make_unique<Sghmc>(x0, config.sghmc);
    case SamplerKind::kMhbt:
      return std::make_unique<Mhbt>(x0, config.mhbt, config.schedule.step_size, data_size,
                                    config.batch_size);
    default: throw Error(ErrorKind::kUnsupported, "unknown sampler kind");
  }
}

}  // namespace sgmc
