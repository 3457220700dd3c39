// sgmc_options_*: the C face of sgmc::Options.
#include "firewall.hpp"
#include "handles.hpp"

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

}
