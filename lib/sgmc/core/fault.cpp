#include "sgmc/core/fault.hpp"

namespace sgmc {

void FaultPolicy::validate() const {
  require(max_consecutive >= 1, "max_consecutive_faults", max_consecutive, "must be >= 1");
}

const char* fault_policy_name(const FaultPolicy& policy) { return policy.reject ? "reject" : "error"; }

}  // namespace sgmc
