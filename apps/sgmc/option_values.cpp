#include "option_values.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <string>
#include <vector>

namespace sgmc::app {
namespace {

/// `value` as JSON text for a message. A --set value may be any bytes, and
/// dump() throws json::type_error on invalid UTF-8, which escaped main() and
/// aborted the program (found by tests/fuzz/fuzz_config): such bytes are
/// shown as U+FFFD instead.
std::string json_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

[[noreturn]] void wrong_type(std::string_view key, const std::string& shown, sgmc_option_type type) {
  throw Failure("option '" + std::string(key) + "' = " + shown + ": has type " +
                option_type_name(type));
}

/// theta_0 of the contour samplers, the one array-valued setting
/// (sgmc_options_set_theta0, docs/options.md).
constexpr std::string_view kTheta0 = "theta0";

void set_theta0(OptionSet& options, const nlohmann::json& value) {
  if (value.is_array() && std::all_of(value.begin(), value.end(),
                                      [](const auto& x) { return x.is_number(); })) {
    options.set_theta0(value.get<std::vector<double>>());
    return;
  }
  throw Failure("option 'theta0' = " + json_text(value) + ": must be an array of numbers");
}

}  // namespace

void set_option(OptionSet& options, std::string_view key_view, const nlohmann::json& value) {
  if (key_view == kTheta0) {
    set_theta0(options, value);
    return;
  }
  const std::string key(key_view);
  const sgmc_option_type type = option_type(key);
  // JSON has one number type: 3 is an integer and 3.0 a float to the
  // parser, so numbers are converted to the option's type when exact.
  if (value.is_string()) {
    options.set(key, value.get<std::string>());
  } else if (value.is_number_integer() && type == SGMC_OPTION_DOUBLE) {
    options.set(key, value.get<double>());
  } else if (value.is_number_integer()) {
    options.set(key, value.get<std::int64_t>());
  } else if (value.is_number_float() && type == SGMC_OPTION_INT &&
             std::trunc(value.get<double>()) == value.get<double>() &&
             std::abs(value.get<double>()) < 9e18) {
    options.set(key, static_cast<std::int64_t>(value.get<double>()));
  } else if (value.is_number_float()) {
    options.set(key, value.get<double>());
  } else {
    wrong_type(key, json_text(value), type);
  }
}

void print_options(std::ostream& out) {
  const OptionSet defaults;
  for (int64_t i = 0; i < sgmc_option_count(); ++i) {
    const char* name = nullptr;
    const char* doc = nullptr;
    sgmc_option_type type{};
    check(sgmc_option_info(i, &name, &type, &doc));
    const auto shown = std::visit([](const auto& v) { return nlohmann::json(v).dump(); },
                                  defaults.get(name));
    out << std::left << std::setw(24) << name << std::setw(8) << option_type_name(type)
        << std::setw(12) << shown << doc << "\n";
  }
  out << std::setw(24) << kTheta0 << std::setw(8) << "array" << std::setw(12) << "uniform"
      << "contour: theta_0, m numbers summing to 1 (config files and --set theta0=[...])\n";
}

void set_option(OptionSet& options, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    throw Failure("--set '" + std::string(assignment) + "': expected key=value");
  }
  const auto key = assignment.substr(0, eq);
  const auto text = assignment.substr(eq + 1);
  // Numbers and theta0's array are read as JSON, so that flags and config
  // files accept the same values.
  const auto parsed = nlohmann::json::parse(text, nullptr, false);
  if (key == kTheta0) {
    set_theta0(options, parsed.is_discarded() ? nlohmann::json(text) : parsed);
    return;
  }
  const sgmc_option_type type = option_type(std::string(key));
  if (type == SGMC_OPTION_STRING) {
    options.set(std::string(key), std::string(text));
    return;
  }
  if (!parsed.is_number()) wrong_type(key, json_text(nlohmann::json(text)), type);
  set_option(options, key, parsed);
}

}  // namespace sgmc::app
