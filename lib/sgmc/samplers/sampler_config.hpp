// Everything that defines one chain's dynamics, independent of the model.
#pragma once

#include <memory>
#include <string_view>

#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "sgmc/samplers/psgld.hpp"
#include "sgmc/samplers/sghmc.hpp"
#include "sgmc/schedules/step_schedule.hpp"

namespace sgmc {

enum class SamplerKind { kSgld, kPsgld, kSghmc, kMhbt };

/// The name used by options, the C API and the bindings ("sgld", ...).
std::string_view sampler_name(SamplerKind kind);

struct SamplerConfig {
  SamplerKind kind = SamplerKind::kSgld;
  double temperature = 1.0;  ///< tau >= 0; 0 turns the sampler into its optimizer
  StepSchedule schedule;
  Index batch_size = 0;      ///< n; 0 means the full data set
  PsgldSettings psgld;
  SghmcSettings sghmc;
  MhbtSettings mhbt;

  /// Checks the fields and their combinations; throws sgmc::Error naming
  /// the offending option and value.
  void validate() const;
};

/// The kernel of config.kind started at x0, for a model with data_size data.
std::unique_ptr<Kernel> make_kernel(const SamplerConfig& config, ConstVecRef x0, Index data_size);

}  // namespace sgmc
