#include "firewall.hpp"

#include <cstring>
#include <new>

namespace sgmc::capi {
namespace {

thread_local std::string last_error;
/// The chain and step of the fault of the model that the last failing
/// call reported (chain -1: that call reported none).
thread_local Index fault_chain = -1;
thread_local Index fault_step = 0;

sgmc_status status_of(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kInvalidArgument: return SGMC_ERROR_INVALID_ARGUMENT;
    case ErrorKind::kNonFinite: return SGMC_ERROR_NONFINITE;
    case ErrorKind::kCallback: return SGMC_ERROR_CALLBACK;
    case ErrorKind::kOutOfMemory: return SGMC_ERROR_OUT_OF_MEMORY;
    case ErrorKind::kIo: return SGMC_ERROR_IO;
    case ErrorKind::kUnsupported: return SGMC_ERROR_UNSUPPORTED;
    case ErrorKind::kState: return SGMC_ERROR_STATE;
    case ErrorKind::kFormat: return SGMC_ERROR_FORMAT;
  }
  return SGMC_ERROR_INTERNAL;
}

}  // namespace

sgmc_status fail(sgmc_status status, const std::string& message) {
  fault_chain = -1;
  try {
    last_error = message;
  } catch (...) {
    last_error.clear();  // no room for the message; the status still tells
  }
  return status;
}

sgmc_status fail_with(const Error& error) { return fail(status_of(error.kind()), error.what()); }

sgmc_status fail_with(const ModelFault& fault) {
  const sgmc_status status = fail_with(static_cast<const Error&>(fault));
  fault_chain = fault.chain();
  fault_step = fault.step();
  return status;
}

sgmc_status fail_current_exception() {
  try {
    throw;
  } catch (const Error& e) {
    return fail(status_of(e.kind()), e.what());
  } catch (const std::bad_alloc&) {
    return fail(SGMC_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(SGMC_ERROR_INTERNAL, std::string("internal error: ") + e.what());
  } catch (...) {
    return fail(SGMC_ERROR_INTERNAL, "internal error: unknown exception");
  }
}

void require_length(std::int64_t length, std::int64_t needed, const char* argument) {
  if (length < needed) {
    throw Error(ErrorKind::kInvalidArgument,
                std::string("argument '") + argument + "' = " + show(length) +
                    ": must be at least " + show(needed));
  }
}

void copy_text(const std::string& text, char* out, std::int64_t out_len, std::int64_t* needed,
               const char* argument) {
  const std::string length_name = std::string(argument) + "_len";
  require(out_len >= 0, length_name.c_str(), out_len, "must be >= 0");
  if (out_len > 0) require_non_null(out, argument);
  const auto room = static_cast<std::int64_t>(text.size()) + 1;
  require(out_len == 0 || out_len >= room, length_name.c_str(), out_len,
          ("must be 0 (a size query) or at least " + show(room)).c_str());
  if (needed != nullptr) *needed = room;
  if (out_len > 0) std::memcpy(out, text.c_str(), static_cast<std::size_t>(room));
}

void require_chain(std::int64_t chain, std::int64_t n_chains) {
  if (chain < 0 || chain >= n_chains) {
    reject("chain", chain, ("must be in [0, n_chains) with n_chains = " + show(n_chains)).c_str());
  }
}

}  // namespace sgmc::capi

extern "C" const char* sgmc_last_error(void) { return sgmc::capi::last_error.c_str(); }

extern "C" sgmc_status sgmc_last_fault(int64_t* chain, int64_t* step) {
  using sgmc::capi::fault_chain;
  // Not through fail(): asking must not clear what is asked about.
  if (fault_chain < 0) return SGMC_ERROR_STATE;
  if (chain != nullptr) *chain = fault_chain;
  if (step != nullptr) *step = sgmc::capi::fault_step;
  return SGMC_OK;
}
