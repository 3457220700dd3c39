// Version and status queries.
#include "firewall.hpp"
#include "sgmc/core/isa_level.hpp"
#include "sgmc/sgmc.h"

#define SGMC_STRINGIFY_(x) #x
#define SGMC_STRINGIFY(x) SGMC_STRINGIFY_(x)

extern "C" {

const char* sgmc_version(void) {
  return SGMC_STRINGIFY(SGMC_VERSION_MAJOR) "." SGMC_STRINGIFY(SGMC_VERSION_MINOR) "." SGMC_STRINGIFY(
      SGMC_VERSION_PATCH);
}

int32_t sgmc_version_number(void) { return SGMC_VERSION_NUMBER; }

// The level of the engine kernels this copy of the library was linked with.
const char* sgmc_isa_level(void) { return sgmc::isa_level(); }

const char* sgmc_status_name(sgmc_status status) {
  switch (sgmc::capi::enum_arg(status)) {  // any int: "Any value" (sgmc.h)
    case SGMC_OK: return "SGMC_OK";
    case SGMC_CANCELLED: return "SGMC_CANCELLED";
    case SGMC_ERROR_INVALID_ARGUMENT: return "SGMC_ERROR_INVALID_ARGUMENT";
    case SGMC_ERROR_NONFINITE: return "SGMC_ERROR_NONFINITE";
    case SGMC_ERROR_CALLBACK: return "SGMC_ERROR_CALLBACK";
    case SGMC_ERROR_OUT_OF_MEMORY: return "SGMC_ERROR_OUT_OF_MEMORY";
    case SGMC_ERROR_IO: return "SGMC_ERROR_IO";
    case SGMC_ERROR_UNSUPPORTED: return "SGMC_ERROR_UNSUPPORTED";
    case SGMC_ERROR_STATE: return "SGMC_ERROR_STATE";
    case SGMC_ERROR_INTERNAL: return "SGMC_ERROR_INTERNAL";
    case SGMC_ERROR_FORMAT: return "SGMC_ERROR_FORMAT";
  }
  return "SGMC_UNKNOWN_STATUS";
}

}
