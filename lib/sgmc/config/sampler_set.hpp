// Sets of samplers: which samplers an option's row says read it, and the
// families the bindings ask about at run time (sgmc_sampler_in_family), so
// that no list of samplers is written twice.
#pragma once

#include <cstdint>
#include <string>

#include "sgmc/chain/sampler_config.hpp"

namespace sgmc {

/// A set of sampler kinds.
class SamplerSet {
 public:
  /// Every sampler.
  static SamplerSet all();
  /// The kinds for which `member(kind)` is true.
  template <typename Member>
  static SamplerSet where(Member member) {
    SamplerSet set;
    for (const SamplerKind kind : kAllSamplers) {
      if (member(kind)) set.bits_ |= bit(kind);
    }
    return set;
  }
  /// This set without `kind`.
  SamplerSet without(SamplerKind kind) const;

  bool contains(SamplerKind kind) const { return (bits_ & bit(kind)) != 0; }
  bool operator==(const SamplerSet&) const = default;

 private:
  static std::uint32_t bit(SamplerKind kind) { return std::uint32_t{1} << static_cast<int>(kind); }
  std::uint32_t bits_ = 0;
};

/// The families of samplers that share a way of running and a shape of
/// draws. The numbers are those of the C API's sgmc_sampler_family.
enum class SamplerFamily {
  kContour = 1,          ///< SPEC §4 and §5: theta, importance weights
  kInteracting = 2,      ///< SPEC §5: the chains share one theta
  kCyclical = 3,         ///< SPEC §3: the cyclical schedule with an exploration stage
  kReplicaExchange = 4,  ///< SPEC §6: replicas on a temperature ladder that swap
  kMhbt = 5,             ///< SPEC §7: Metropolis-Hastings with batch tempering
};

/// The samplers of `family`.
SamplerSet family_samplers(SamplerFamily family);
/// The family named `name` ("contour", "interacting", "cyclical",
/// "replica_exchange", "mhbt"), for the documentation of a set.
std::string_view family_name(SamplerFamily family);

/// How the documentation shows a set: "all", a family ("contour"), "all
/// but mhbt", or the samplers' names.
std::string describe(SamplerSet set);

}  // namespace sgmc
