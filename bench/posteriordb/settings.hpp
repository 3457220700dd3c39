// The settings every sampler runs with, derived from one number of the
// posterior rather than tuned against the reference: lambda_max, the largest
// eigenvalue of the Hessian of U at the first chain's start (by central
// differences of the model's full-data gradient). A step h = eps lambda_max
// fixes the discretisation error in the stiffest direction, where SGLD's
// stationary sd on a Gaussian is 1 / sqrt(1 - h / 2) - 1 ~ h / 4 too large,
// and gradient noise of a batch n adds about h (N / n) / 4 more. The dense
// preconditioner (SPEC option "precondition") keeps that meaning of
// step_size for the stiffest direction, so the same settings serve both.
#pragma once

#include <string>

#include "sgmc/config/options.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::bench {

/// h = eps lambda_max of full-batch SGLD in the table: its sd error h / 4
/// is 1.25%, an eighth of the sd tolerance (about 2.5% with N/10 batches).
inline constexpr double kSgldStiffStep = 0.05;
/// Chains in every run.
inline constexpr Index kChains = 4;

struct Stiffness {
  double lambda_max = 0;
  double lambda_min = 0;
  double condition() const { return lambda_max / lambda_min; }
};

/// The extreme eigenvalues of the Hessian of U = U0 + sum_i U_i at x.
Stiffness stiffness(const Model& model, ConstVecRef x);

/// What one run is: a sampler and the numbers the table reports with it.
struct RunSettings {
  std::string sampler;        ///< as the options name it (mhbt: full-batch random walk)
  std::string precondition;   ///< "none" or "dense"
  Index n_steps = 0;          ///< iterations per chain, burn-in included
  Index burn_in = 0;
  Index batch_size = 0;       ///< n; N for the full batch
  double step_size = 0;       ///< eps (eps0 cyclical; MHBT: the random walk's delta)
  double rms_epsilon = 0;     ///< pSGLD's regulariser lambda; 0 for the others
};

/// The settings of `sampler` on a posterior of `data_size` data and
/// dimension `dim`; `batch_size` 0 picks N / 10 where mini-batches are
/// allowed (`exchangeable`), N otherwise and for MHBT. `sgld_h` is SGLD's
/// h for the full batch (the others' steps follow from it).
RunSettings settings_for(const std::string& sampler, const Stiffness& s, Index dim,
                         Index data_size, bool exchangeable, Index n_steps, Index batch_size,
                         const std::string& precondition, double sgld_h = kSgldStiffStep);

/// The options of a run of 4 chains with seed `seed`.
Options options_for(const RunSettings& run, Index data_size, Index seed);

/// Issue #31's zero knobs: nothing set but the sampler, the budget
/// (`n_steps`), the 4 chains and the seed; the burn-in, batch (the full
/// data), step size and preconditioner are the engine's defaults.
Options zero_knob_options(const std::string& sampler, Index n_steps, Index seed);

/// True when this engine knows option "precondition" (main, issue #17).
bool has_preconditioning();

}  // namespace sgmc::bench
