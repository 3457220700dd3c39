// A number as a message shows it to a reader: three significant digits.
// (show() in error.hpp keeps every digit, for values a caller passed.)
#pragma once

#include <cstdio>
#include <string>

namespace sgmc {

/// `value` with three significant digits ("%.3g"): the checks' values and
/// limits in verdicts and their reasons.
inline std::string shown(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace sgmc
