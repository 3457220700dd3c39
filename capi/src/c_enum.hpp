// Enum arguments from C. A C enum is an int, so a C caller may pass any int
// for an enum parameter (the bad-input tests do), but in C++ reading a value
// outside the enumerators' range through the enum type is undefined
// behaviour (UBSan -fsanitize=enum: "load of value 42, which is not a valid
// value for type 'sgmc_status'"). Entry points taking a C enum read its int
// with c_enum_value() and validate that instead.
#pragma once

#include <cstring>
#include <type_traits>

namespace sgmc::capi {

/// The int a C caller passed for the enum parameter `argument`, read from
/// its bytes without loading it as the enum type.
template <typename Enum>
int c_enum_value(const Enum& argument) {
  static_assert(std::is_enum_v<Enum> && sizeof(Enum) == sizeof(int), "a C enum is an int");
  int value = 0;
  std::memcpy(&value, &argument, sizeof value);
  return value;
}

}  // namespace sgmc::capi
