// Shared by the MHBT experiments: random-walk runs through the engine, their
// acceptance, and the random-walk step delta that gives a target acceptance.
#pragma once

#include <cmath>

#include "sgmc/drivers/driver.hpp"

namespace sgmc::bench {

/// Random-walk MHBT: batch n (0 = all N) and c_n (c_n = N with n = N is exact MH).
inline SamplerConfig random_walk_mhbt(Index batch_size, double c_n, double delta) {
  SamplerConfig config;
  config.kind = SamplerKind::kMhbt;
  config.batch_size = batch_size;
  config.mhbt.proposal = MhbtProposal::kRandomWalk;
  config.mhbt.c_n = c_n;
  config.mhbt.rw_scale = delta;
  return config;
}

/// Accepted / proposed over all chains of a run.
inline double acceptance(const ChainList& chains) {
  double proposed = 0, accepted = 0;
  for (const auto& chain : chains) {
    const auto& stats = dynamic_cast<const Mhbt&>(chain->kernel()).stats();
    proposed += static_cast<double>(stats.proposed);
    accepted += static_cast<double>(stats.accepted);
  }
  return accepted / proposed;
}

/// The step delta (bisection on log delta) whose acceptance over `chains`
/// chains of `steps` iterations from x0 is close to `target`.
inline double tune_delta(const Model& model, SamplerConfig config, ConstVecRef x0, double target,
                         Index chains, Index steps) {
  double lo = std::log(1e-4), hi = std::log(10.0);
  for (int i = 0; i < 12; ++i) {
    config.mhbt.rw_scale = std::exp(0.5 * (lo + hi));
    const auto run = sample(model, config, {steps, steps - 1, 1}, {chains, 0, steps, 77}, x0, nullptr);
    run.outcome.throw_if_fault();
    (acceptance(run.chains) > target ? lo : hi) = std::log(config.mhbt.rw_scale);
  }
  return std::exp(0.5 * (lo + hi));
}

}  // namespace sgmc::bench
