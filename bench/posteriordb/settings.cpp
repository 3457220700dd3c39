#include "settings.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include <Eigen/Eigenvalues>

#include "sgmc/core/error.hpp"

namespace sgmc::bench {
namespace {

/// SGHMC's eps / friction equals SGLD's eps: the same Langevin time per step.
constexpr double kFriction = 0.1;

Vec full_gradient(const Model& model, ConstVecRef x, const std::vector<Index>& all) {
  const Index d = model.dim();
  Vec batch_grad(d), prior_grad(d);
  ModelTerms terms{0, 0, batch_grad, prior_grad};
  model.evaluate({x, all, true}, terms);
  return batch_grad + prior_grad;
}

}  // namespace

Stiffness stiffness(const Model& model, ConstVecRef x) {
  const Index d = model.dim();
  std::vector<Index> all(static_cast<std::size_t>(model.data_size()));
  std::iota(all.begin(), all.end(), Index{0});
  Eigen::MatrixXd h(d, d);
  for (Index j = 0; j < d; ++j) {
    const double delta = 1e-5 * std::max(1.0, std::abs(x[j]));
    Vec up = x, down = x;
    up[j] += delta;
    down[j] -= delta;
    h.col(j) = (full_gradient(model, up, all) - full_gradient(model, down, all)) / (2 * delta);
  }
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(0.5 * (h + h.transpose()));
  return {eig.eigenvalues().maxCoeff(), eig.eigenvalues().minCoeff()};
}

RunSettings settings_for(const std::string& sampler, const Stiffness& s, Index dim,
                         Index data_size, bool exchangeable, Index n_steps, Index batch_size,
                         const std::string& precondition, double sgld_h) {
  RunSettings r;
  r.sampler = sampler;
  r.precondition = precondition;
  r.n_steps = n_steps;
  r.burn_in = n_steps / 5;
  const bool full = sampler == "mhbt" || !exchangeable;
  r.batch_size = full ? data_size : batch_size > 0 ? batch_size : std::max<Index>(1, data_size / 10);
  const double ratio = static_cast<double>(data_size) / static_cast<double>(r.batch_size);
  // SGLD's eps: h = sgld_h at the full batch (sd error h / 4); with a
  // batch n the gradient noise adds about h (N/n) / 4 (a per-datum gradient
  // variance the size of the Fisher information), and h = 2 sgld_h / (1 + N/n)
  // keeps the sum near sgld_h / 2.
  const double sgld = 2.0 * sgld_h / (1.0 + ratio) / s.lambda_max;
  if (sampler == "sgld" || sampler == "cycsgld" || sampler == "csgld") {
    r.step_size = sgld;
  } else if (sampler == "sghmc") {
    r.step_size = kFriction * sgld;
  } else if (sampler == "psgld") {
    // RMSprop divides by sqrt(E g^2) ~ sqrt(lambda_max (1 + N/n)) in the
    // stiffest direction: the same effective step there as SGLD's.
    r.step_size = sgld * std::sqrt(s.lambda_max * (1.0 + ratio));
    // The gradient's rms in the flattest direction the kernel sees: sqrt of
    // lambda_min, or of lambda_max once the dense preconditioner has made
    // every curvature about lambda_max. The default 1e-5 lets
    // 1 / (lambda + sqrt(V)) blow up where a coordinate's gradient happens
    // to be near 0 while V is young (and V restarts at every window of the
    // warm-up), and the chain diverges.
    r.rms_epsilon = std::sqrt(precondition == "dense" ? s.lambda_max : s.lambda_min);
  } else if (sampler == "mhbt") {
    // The random walk's delta: 2.38 / sqrt(d) of the stiffest direction's sd.
    r.step_size = 2.38 / std::sqrt(static_cast<double>(dim) * s.lambda_max);
  } else {
    throw Error(ErrorKind::kInvalidArgument, "posteriordb_bench: no settings for sampler " + sampler);
  }
  return r;
}

Options zero_knob_options(const std::string& sampler, Index n_steps, Index seed) {
  Options o;
  o.set("sampler", sampler);
  o.set("n_steps", std::int64_t{n_steps});
  o.set("n_chains", std::int64_t{kChains});
  o.set("seed", std::int64_t{seed});
  return o;
}

Options options_for(const RunSettings& run, Index data_size, Index seed) {
  Options o = zero_knob_options(run.sampler, run.n_steps, seed);
  o.set("burn_in", std::int64_t{run.burn_in});
  o.set("batch_size", std::int64_t{run.batch_size});
  if (run.sampler == "mhbt") {
    // Exact Metropolis-Hastings: the full batch at c_n = N is temperature 1.
    o.set("proposal", std::string("random_walk"));
    o.set("c_n", static_cast<double>(data_size));
    o.set("rw_scale", run.step_size);
  } else {
    o.set("step_size", run.step_size);
  }
  if (run.sampler == "sghmc") o.set("friction", kFriction);
  if (run.sampler == "psgld") o.set("rms_epsilon", run.rms_epsilon);
  if (run.precondition != "none") {
    // Estimated over the whole burn-in (precondition_steps' default): its
    // growth windows, W / 20 each, are then hundreds of iterations, several
    // relaxation times 1 / h of the stiffest direction (docs/preconditioning.md).
    o.set("precondition", run.precondition);
  }
  return o;
}

bool has_preconditioning() {
  for (const auto& spec : option_specs()) {
    if (spec.name == "precondition") return true;
  }
  return false;
}

}  // namespace sgmc::bench
