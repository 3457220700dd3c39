#include "option_values.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <vector>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc::app {
namespace {

/// `value` as JSON text for a message. A --set value may be any bytes, and
/// dump() throws json::type_error on invalid UTF-8, which escaped main() and
/// aborted the program (found by tests/fuzz/fuzz_config): such bytes are
/// shown as U+FFFD instead.
std::string json_text(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

[[noreturn]] void wrong_type(std::string_view key, const std::string& shown, const OptionSpec& spec) {
  throw Error(ErrorKind::kInvalidArgument, "option '" + std::string(key) + "' = " + shown +
                                               ": has type " +
                                               std::string(option_type_name(spec.type)));
}

/// theta_0 of the contour samplers, the one array-valued setting
/// (Options::set_theta0, docs/options.md).
constexpr std::string_view kTheta0 = "theta0";

void set_theta0(Options& options, const nlohmann::json& value) {
  if (value.is_array() && std::all_of(value.begin(), value.end(),
                                      [](const auto& x) { return x.is_number(); })) {
    options.set_theta0(value.get<std::vector<double>>());
    return;
  }
  throw Error(ErrorKind::kInvalidArgument,
              "option 'theta0' = " + json_text(value) + ": must be an array of numbers");
}

}  // namespace

void set_option(Options& options, std::string_view key, const nlohmann::json& value) {
  if (key == kTheta0) {
    set_theta0(options, value);
    return;
  }
  const OptionSpec& spec = option_spec(key);
  // JSON has one number type: 3 is an integer and 3.0 a float to the
  // parser, so numbers are converted to the option's type when exact.
  if (value.is_string()) {
    options.set(key, value.get<std::string>());
  } else if (value.is_number_integer() && spec.type == OptionType::kDouble) {
    options.set(key, value.get<double>());
  } else if (value.is_number_integer()) {
    options.set(key, value.get<std::int64_t>());
  } else if (value.is_number_float() && spec.type == OptionType::kInt &&
             std::trunc(value.get<double>()) == value.get<double>() &&
             std::abs(value.get<double>()) < 9e18) {
    options.set(key, static_cast<std::int64_t>(value.get<double>()));
  } else if (value.is_number_float()) {
    options.set(key, value.get<double>());
  } else {
    wrong_type(key, json_text(value), spec);
  }
}

void print_options(std::ostream& out) {
  for (const OptionSpec& spec : option_specs()) {
    const auto shown = std::visit([](const auto& v) { return nlohmann::json(v).dump(); },
                                  spec.default_value);
    out << std::left << std::setw(24) << spec.name << std::setw(8) << option_type_name(spec.type)
        << std::setw(12) << shown << spec.doc << "\n";
  }
  out << std::setw(24) << kTheta0 << std::setw(8) << "array" << std::setw(12) << "uniform"
      << "contour: theta_0, m numbers summing to 1 (config files and --set theta0=[...])\n";
}

void set_option(Options& options, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    throw Error(ErrorKind::kInvalidArgument,
                "--set '" + std::string(assignment) + "': expected key=value");
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
  const OptionSpec& spec = option_spec(key);
  if (spec.type == OptionType::kString) {
    options.set(key, std::string(text));
    return;
  }
  if (!parsed.is_number()) wrong_type(key, json_text(nlohmann::json(text)), spec);
  set_option(options, key, parsed);
}

}  // namespace sgmc::app
