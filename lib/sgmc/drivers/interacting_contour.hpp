// Interacting contour samplers (SPEC §5; ICSGLD, Deng et al. 2022):
// P = n_chains contour chains (SGLD, SGHMC or pSGLD moves) share one theta.
//
// One iteration k:
//   1. every chain evaluates U_hat and grad U_hat at its x_k (in parallel);
//   2. on the calling thread, J_p of every chain, all-gathered across
//      processes in chain order, and one shared update with the averaged
//      field, every term from the same theta_k (ICSGLD eq. (5)):
//        theta_{k+1} = theta_k + omega_k (1/P) sum_p H(theta_k, J_p);
//   3. every chain records x_k with its weight from theta_{k+1} and moves
//      with the multiplier from theta_{k+1}, then evaluates at x_{k+1}
//      (in parallel).
// The sum runs in chain order and each chain keeps its own streams, so the
// draws are bitwise the same for any number of threads and processes.
//
// theta_0 is the sampler's contour_theta0, or with contour_pilot_steps =
// K_pilot > 0 the pilot estimate of SPEC §5: every chain runs plain SGLD
// (same step size, temperature, domain and start) for K_pilot steps on
// streams of their own; the subregion indices of all pilot states are
// histogrammed, 1e-4 is added to every bin and the result normalised. The
// chains then start from x0, not from where the pilot ended.
#pragma once

#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/driver.hpp"

namespace sgmc {

/// Runs config.n_chains >= 1 chains of an interacting contour sampler;
/// this process runs exchange.block(n_chains) of them, and result.chains
/// holds those. Throws sgmc::Error naming a bad option. A fault of the
/// model that stops a chain (sampler.faults) ends the run on every process
/// at the same iteration k, before any chain records x_k: outcome.fault is
/// the fault of the lowest chain (its own message on the process that runs
/// it), and every chain keeps the draws of iterations 1..k-1. A fault of
/// the pilot ends the run before any draw.
SampleResult sample_interacting_contour(const Model& model, const SamplerConfig& sampler,
                                        const RecordPolicy& record, const RunConfig& config,
                                        ConstVecRef x0, const ProgressFn& progress,
                                        ChainExchange& exchange,
                                        const Checkpointing& checkpointing = {});

/// The same with every chain in this process (LocalExchange).
SampleResult sample_interacting_contour(const Model& model, const SamplerConfig& sampler,
                                        const RecordPolicy& record, const RunConfig& config,
                                        ConstVecRef x0, const ProgressFn& progress,
                                        const Checkpointing& checkpointing = {});

/// theta_0 from the SGLD pilot of SPEC §5 (see above), the same on every
/// process. Throws ModelFault on every process when a fault of the model
/// stopped a pilot chain (the lowest one's).
std::vector<double> pilot_theta(const Model& model, const SamplerConfig& sampler,
                                const RunConfig& config, ConstVecRef x0, ChainExchange& exchange);

}  // namespace sgmc
