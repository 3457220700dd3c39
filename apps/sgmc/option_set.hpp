// A set of option values of the library's options scheme (sgmc_options,
// docs/options.md), held as the C API holds it: every value checked when
// it is set, the check's message naming the key and the value.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "library.hpp"

namespace sgmc::app {

/// An option's value, of its type.
using OptionValue = std::variant<std::int64_t, double, std::string>;

class OptionSet {
 public:
  /// Every option at its default.
  OptionSet();
  OptionSet(const OptionSet& other);
  OptionSet& operator=(const OptionSet& other);
  OptionSet(OptionSet&&) noexcept = default;
  OptionSet& operator=(OptionSet&&) noexcept = default;
  ~OptionSet() = default;

  /// Throw Failure naming the key and the value when the library rejects it.
  void set(const std::string& key, std::int64_t value);
  void set(const std::string& key, double value);
  void set(const std::string& key, const std::string& value);
  void set(const std::string& key, const char* value) { set(key, std::string(value)); }
  /// theta_0 of the contour samplers (sgmc_options_set_theta0).
  void set_theta0(const std::vector<double>& theta0);

  std::int64_t get_int(const std::string& key) const;
  double get_double(const std::string& key) const;
  std::string get_string(const std::string& key) const;
  /// The value of `key`, of its type (option_type()).
  OptionValue get(const std::string& key) const;

  const sgmc_options* handle() const { return options_.get(); }

 private:
  OptionsHandle options_;
};

/// The type of option `key`; throws Failure for an unknown key.
sgmc_option_type option_type(const std::string& key);

/// "int", "double" or "string".
const char* option_type_name(sgmc_option_type type);

}  // namespace sgmc::app
