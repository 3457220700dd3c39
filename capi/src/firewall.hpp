// The exception firewall: every C entry point runs its body through
// guarded(), which turns any exception into an sgmc_status and the
// thread-local message of sgmc_last_error(). Nothing thrown crosses the ABI.
#pragma once

#include <cstring>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/core/fault.hpp"
#include "sgmc/sgmc.h"

namespace sgmc::capi {

/// Records `message` as this thread's last error and returns `status`.
sgmc_status fail(sgmc_status status, const std::string& message);

/// Maps the exception being handled to a status (call inside catch (...)).
sgmc_status fail_current_exception();

/// Records error.what() and returns the status of error.kind().
sgmc_status fail_with(const Error& error);

/// fail_with(), and where the fault happened, for sgmc_last_fault().
sgmc_status fail_with(const ModelFault& fault);

/// Throws kInvalidArgument naming `argument` when `pointer` is NULL.
inline void require_non_null(const void* pointer, const char* argument) {
  if (pointer == nullptr) {
    throw Error(ErrorKind::kInvalidArgument, std::string("argument '") + argument + "' is NULL");
  }
}

/// Throws kInvalidArgument unless `length` >= `needed`.
void require_length(std::int64_t length, std::int64_t needed, const char* argument);

/// A string returned into the caller's buffer `out` of `out_len` bytes:
/// out_len 0 is a size query (out may be NULL); otherwise out_len must hold
/// the text and its NUL, or nothing is written. `needed` (may be NULL)
/// receives the room the text needs. Validates before writing anything.
void copy_text(const std::string& text, char* out, std::int64_t out_len, std::int64_t* needed,
               const char* argument);

/// Throws kInvalidArgument naming argument 'chain' unless it is in [0, n_chains).
void require_chain(std::int64_t chain, std::int64_t n_chains);

/// An enumeration argument as the int its C caller passed. C lets callers
/// pass any int for an enum, but in C++ reading a value outside the
/// enumeration's range as the enum type is undefined (UBSan: "load of value
/// -10, which is not a valid value for type 'sgmc_status'", found by
/// tests/fuzz/fuzz_capi), so the argument's bytes are read as an int instead.
/// Entry points pass enum arguments on as enum_arg(x), never as x.
template <typename Enum>
int enum_arg(const Enum& value) noexcept {
  static_assert(sizeof(Enum) == sizeof(int));
  int raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

template <typename Body>
sgmc_status guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    return fail_current_exception();
  }
}

/// Clears *out, runs body, which returns the new object, and publishes it
/// only on success: a failing constructor leaves *out NULL.
template <typename Handle, typename Body>
sgmc_status create_into(Handle** out, Body&& body) noexcept {
  if (out != nullptr) *out = nullptr;
  return guarded([&] {
    require_non_null(out, "out");
    *out = body().release();
    return SGMC_OK;
  });
}

}  // namespace sgmc::capi
