// The convergence statistics of the contour samplers and their verdict
// (SPEC §4.4, lib/sgmc/diagnostics/contour_convergence.hpp).
#include <algorithm>
#include <limits>

#include "firewall.hpp"
#include "handles.hpp"
#include "sgmc/record/contour_verdict.hpp"

using sgmc::capi::copy_text;
using sgmc::capi::enum_arg;
using sgmc::capi::guarded;
using sgmc::capi::require_contour;
using sgmc::capi::require_length;
using sgmc::capi::require_non_null;

static_assert(SGMC_CONTOUR_CHECKS == sgmc::kContourChecks, "one C enumerator per statistic");

extern "C" {

sgmc_status sgmc_contour_check_info(sgmc_contour_check check, const char** name, double* limit,
                                    int32_t* fails_above) {
  return guarded([&] {
    const int which = enum_arg(check);
    sgmc::require(which >= 0 && which < SGMC_CONTOUR_CHECKS, "check", which,
                  "must be in [0, SGMC_CONTOUR_CHECKS)");
    const auto& spec = sgmc::contour_checks()[static_cast<std::size_t>(which)];
    if (name != nullptr) *name = spec.name.data();
    if (limit != nullptr) *limit = spec.limit;
    if (fails_above != nullptr) *fails_above = spec.fails_above ? 1 : 0;
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_contour_diagnostics(const sgmc_draws* draws, int64_t chain, double* out,
                                           int64_t out_len) {
  return guarded([&] {
    require_contour(draws, chain, sgmc::capi::Pooled::kAny);
    require_non_null(out, "out");
    require_length(out_len, SGMC_CONTOUR_CHECKS, "out_len");
    const auto all = sgmc::contour_records(*draws);
    sgmc::ContourDiagnostics values;
    if (draws->shared_theta) {
      values = sgmc::diagnose_contour(all);
    } else if (chain == -1) {
      values = sgmc::across_chains(all);
    } else {
      values = sgmc::diagnose_contour(std::span(all).subspan(static_cast<std::size_t>(chain), 1));
    }
    std::copy(values.begin(), values.end(), out);
    return SGMC_OK;
  });
}

sgmc_status sgmc_draws_contour_verdict(const sgmc_draws* draws, int32_t* converged, char* reasons,
                                       int64_t reasons_len, int64_t* needed) {
  return guarded([&] {
    require_contour(draws, 0, sgmc::capi::Pooled::kNo);
    const auto run = sgmc::diagnose_run(*draws);
    copy_text(run.verdict.reasons, reasons, reasons_len, needed, "reasons");
    if (converged != nullptr) *converged = run.verdict.converged ? 1 : 0;
    return SGMC_OK;
  });
}

}  // extern "C"
