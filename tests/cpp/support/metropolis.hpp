// An exact reference sampler for posterior tests: random-walk Metropolis-
// Hastings on the full-batch energy U = U0 + sum_i U_i, independent of every
// sampler under test.
#pragma once

#include <Eigen/Cholesky>
#include <cmath>
#include <numeric>
#include <vector>

#include "sgmc/models/model.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc::testing {

/// The full-batch energy U(x) of a model (no gradient).
class FullEnergy {
 public:
  explicit FullEnergy(const Model& model)
      : model_(model), all_(static_cast<std::size_t>(model.data_size())),
        work_(model.make_workspace()), unused_(Vec::Zero(model.dim())) {
    std::iota(all_.begin(), all_.end(), Index{0});
  }
  double operator()(ConstVecRef x) {
    ModelTerms out{0, 0, unused_, unused_};
    model_.evaluate({x, all_, false, 0, nullptr, work_.get()}, out);
    return out.prior_energy + out.batch_energy;
  }

 private:
  const Model& model_;
  std::vector<Index> all_;
  std::unique_ptr<ModelWorkspace> work_;
  Vec unused_;
};

/// Draws of one random-walk Metropolis chain (one column per draw, every
/// `thin`-th state after `burn_in` steps) with proposals x + L z, z ~ N(0, I),
/// where L L' = proposal_cov.
inline Eigen::MatrixXd random_walk_metropolis(const Model& model, Vec x,
                                              const Eigen::MatrixXd& proposal_cov,
                                              Index n_steps, Index burn_in, Index thin,
                                              std::uint64_t seed) {
  FullEnergy energy(model);
  const Eigen::MatrixXd l = proposal_cov.llt().matrixL();
  NormalSource normal(Rng{seed});
  Rng& uniform = normal.rng();
  double u = energy(x);
  Vec z(x.size()), y(x.size());
  Eigen::MatrixXd draws(x.size(), (n_steps - burn_in) / thin);
  for (Index k = 1; k <= n_steps; ++k) {
    normal.fill(z.data(), static_cast<std::size_t>(z.size()));
    y = x + l * z;
    const double uy = energy(y);
    if (std::log(uniform.uniform()) < u - uy) {
      x = y;
      u = uy;
    }
    if (k > burn_in && (k - burn_in) % thin == 0) draws.col((k - burn_in) / thin - 1) = x;
  }
  return draws;
}

}  // namespace sgmc::testing
