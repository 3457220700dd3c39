#include "sgmc/chain/chain.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

SamplerConfig validated(const SamplerConfig& config, const RecordPolicy& record, Index dim,
                        ConstVecRef x0) {
  require(dim >= 1, "dim", dim, "must be >= 1");
  require(x0.size() == dim, "x0", "a vector of length " + show(x0.size()),
          ("must have length dim = " + show(dim)).c_str());
  require(x0.allFinite(), "x0", "a vector with a non-finite entry", "must be finite");
  record.validate();
  config.validate();
  // The draws are stored up front (a step never allocates): their count
  // times the dimension must be addressable.
  constexpr Index kMaxDoubles = std::numeric_limits<Index>::max() / 16;
  require(record.capacity() <= kMaxDoubles / dim, "n_steps", record.n_steps,
          ("records " + show(record.capacity()) + " draws of dimension " + show(dim) +
           ", more than can be stored; raise 'thin' or 'burn_in'").c_str());
  return config;
}

[[noreturn]] void throw_non_finite(const std::string& what, Index chain, Index k) {
  throw Error(ErrorKind::kNonFinite,
              "the model returned a non-finite " + what + " at chain " + show(chain) +
                  ", step " + show(k));
}

}  // namespace

Chain::Chain(const SamplerConfig& sampler, const RecordPolicy& record, Index dim, Index data_size,
             ConstVecRef x0, const ChainSeed& seed)
    : config_(validated(sampler, record, dim, x0)),
      record_(record),
      seed_(seed),
      kernel_(make_kernel(config_, x0, data_size)),
      batch_(data_size, sampler.batch_size),
      batch_rng_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kBatches)),
      target_noise_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kTargetNoise)),
      move_noise_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kMoves)),
      batch_grad_(Vec::Zero(dim)),
      prior_grad_(Vec::Zero(dim)),
      grad_(Vec::Zero(data_size > 0 ? dim : 0)),
      terms_{0.0, 0.0, batch_grad_, prior_grad_},
      draws_(dim, record.capacity()) {
  batch_.next(batch_rng_);
}

void Chain::tell() {
  if (k_ >= record_.n_steps) {
    throw Error(ErrorKind::kState, "chain " + show(seed_.chain) + " has completed its n_steps = " +
                                       show(record_.n_steps) + " iterations");
  }
  const Index k = k_ + 1;
  const Index n = batch_.size();
  // SPEC §0: U_hat = U0 + (N/n) S_B, grad U_hat = grad U0 + (N/n) grad S_B.
  const double scale = n > 0 ? static_cast<double>(batch_.data_size()) / static_cast<double>(n) : 0.0;
  const double energy = terms_.prior_energy + scale * terms_.batch_energy;
  if (!std::isfinite(energy)) throw_non_finite("energy (" + show(energy) + ")", seed_.chain, k);
  if (n > 0) grad_.noalias() = prior_grad_ + scale * batch_grad_;
  const Vec& grad = n > 0 ? grad_ : prior_grad_;
  if (!grad.allFinite()) {
    Index i = 0;
    while (std::isfinite(grad[i])) ++i;
    throw_non_finite("gradient (coordinate " + show(i) + " = " + show(grad[i]) + ")", seed_.chain, k);
  }
  const StochasticEval eval{energy, grad, n > 0 ? batch_grad_ : prior_grad_,
                            n > 0 ? 1.0 / static_cast<double>(n) : 1.0, batch_.current()};
  const StepInfo info{k, config_.schedule.at(k), config_.temperature};
  const bool iteration = kernel_->next_is_iteration();
  const bool record = iteration && record_.records(k);
  // The draw of iteration k is the evaluated point x_k with its U_hat(x_k),
  // or the kernel's position after the step when it says so.
  if (record && !kernel_->records_position()) draws_.push(kernel_->query(), energy, k);
  kernel_->step(eval, info, move_noise_);
  if (record && kernel_->records_position()) {
    draws_.push(kernel_->position(), kernel_->position_energy(), k);
  }
  if (iteration) k_ = k;
  batch_.next(batch_rng_);
}

void Chain::advance(const Model& model, ModelWorkspace* workspace) {
  const Index k = k_;
  while (k_ == k) {  // extra evaluations first, if the kernel asks for any
    const EvalRequest request{kernel_->query(), batch_.current(), true, seed_.chain,
                              &target_noise_, workspace};
    model.evaluate(request, terms_);
    tell();
  }
}

}  // namespace sgmc
