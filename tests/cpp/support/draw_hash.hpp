// A fingerprint of a fixed-seed run, for tests that keep a model's draws
// bit for bit across changes to its code.
#pragma once

#include <cstdint>
#include <cstring>

#include "sgmc/chain/chain.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::testing {

/// FNV-1a over the bits of every draw and energy of 60 SGLD steps (step
/// size 1e-3, batches of `batch_size`, seed 5) from x = 0.1.
inline std::uint64_t draw_hash(const Model& model, Index batch_size) {
  SamplerConfig config;
  config.schedule.step_size = 1e-3;
  config.batch_size = batch_size;
  Chain chain(config, {60, 0, 1}, model.dim(), model.data_size(), Vec::Constant(model.dim(), 0.1), {5, 0});
  const auto workspace = model.make_workspace();
  for (Index k = 0; k < 60; ++k) chain.advance(model, workspace.get());
  std::uint64_t hash = 14695981039346656037ull;
  const auto mix = [&hash](double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    for (int b = 0; b < 64; b += 8) hash = (hash ^ ((bits >> b) & 0xff)) * 1099511628211ull;
  };
  const auto draws = chain.draws().draws();
  for (Index s = 0; s < draws.cols(); ++s) {
    for (Index j = 0; j < draws.rows(); ++j) mix(draws(j, s));
  }
  for (const double u : chain.draws().energies()) mix(u);
  return hash;
}

}  // namespace sgmc::testing
