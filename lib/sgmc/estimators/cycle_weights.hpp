// Combining the cycles of a cyclical sampler (SPEC §3, cSG-MCMC App. F):
// E f ≈ sum_c w_c fbar_c, fbar_c the mean of f over the draws of cycle c.
#pragma once

#include <vector>

#include "sgmc/models/model.hpp"
#include "sgmc/schedules/step_schedule.hpp"
#include "sgmc/storage/draw_store.hpp"

namespace sgmc {

enum class CycleWeighting {
  kEqual,     ///< w_c equal over the cycles that hold draws (the paper's choice for DNNs)
  kHarmonic,  ///< harmonic-mean likelihood, cSG-MCMC App. F
};

/// The 0-based cycle c = floor((k - 1) / L) of every draw.
std::vector<Index> draw_cycles(const DrawStore& draws, const StepSchedule& schedule);

/// log p(D | x) = -sum_{i=1..N} U_i(x) at every draw (column): one
/// full-data, energy-only evaluation per draw, no prior term. 0 for a
/// data-free model (N = 0), for which harmonic weights are equal weights.
Vec log_likelihoods(const Model& model, const Eigen::Ref<const Eigen::MatrixXd>& draws);

/// Normalised log w_c for c = 0..n_cycles-1 (logsumexp = 0); -inf for a
/// cycle without draws. Harmonic: log w_c = -logmeanexp_j(-log p(D | x_j^(c)))
/// over the draws j of cycle c; `log_lik` (one per draw) is ignored for
/// equal weights.
Vec cycle_log_weights(CycleWeighting weighting, const std::vector<Index>& cycles, Index n_cycles,
                      const Vec& log_lik);

/// sum_c w_c xbar_c: the combined estimate of E x from the draws (columns).
Vec combined_mean(const Eigen::Ref<const Eigen::MatrixXd>& draws, const std::vector<Index>& cycles,
                  const Vec& log_weights);

}  // namespace sgmc
