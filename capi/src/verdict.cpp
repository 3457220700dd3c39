// The verdict of every run (docs/verdict.md, lib/sgmc/verdict/): its
// checks by index, and whether to trust the run.
#include "firewall.hpp"
#include "handles.hpp"

using sgmc::capi::copy_text;
using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

namespace {

const sgmc::Verdict& verdict_of(const sgmc_draws* draws) {
  require_non_null(draws, "draws");
  sgmc::require(!draws->chains.empty(), "draws", "an empty run", "has no chains to judge");
  return draws->verdict();
}

}  // namespace

extern "C" {

sgmc_status sgmc_draws_verdict(const sgmc_draws* draws, int32_t* trusted, char* reasons,
                               int64_t reasons_len, int64_t* needed) {
  return guarded([&] {
    const sgmc::Verdict& verdict = verdict_of(draws);
    copy_text(verdict.reasons(), reasons, reasons_len, needed, "reasons");
    if (trusted != nullptr) *trusted = verdict.trusted() ? 1 : 0;
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_check_count(const sgmc_draws* draws, int64_t* n) {
  return guarded([&] {
    require_non_null(n, "n");
    *n = std::ssize(verdict_of(draws).checks);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_check(const sgmc_draws* draws, int64_t index, const char** name,
                             double* value, double* limit, int32_t* fails_above, int32_t* passed,
                             const char** where, const char** meaning) {
  return guarded([&] {
    const auto& checks = verdict_of(draws).checks;
    sgmc::require(index >= 0 && index < std::ssize(checks), "index", index,
                  ("must be in [0, " + sgmc::show(checks.size()) + "), the number of checks")
                      .c_str());
    const sgmc::Check& check = checks[static_cast<std::size_t>(index)];
    if (name != nullptr) *name = check.name.c_str();
    if (value != nullptr) *value = check.value;
    if (limit != nullptr) *limit = check.limit;
    if (fails_above != nullptr) *fails_above = check.fails_above ? 1 : 0;
    if (passed != nullptr) *passed = check.passed() ? 1 : 0;
    if (where != nullptr) *where = check.where.c_str();
    if (meaning != nullptr) *meaning = check.meaning.c_str();
    return SGMC_OK;
  });
}

}  // extern "C"
