#include "sgmc/verdict/run_verdict.hpp"

#include "sgmc/verdict/mixing.hpp"
#include "sgmc/verdict/sampler_checks.hpp"
#include "sgmc/verdict/stationarity.hpp"
#include "sgmc/verdict/step_bias.hpp"

namespace sgmc {

Verdict run_verdict(const RecordedRun& run) {
  Verdict verdict;
  for (auto* family : {mixing_checks, stationarity_checks, step_bias_checks, mhbt_checks,
                       swap_checks, contour_checks_of, open_top_checks, fault_checks}) {
    for (Check& check : family(run)) verdict.checks.push_back(std::move(check));
  }
  return verdict;
}

}  // namespace sgmc
