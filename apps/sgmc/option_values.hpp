// Options of the library's options scheme (docs/options.md) set from a JSON
// config or from a `--set key=value` flag. Nothing here knows any sampler:
// every key goes through the C API's sgmc_options_set_*, so each option of
// every sampler works from the command line as soon as the library declares
// it, and the scheme's own checks name the key and the value.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string_view>

#include "option_set.hpp"

namespace sgmc::app {

/// Sets `key` to a JSON value: a string for string options, a number for
/// numeric ones (an integral number such as 1e5 is accepted for an int
/// option), an array of numbers for "theta0" (the contour samplers'
/// theta_0). Throws Failure naming the key and the value for an unknown
/// key, a value of the wrong type or out of range.
void set_option(OptionSet& options, std::string_view key, const nlohmann::json& value);

/// Lists every option of the scheme: key, type, default and meaning
/// (`sgmc options`).
void print_options(std::ostream& out);

/// Sets an option from "key=value" text, reading the value as the key's
/// declared type. Throws Failure naming the key and the value.
void set_option(OptionSet& options, std::string_view assignment);

}  // namespace sgmc::app
