// The engine's one exception type. The C API shim maps `Error::kind()` to an
// sgmc_status and `what()` to the thread-local message.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace sgmc {

enum class ErrorKind {
  kInvalidArgument,  ///< a caller passed a value outside its documented range
  kNonFinite,        ///< the model produced a NaN or an infinity
  kCallback,         ///< a user callback reported failure
  kOutOfMemory,
  kIo,
  kUnsupported,
  kState,            ///< the call is not valid in the object's current state
  kFormat,           ///< a file is not what it should be: foreign, truncated or corrupt
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

/// Formats a value for an error message (doubles with full precision).
template <typename T>
std::string show(const T& value) {
  std::ostringstream out;
  out.precision(17);
  out << value;
  return out.str();
}

/// Throws kInvalidArgument naming the argument, its value and what was
/// expected: "argument 'step_size' = -1: must be > 0".
template <typename T>
[[noreturn]] void reject(const char* argument, const T& value, const char* expected) {
  throw Error(ErrorKind::kInvalidArgument,
              std::string("argument '") + argument + "' = " + show(value) + ": " + expected);
}

/// reject() unless `ok`. Where the check runs every step, test first and
/// call reject(), so that a message built from show() costs nothing then.
template <typename T>
void require(bool ok, const char* argument, const T& value, const char* expected) {
  if (!ok) reject(argument, value, expected);
}

}  // namespace sgmc
