#include "sgmc/config/sampler_set.hpp"

namespace sgmc {
namespace {

constexpr SamplerFamily kFamilies[] = {SamplerFamily::kContour, SamplerFamily::kInteracting,
                                       SamplerFamily::kCyclical, SamplerFamily::kReplicaExchange,
                                       SamplerFamily::kMhbt};

/// The names of the samplers in `set` (or, with `in` false, of those not
/// in it), separated by ", ".
std::string names(SamplerSet set, bool in) {
  std::string text;
  for (const SamplerKind kind : kAllSamplers) {
    if (set.contains(kind) != in) continue;
    if (!text.empty()) text += ", ";
    text += sampler_name(kind);
  }
  return text;
}

}  // namespace

SamplerSet SamplerSet::all() {
  return where([](SamplerKind) { return true; });
}

SamplerSet SamplerSet::without(SamplerKind kind) const {
  SamplerSet set = *this;
  set.bits_ &= ~bit(kind);
  return set;
}

SamplerSet family_samplers(SamplerFamily family) {
  switch (family) {
    case SamplerFamily::kContour: return SamplerSet::where(is_contour);
    case SamplerFamily::kInteracting: return SamplerSet::where(is_interacting);
    case SamplerFamily::kCyclical: return SamplerSet::where(is_cyclical);
    case SamplerFamily::kReplicaExchange:
      return SamplerSet::where([](SamplerKind kind) { return kind == SamplerKind::kResgld; });
    case SamplerFamily::kMhbt:
      return SamplerSet::where([](SamplerKind kind) { return kind == SamplerKind::kMhbt; });
  }
  return {};
}

std::string_view family_name(SamplerFamily family) {
  switch (family) {
    case SamplerFamily::kContour: return "contour";
    case SamplerFamily::kInteracting: return "interacting";
    case SamplerFamily::kCyclical: return "cyclical";
    case SamplerFamily::kReplicaExchange: return "replica_exchange";
    case SamplerFamily::kMhbt: return "mhbt";
  }
  return "unknown";
}

std::string describe(SamplerSet set) {
  if (set == SamplerSet::all()) return "all";
  for (const SamplerFamily family : kFamilies) {
    if (set == family_samplers(family)) return std::string(family_name(family));
  }
  // A set that leaves out few samplers reads best by those it leaves out.
  const std::string left_out = names(set, false);
  return left_out.size() < 30 ? "all but " + left_out : names(set, true);
}

}  // namespace sgmc
