#include "library.hpp"

namespace sgmc::app {

void check(sgmc_status status) {
  if (status != SGMC_OK) throw Failure(sgmc_last_error(), status);
}

void check_as(sgmc_status status, std::initializer_list<Renamed> renames) {
  if (status == SGMC_OK) return;
  std::string message = sgmc_last_error();
  for (const auto& [argument, key] : renames) {
    const std::string named = "argument '" + std::string(argument);
    if (message.rfind(named, 0) != 0) continue;
    message.replace(0, named.size(), "argument '" + std::string(key));
    break;
  }
  throw Failure(message, status);
}

bool in_family(const std::string& sampler, sgmc_sampler_family family) {
  int32_t member = 0;
  check(sgmc_sampler_in_family(sampler.c_str(), family, &member));
  return member != 0;
}

}  // namespace sgmc::app
