// MHBT (SPEC §7; Wu, Wang & Wong): mini-batch Metropolis–Hastings with batch
// tempering. The chain is the augmented pair (x_t, I_t) with the cached
//   mu_I(x) = -(1/n) S_I(x) - U0(x)/N = -U_hat(x)/N,   g_I(x) = -grad U_hat(x)/N
// of its kept batch; its target is exp(c_n mu_I(x)) (MHBT eq. 1), whose
// x-marginal has temperature T = N / c_n (eq. 3). A step proposes x' from
// q_{I_t}(x_t -> .), evaluates the fresh batch I' at x' (the one evaluation)
// and accepts with
//   log r = log q_{I'}(x' -> x_t) - log q_{I_t}(x_t -> x') + c_n (mu_{I'}(x') - mu_{I_t}(x_t)).
// On rejection x_t, I_t and the cache stay.
//
// Evaluations that are not iterations (the engine's iteration count does not
// advance): the first evaluation, at x_0, fills the cache; with adaptive
// beta, the adjustment phase's 100 forward-only proposals (MHBT §3.2).
// The draw of iteration k is the state after its accept/reject.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "sgmc/samplers/kernel.hpp"
#include "sgmc/samplers/mhbt_proposals.hpp"
#include "sgmc/samplers/noise_blocks.hpp"

namespace sgmc {

struct MhbtSettings {
  MhbtProposal proposal = MhbtProposal::kRsgld;
  double c_n = 20.0;           ///< batch-tempering constant c_n > 0
  double rw_scale = 0.1;       ///< random walk: delta > 0
  double beta = 1.0;           ///< RSGLD: backward noise scale, >= 1
  double forward_prob = 0.5;   ///< RSGLD: p_f in (0, 1)
  bool adaptive_beta = false;  ///< RSGLD: adapt beta per epoch (MHBT §3.2)
  double beta_start = 1000.0;  ///< RSGLD: the adaptive beta's start, >= 1
  /// RSGLD: false drops the backward component's -d log beta from the
  /// proposal density, as the authors' script does. The chain then no longer
  /// targets exp(c_n mu_I) (SPEC §7): engine-only, not in the C API, for
  /// bench/mlp_digits to show what the paper's results rest on.
  bool exact_density = true;
  /// The automatic warm-up (docs/warm_up.md) with c_n unset: c_n = N when
  /// the batch is the full data, so that the chain is exact full-batch MH on
  /// pi (SPEC §7); with a mini-batch c_n stays.
  bool c_n_full_data = false;
  /// The warm-up's typical-set search (typical_set_search.hpp): step() moves
  /// as gradient descent, y' = y - eps_k grad U_hat(y) at the schedule's
  /// eps_k, with no accept/reject, from every evaluated point. The warm-up
  /// clears it at the search's end and rebuilds the kernel.
  bool search = false;

  /// Throws sgmc::Error naming the first invalid setting and its value.
  void validate() const;
};

/// Acceptance counts over the iterations (adjustment proposals excluded;
/// random-walk and SGLD proposals count as forward) and the current beta.
struct MhbtStats {
  Index proposed = 0;
  Index accepted = 0;
  Index forward_proposed = 0;
  Index forward_accepted = 0;
  double beta = 1.0;
};

class Mhbt final : public Kernel {
 public:
  /// eps is the learning rate (constant), data_size N >= 1, batch_size n in [1, N].
  Mhbt(ConstVecRef x0, const MhbtSettings& settings, double eps, Index data_size,
       Index batch_size);

  ConstVecRef query() const override { return proposal_; }
  ConstVecRef position() const override { return x_; }
  void step(const StochasticEval& eval, const StepInfo& info, NormalSource& noise) override;
  void save(ByteWriter& out) const override;
  void load(ByteReader& in) override;
  bool records_position() const override { return true; }
  double position_energy() const override { return energy_; }
  ConstVecRef position_gradient() const override { return grad_; }
  bool next_is_iteration() const override { return phase_ == Phase::kMove; }
  void carry_over(const Kernel& previous, const GradientMomentMap& to_new) override;

  const MhbtStats& stats() const { return stats_; }
  /// The current backward noise scale beta.
  double beta() const { return stats_.beta; }
  /// The kept batch I_t.
  std::span<const Index> kept_batch() const { return kept_batch_; }
  /// log r of the last iteration's or adjustment proposal's accept/reject.
  double last_log_ratio() const { return last_log_ratio_; }
  /// The batch-tempering constant the chain runs with (temperature N / c_n).
  double c_n() const { return c_n_; }

 private:
  enum class Phase { kFirst, kMove, kAdjust };

  /// What a proposal's acceptance depends on besides beta; the adjustment
  /// phase keeps its 100 and recomputes their ratios as beta shrinks.
  struct Move {
    ProposalDistances out;   ///< of x' from x_t ± eps g_{I_t}(x_t)
    ProposalDistances back;  ///< of x_t from x' ± eps g_{I'}(x')
    double gain;             ///< c_n (mu_{I'}(x') - mu_{I_t}(x_t))
  };
  static constexpr Index kAdjustProposals = 100;

  double log_ratio(const Move& move, double beta) const;
  void keep(const StochasticEval& eval);
  void end_epoch();
  void shrink_beta();
  void propose(NormalSource& noise, bool forward_only);

  MhbtSettings settings_;
  double c_n_;  ///< c_n, or N (c_n_full_data with the full batch)
  GradientProposalDensity density_;
  double eps_;
  double n_data_;
  Index epoch_length_;
  Vec x_;
  Vec grad_;  ///< grad U_hat_{I_t}(x_t) = -N g_{I_t}(x_t)
  /// U_hat_{I_t}(x_t) as evaluated: kept rather than recomputed as -N mu,
  /// which overflows for an energy near -DBL_MAX (found by fuzz_capi).
  double energy_ = 0.0;
  std::vector<Index> kept_batch_;
  Vec proposal_;
  bool forward_ = true;
  Phase phase_ = Phase::kFirst;
  MhbtStats stats_;  ///< with the current beta
  double last_log_ratio_ = 0.0;
  Index epoch_steps_ = 0;
  double epoch_accept_prob_ = 0.0;
  std::array<Move, kAdjustProposals> adjust_{};
  Index adjust_done_ = 0;
  NoiseBlocks blocks_;
};

}  // namespace sgmc
