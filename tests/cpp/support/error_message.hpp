// The message of the sgmc::Error a call throws, for tests of error texts.
#pragma once

#include <functional>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc::testing {

/// e.what() of the sgmc::Error that f throws, or "no error".
inline std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace sgmc::testing
