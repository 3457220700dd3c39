// sgmc_options_*: the C face of sgmc::Options.
#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::enum_arg;
using sgmc::capi::create_into;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

template <typename T>
sgmc_status set_option(sgmc_options* options, const char* key, T value) {
  return guarded([&] {
    require_non_null(options, "options");
    require_non_null(key, "key");
    options->options.set(key, sgmc::OptionValue(value));
    return SGMC_OK;
  });
}

template <typename T, typename Out>
sgmc_status get_option(const sgmc_options* options, const char* key, Out* out) {
  return guarded([&] {
    require_non_null(options, "options");
    require_non_null(key, "key");
    require_non_null(out, "out");
    const auto& spec = sgmc::option_spec(key);
    const auto& value = options->options.get(key);
    if (!std::holds_alternative<T>(value)) {
      throw sgmc::Error(sgmc::ErrorKind::kInvalidArgument,
                        "option '" + std::string(key) + "' has type " +
                            std::string(sgmc::option_type_name(spec.type)));
    }
    if constexpr (std::is_same_v<T, std::string>) {
      *out = std::get<T>(value).c_str();
    } else {
      *out = std::get<T>(value);
    }
    return SGMC_OK;
  });
}

static_assert(static_cast<int>(sgmc::SamplerFamily::kContour) == SGMC_FAMILY_CONTOUR &&
              static_cast<int>(sgmc::SamplerFamily::kInteracting) == SGMC_FAMILY_INTERACTING &&
              static_cast<int>(sgmc::SamplerFamily::kCyclical) == SGMC_FAMILY_CYCLICAL &&
              static_cast<int>(sgmc::SamplerFamily::kReplicaExchange) ==
                  SGMC_FAMILY_REPLICA_EXCHANGE &&
              static_cast<int>(sgmc::SamplerFamily::kMhbt) == SGMC_FAMILY_MHBT);

/// The sampler a C string names, checked as option "sampler" checks it.
sgmc::SamplerKind sampler_named(const char* sampler) {
  require_non_null(sampler, "sampler");
  sgmc::option_spec("sampler").check(std::string(sampler));
  return sgmc::sampler_kind(sampler);
}

}  // namespace

extern "C" {

sgmc_status sgmc_options_create(sgmc_options** out) {
  return create_into(out, [] { return std::make_unique<sgmc_options>(); });
}

sgmc_status sgmc_options_clone(sgmc_options** out, const sgmc_options* options) {
  return create_into(out, [&] {
    require_non_null(options, "options");
    return std::make_unique<sgmc_options>(*options);
  });
}

void sgmc_options_destroy(sgmc_options* options) { delete options; }

sgmc_status sgmc_options_set_int(sgmc_options* options, const char* key, int64_t value) {
  return set_option(options, key, std::int64_t{value});
}

sgmc_status sgmc_options_set_double(sgmc_options* options, const char* key, double value) {
  return set_option(options, key, value);
}

sgmc_status sgmc_options_set_string(sgmc_options* options, const char* key, const char* value) {
  return guarded([&] {
    require_non_null(value, "value");
    return set_option(options, key, std::string(value));
  });
}

sgmc_status sgmc_options_get_int(const sgmc_options* options, const char* key, int64_t* out) {
  return get_option<std::int64_t>(options, key, out);
}

sgmc_status sgmc_options_get_double(const sgmc_options* options, const char* key, double* out) {
  return get_option<double>(options, key, out);
}

sgmc_status sgmc_options_get_string(const sgmc_options* options, const char* key,
                                    const char** out) {
  return get_option<std::string>(options, key, out);
}

int64_t sgmc_option_count(void) { return static_cast<int64_t>(sgmc::option_specs().size()); }

sgmc_status sgmc_option_info(int64_t index, const char** name, sgmc_option_type* type,
                             const char** doc) {
  return guarded([&] {
    sgmc::require(index >= 0 && index < sgmc_option_count(), "index", index,
                  ("must be in [0, " + sgmc::show(sgmc_option_count()) + ")").c_str());
    const auto& spec = sgmc::option_specs()[static_cast<std::size_t>(index)];
    // Option names and docs are string literals: NUL-terminated and static.
    if (name != nullptr) *name = spec.name.data();
    if (type != nullptr) *type = static_cast<sgmc_option_type>(spec.type);
    if (doc != nullptr) *doc = spec.doc.data();
    return SGMC_OK;
  });
}

sgmc_status sgmc_option_type_of(const char* key, sgmc_option_type* out) {
  return guarded([&] {
    require_non_null(key, "key");
    require_non_null(out, "out");
    *out = static_cast<sgmc_option_type>(sgmc::option_spec(key).type);
    return SGMC_OK;
  });
}

sgmc_status sgmc_option_resumable(const char* key, int32_t* resumable) {
  return guarded([&] {
    require_non_null(key, "key");
    require_non_null(resumable, "resumable");
    *resumable = sgmc::option_spec(key).resumable ? 1 : 0;
    return SGMC_OK;
  });
}

sgmc_status sgmc_option_read_by(const char* key, const char* sampler, int32_t* reads) {
  return guarded([&] {
    require_non_null(key, "key");
    require_non_null(reads, "reads");
    *reads = sgmc::option_spec(key).read_by.contains(sampler_named(sampler)) ? 1 : 0;
    return SGMC_OK;
  });
}

sgmc_status sgmc_option_domain(const char* key, double* lo, double* hi, int32_t* lo_open,
                               int32_t* hi_open, const char** choices) {
  return guarded([&] {
    require_non_null(key, "key");
    const auto& spec = sgmc::option_spec(key);
    if (lo != nullptr) *lo = spec.lo;
    if (hi != nullptr) *hi = spec.hi;
    if (lo_open != nullptr) *lo_open = spec.lo_open ? 1 : 0;
    if (hi_open != nullptr) *hi_open = spec.hi_open ? 1 : 0;
    // The choices are a string literal: NUL-terminated and static.
    if (choices != nullptr) *choices = spec.choices.empty() ? "" : spec.choices.data();
    return SGMC_OK;
  });
}

int64_t sgmc_sampler_count(void) { return static_cast<int64_t>(std::size(sgmc::kAllSamplers)); }

sgmc_status sgmc_sampler_name(int64_t index, const char** name) {
  return guarded([&] {
    sgmc::require(index >= 0 && index < sgmc_sampler_count(), "index", index,
                  ("must be in [0, " + sgmc::show(sgmc_sampler_count()) + ")").c_str());
    require_non_null(name, "name");
    // Sampler names are string literals: NUL-terminated and static.
    *name = sgmc::sampler_name(sgmc::kAllSamplers[static_cast<std::size_t>(index)]).data();
    return SGMC_OK;
  });
}

sgmc_status sgmc_sampler_in_family(const char* sampler, sgmc_sampler_family family,
                                   int32_t* member) {
  return guarded([&] {
    require_non_null(member, "member");
    const auto kind = sampler_named(sampler);
    const int value = enum_arg(family);  // a C caller may pass any int
    sgmc::require(value >= SGMC_FAMILY_CONTOUR && value <= SGMC_FAMILY_MHBT, "family", value,
                  "must be a sgmc_sampler_family, in [1, 5]");
    *member = sgmc::family_samplers(static_cast<sgmc::SamplerFamily>(value)).contains(kind) ? 1 : 0;
    return SGMC_OK;
  });
}

}
