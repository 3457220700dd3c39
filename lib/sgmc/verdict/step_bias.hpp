// The step-size bias check (docs/verdict.md): the error SG-MCMC has and
// exact MCMC does not, from the discretisation and the gradient noise, seen
// through Stein's identity E[(x_i - mu_i) d_i U] = tau
// (lib/sgmc/diagnostics/stein_moments.hpp). Its cost is three products per
// coordinate per recorded draw and no evaluation.
#pragma once

#include <vector>

#include "sgmc/record/recorded_run.hpp"
#include "sgmc/verdict/check.hpp"

namespace sgmc {

/// "step_bias": over the chains whose draws make the estimates (those at
/// chain 0's temperature: all but reSGLD's hotter replicas) and the
/// coordinates, the largest lower confidence bound of |c_i - 1|,
/// c_i = Cov(y_i, d_i U)/tau in the kernel's coordinates, i.e.
/// |c_i - 1| - q se_i clipped at 0, q the normal quantile of
/// 1 - 0.01 / (2 d P) (a 1% family-wise error over d coordinates of the P
/// chains judged). Limit 0.2: for a Gaussian c_i is the variance's
/// inflation, and an sd within 10% is a variance within 21%, so a bound
/// above 0.2 says, with the bound's confidence, that the sd is off by more
/// than the tolerance (bench/verdict_calibration: at 0.15, right runs whose
/// sd was 8-9% too wide were flagged).
/// "mean_bias": the same bound of |m_i|, m_i = mean(d_i U) sd(y_i)/tau, the
/// mean's shift in posterior sds for a Gaussian; limit 0.1, the tolerance
/// of a right mean. None for samplers without the checks
/// (SteinStage::applies).
std::vector<Check> step_bias_checks(const RecordedRun& run);

}  // namespace sgmc
