#include "sgmc/samplers/mhbt.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

MhbtSettings validated(const MhbtSettings& settings, Index data_size, Index batch_size) {
  require(data_size >= 1, "data_size", data_size,
          "must be >= 1: sampler 'mhbt' needs data (its target exp(c_n mu_I) has mu_I = -U_hat/N)");
  // Checked here as well as by the chain's BatchSelector, which is built after
  // the kernel: the epoch length below overflowed for batch_size = 2^63 - 1
  // (found by tests/fuzz/fuzz_capi).
  require(batch_size >= 0, "batch_size", batch_size, "must be >= 0 (0 = full data)");
  require(batch_size <= data_size, "batch_size", batch_size,
          ("must not exceed the data size N = " + show(data_size)).c_str());
  return settings;
}

}  // namespace

void MhbtSettings::validate() const {
  require(std::isfinite(c_n) && c_n > 0, "c_n", c_n, "must be finite and > 0");
  require(std::isfinite(rw_scale) && rw_scale > 0, "rw_scale", rw_scale, "must be finite and > 0");
  require(std::isfinite(beta) && beta >= 1, "rsgld_beta", beta, "must be finite and >= 1");
  require(forward_prob > 0 && forward_prob < 1, "rsgld_forward_prob", forward_prob,
          "must be in (0, 1)");
  require(std::isfinite(beta_start) && beta_start >= 1, "rsgld_beta_start", beta_start,
          "must be finite and >= 1");
  require(!adaptive_beta || proposal == MhbtProposal::kRsgld, "rsgld_adaptive_beta", 1,
          ("needs proposal 'rsgld', not '" + std::string(proposal_name(proposal)) + "'").c_str());
}

Mhbt::Mhbt(ConstVecRef x0, const MhbtSettings& settings, double eps, Index data_size,
           Index batch_size)
    : settings_(validated(settings, data_size, batch_size)),
      c_n_(settings.c_n_full_data && (batch_size == 0 || batch_size == data_size)
               ? static_cast<double>(data_size)
               : settings.c_n),
      density_{std::sqrt(2.0 * eps) / static_cast<double>(data_size),
               settings.proposal == MhbtProposal::kRsgld ? settings.forward_prob : 1.0, x0.size(),
               settings.exact_density},
      eps_(eps),
      n_data_(static_cast<double>(data_size)),
      epoch_length_(batch_size == 0 ? 1 : (data_size - 1) / batch_size + 1),  // ceil(N / n)
      x_(x0),
      grad_(Vec::Zero(x0.size())),
      proposal_(x0),
      stats_{0, 0, 0, 0, settings.adaptive_beta ? settings.beta_start : settings.beta} {
  kept_batch_.reserve(static_cast<std::size_t>(batch_size == 0 ? data_size : batch_size));
}

void Mhbt::step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) {
  if (settings_.search) {
    // The typical-set search: the evaluated point is the state, and the
    // next is SGD's move from it (SGLD's at temperature 0).
    x_ = proposal_;
    keep(eval);
    phase_ = Phase::kMove;
    proposal_ = x_ - info.step_size * grad_;
    return;
  }
  if (phase_ == Phase::kFirst) {
    keep(eval);
    phase_ = Phase::kMove;
    propose(noise, false);
    return;
  }
  // x ± eps g_I(x) = x ∓ (eps/N) grad U_hat(x).
  const double h = eps_ / n_data_;
  Move move{};
  const auto mu = [&](double energy) { return -energy / n_data_; };  // mu_I = -U_hat_I/N (SPEC §7)
  move.gain = c_n_ * (mu(eval.energy) - mu(energy_));
  if (settings_.proposal != MhbtProposal::kRandomWalk) {
    move.out = {(proposal_ - x_ + h * grad_).squaredNorm(), (proposal_ - x_ - h * grad_).squaredNorm()};
    move.back = {(x_ - proposal_ + h * eval.grad).squaredNorm(),
                 (x_ - proposal_ - h * eval.grad).squaredNorm()};
  }
  last_log_ratio_ = log_ratio(move, stats_.beta);
  if (phase_ == Phase::kAdjust) {
    adjust_[static_cast<std::size_t>(adjust_done_++)] = move;
    if (adjust_done_ == kAdjustProposals) {
      shrink_beta();
      phase_ = Phase::kMove;
    }
    propose(noise, phase_ == Phase::kAdjust);
    return;
  }
  const bool accept = std::log(noise.rng().uniform()) < last_log_ratio_;
  ++stats_.proposed;
  stats_.accepted += accept;
  if (forward_) {
    ++stats_.forward_proposed;
    stats_.forward_accepted += accept;
  }
  if (accept) {
    x_ = proposal_;
    keep(eval);
  }
  if (settings_.adaptive_beta) {
    epoch_accept_prob_ += std::exp(std::min(0.0, last_log_ratio_));
    if (++epoch_steps_ == epoch_length_) end_epoch();
  }
  propose(noise, phase_ == Phase::kAdjust);
}

double Mhbt::log_ratio(const Move& move, double beta) const {
  // SPEC §7: log q_{I'}(x' -> x) - log q_I(x -> x') + c_n (mu_{I'}(x') - mu_I(x));
  // the random walk is symmetric.
  if (settings_.proposal == MhbtProposal::kRandomWalk) return move.gain;
  return density_.log_q(move.back, beta) - density_.log_q(move.out, beta) + move.gain;
}

void Mhbt::keep(const StochasticEval& eval) {
  energy_ = eval.energy;
  grad_ = eval.grad;
  kept_batch_.assign(eval.batch.begin(), eval.batch.end());  // within the reserved size
}

void Mhbt::end_epoch() {
  // MHBT §3.2: after an epoch of ceil(N/n) iterations, adjust when the mean
  // acceptance probability is above 0.4; grow beta by 5% when below 0.2.
  const double acceptance = epoch_accept_prob_ / static_cast<double>(epoch_length_);
  epoch_steps_ = 0;
  epoch_accept_prob_ = 0.0;
  if (acceptance > 0.4) {
    phase_ = Phase::kAdjust;
    adjust_done_ = 0;
  } else if (acceptance < 0.2) {
    stats_.beta *= 1.05;
  }
}

void Mhbt::shrink_beta() {
  // MHBT §3.2: shrink beta by 5% while the adjustment proposals' mean
  // acceptance probability exceeds 0.7, by at most 50% in one phase, to no
  // less than 1. The proposals do not depend on beta, only their densities.
  const auto mean_accept_prob = [&](double beta) {
    double sum = 0.0;
    for (const auto& move : adjust_) sum += std::exp(std::min(0.0, log_ratio(move, beta)));
    return sum / static_cast<double>(kAdjustProposals);
  };
  const double floor = std::max(1.0, 0.5 * stats_.beta);
  double& beta = stats_.beta;
  while (beta > floor && mean_accept_prob(beta) > 0.7) beta = std::max(floor, 0.95 * beta);
}

void Mhbt::propose(NormalSource& noise, bool forward_only) {
  if (settings_.proposal == MhbtProposal::kRandomWalk) {
    forward_ = true;
    blocks_.for_each(x_.size(), noise, [&](Index start, Index length, const auto& w) {
      proposal_.segment(start, length).array() =
          x_.segment(start, length).array() + settings_.rw_scale * w;
    });
    return;
  }
  // MHBT eq. (6): forward x + eps g + sigma z, backward x - eps g + beta sigma z.
  forward_ = forward_only || noise.rng().uniform() < density_.forward_prob;
  const double h = (forward_ ? -eps_ : eps_) / n_data_;
  const double sd = forward_ ? density_.sigma : stats_.beta * density_.sigma;
  blocks_.for_each(x_.size(), noise, [&](Index start, Index length, const auto& w) {
    proposal_.segment(start, length).array() = x_.segment(start, length).array() +
                                               h * grad_.segment(start, length).array() + sd * w;
  });
}


void Mhbt::carry_over(const Kernel& previous, const GradientMomentMap& /*to_new*/) {
  // Built by make_kernel() from the same settings: an Mhbt too. The
  // adaptive beta goes on shrinking from where it was (MHBT §3.2), not
  // from beta_start again at each window end.
  stats_ = static_cast<const Mhbt&>(previous).stats_;
}

void Mhbt::save(ByteWriter& out) const {
  out.section("MHBT");
  out.values(x_);
  out.values(grad_);
  out.f64(energy_);
  out.i64(static_cast<Index>(kept_batch_.size()));
  out.indices(kept_batch_);
  out.values(proposal_);
  out.flag(forward_);
  out.i64(static_cast<Index>(phase_));
  out.i64(stats_.proposed);
  out.i64(stats_.accepted);
  out.i64(stats_.forward_proposed);
  out.i64(stats_.forward_accepted);
  out.f64(stats_.beta);
  out.f64(last_log_ratio_);
  out.i64(epoch_steps_);
  out.f64(epoch_accept_prob_);
  for (const Move& move : adjust_) {
    out.f64(move.out.forward);
    out.f64(move.out.backward);
    out.f64(move.back.forward);
    out.f64(move.back.backward);
    out.f64(move.gain);
  }
  out.i64(adjust_done_);
}

void Mhbt::load(ByteReader& in) {
  in.section("MHBT");
  in.values("position", x_);
  in.values("cached gradient", grad_);
  energy_ = in.finite("cached energy");
  const auto n_data = static_cast<Index>(n_data_);
  const Index kept = in.index("kept batch size", 0, static_cast<Index>(kept_batch_.capacity()));
  kept_batch_.resize(static_cast<std::size_t>(kept));
  std::span<Index> batch(kept_batch_);
  in.indices("kept batch", batch, 0, n_data - 1);
  in.values("proposal", proposal_);
  forward_ = in.flag("proposal direction");
  phase_ = static_cast<Phase>(in.index("phase", 0, static_cast<Index>(Phase::kAdjust)));
  const Index max = std::numeric_limits<Index>::max();
  stats_.proposed = in.index("proposals", 0, max);
  stats_.accepted = in.index("acceptances", 0, stats_.proposed);
  stats_.forward_proposed = in.index("forward proposals", 0, stats_.proposed);
  stats_.forward_accepted = in.index("forward acceptances", 0, stats_.forward_proposed);
  stats_.beta = in.finite("beta");
  if (stats_.beta < 1) in.fail("beta", "must be >= 1, not " + show(stats_.beta));
  last_log_ratio_ = in.f64("last log ratio");
  epoch_steps_ = in.index("epoch steps", 0, epoch_length_);
  epoch_accept_prob_ = in.finite("epoch acceptance");
  for (Move& move : adjust_) {
    move.out.forward = in.finite("adjustment proposal");
    move.out.backward = in.finite("adjustment proposal");
    move.back.forward = in.finite("adjustment proposal");
    move.back.backward = in.finite("adjustment proposal");
    move.gain = in.finite("adjustment proposal");
  }
  // An adjustment window in progress has room for its next proposal: the
  // window that fills its last slot ends (step() leaves kAdjust at 100).
  adjust_done_ = in.index("adjustment proposals done", 0,
                          phase_ == Phase::kAdjust ? kAdjustProposals - 1 : kAdjustProposals);
}

}  // namespace sgmc
