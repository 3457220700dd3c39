// Asymmetric Gaussian mixtures that none of the contour papers used (SPEC
// §4.4, issue "contour samplers that configure themselves"): modes of
// unequal weights and widths, the chains started in a minor mode. Shared by
// bench/contour_robustness and the statistical tests of the automatic
// partition (tests/cpp/contour/test_auto_partition.cpp).
#pragma once

#include <cmath>
#include <span>
#include <memory>
#include <string>
#include <vector>

#include "sgmc/chain/sampler_config.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/models/synthetic.hpp"
#include "../common/target_chains.hpp"

namespace sgmc::bench {

struct Mixture {
  std::string name;
  Eigen::VectorXd weights;
  Eigen::MatrixXd centres;   ///< d x K
  Eigen::VectorXd variances; ///< per component
  Index start_mode = 0;      ///< the (minor) mode every chain starts at
  Index chains = 4;          ///< chains per run

  Index dim() const { return centres.rows(); }
  std::unique_ptr<GaussianMixtureTarget> target() const {
    return std::make_unique<GaussianMixtureTarget>(weights, centres, variances, TargetNoise{});
  }
  /// The mode of x: the component of the largest posterior responsibility.
  Index mode_of(ConstVecRef x) const {
    Index best = 0;
    double best_log = -INFINITY;
    for (Index k = 0; k < weights.size(); ++k) {
      const double l = std::log(weights[k]) - 0.5 * static_cast<double>(dim()) * std::log(variances[k]) -
                       0.5 * (x - centres.col(k)).squaredNorm() / variances[k];
      if (l > best_log) {
        best_log = l;
        best = k;
      }
    }
    return best;
  }
};

// The weights and variances are built as dynamic vectors: converting a
// fixed-size Vector2d made GCC 12 at -march=x86-64-v4 warn of a 512-bit
// load past its end (-Warray-bounds, a false positive that -Werror stops).

/// The example: 0.2 N((-4,-4), I) + 0.8 N((4,4), I), started at (-4,-4).
inline Mixture two_modes_2d() {
  Eigen::MatrixXd centres(2, 2);
  centres << -4, 4, -4, 4;
  return {"mix2_d2", (Eigen::VectorXd(2) << 0.2, 0.8).finished(), centres, (Eigen::VectorXd(2) << 1.0, 1.0).finished(), 0};
}

/// Two modes of weights 0.25 and 0.75 and standard deviations 0.7 and 1,
/// 8 apart along the first axis, in d dimensions; started in the minor one.
inline Mixture two_modes(Index d) {
  Eigen::MatrixXd centres = Eigen::MatrixXd::Zero(d, 2);
  centres(0, 0) = -4;
  centres(0, 1) = 4;
  return {"mix2u_d" + std::to_string(d), (Eigen::VectorXd(2) << 0.25, 0.75).finished(), centres,
          (Eigen::VectorXd(2) << 0.49, 1.0).finished(), 0};
}

/// Issue #32's miss: two modes of weights 0.3 and 0.7 and standard
/// deviations 0.7 and 1, 8 apart along the first axis, in 10 dimensions,
/// one chain per run (no across-chain comparison), started in the minor one.
inline Mixture two_modes_one_chain() {
  Eigen::MatrixXd centres = Eigen::MatrixXd::Zero(10, 2);
  centres(0, 0) = -4;
  centres(0, 1) = 4;
  return {"mix2w_d10", (Eigen::VectorXd(2) << 0.3, 0.7).finished(), centres, (Eigen::VectorXd(2) << 0.49, 1.0).finished(), 0, 1};
}

/// Three modes of weights 0.15, 0.35, 0.5 and standard deviations 0.5, 1,
/// 0.8 at the corners of a triangle of side about 9, in d dimensions;
/// started in the narrow minor mode, which holds the lowest energies for
/// d >= 3.
inline Mixture three_modes(Index d) {
  Eigen::MatrixXd centres = Eigen::MatrixXd::Zero(d, 3);
  centres(0, 0) = -4.5;
  centres(0, 1) = 4.5;
  centres(1, 2) = 7.8;
  return {"mix3_d" + std::to_string(d), (Eigen::VectorXd(3) << 0.15, 0.35, 0.5).finished(), centres,
          (Eigen::VectorXd(3) << 0.25, 1.0, 0.64).finished(), 0};
}

/// The bench's options of `sampler` on these mixtures: 4 chains, every
/// option at its default but the step size 0.02 (0.002 with friction 0.1 for
/// the SGHMC kind: the same eps / friction as SGLD), pCSGLD's and pICSGLD's
/// rms_epsilon 0.1 (a noise-free gradient vanishes at the modes) and
/// reSGLD's temperature_max 10. With step_bias > 0 no step size or
/// friction: the warm-up chooses them for that bias target (issue #31,
/// docs/warm_up.md).
inline Options mixture_options(const std::string& sampler, Index n_steps, Index seed, double step_bias = 0.0) {
  Options o;
  o.set("sampler", sampler);
  o.set("n_steps", std::int64_t{n_steps});
  o.set("n_chains", std::int64_t{4});
  o.set("seed", std::int64_t{seed});
  if (step_bias > 0.0) {
    o.set("step_bias", step_bias);
  } else if (dynamics(sampler_kind(sampler)) == SamplerKind::kSghmc) {
    o.set("step_size", 0.002);
    o.set("friction", 0.1);
  } else {
    o.set("step_size", 0.02);
  }
  if (sampler == "pcsgld" || sampler == "picsgld") o.set("rms_epsilon", 0.1);
  if (sampler == "resgld") o.set("temperature_max", 10.0);
  return o;
}

/// A run's estimate of the mode masses of `target` and of the sds within
/// its modes: for a contour sampler
/// the importance-weighted share of the draws in each mode (running,
/// interpolated weights), pooled over the chains when they share theta and
/// else the mean of the chains' estimates; for other samplers the plain
/// share (reSGLD: of chain 0, the target's replica). With the Kish ESS
/// share of the weights (1 without weights).
struct MassEstimate {
  Eigen::VectorXd masses;
  double kish_share = 1.0;
  /// The masses' Monte Carlo standard errors: batch means, 20 batches per
  /// chain, of the (weighted) ratio estimator, linearised: with W_b a
  /// batch's share of the weight and S_b its weighted count in the mode,
  /// se^2 = B/(B-1) sum_b (S_b - mass W_b)^2. Chains stuck apart make
  /// their batches disagree, so their error shows here too.
  Eigen::VectorXd se;
  /// The largest, over the modes a run visited and the coordinates, |s/sd
  /// - 1| of the weighted sd s of the draws in a mode's basin against that
  /// component's sd (the basins are far enough apart that the cut changes
  /// no sd by 0.1%); and that relative error's standard error, by the same
  /// batches (each batch's s, counted by its share of the mode's weight).
  double sd_error = 0.0;
  double sd_se = 0.0;
};

inline MassEstimate mode_masses(const Mixture& target, const SampleResult& result) {
  constexpr Index kBatches = 20;  // per chain
  const auto chains = target_chains(result.chains);  // reSGLD: replica 0 only
  const auto n_chains = static_cast<double>(chains.size());
  const bool contour = chains.front()->contour() != nullptr;
  const bool shared = contour && chains.front()->contour()->shares_theta();
  const auto weights_of = [&](const Chain& chain) {
    return contour ? chain.contour()->snapshot().log_weights(WeightKind::kInterpolated, WeightTheta::kRunning)
                   : Vec(Vec::Zero(chain.draws().size()));
  };
  // Each draw's weight: normalised over all chains when they share theta,
  // else within its chain and the chains' estimates averaged.
  const Index k_modes = target.weights.size();
  MassEstimate out{Eigen::VectorXd::Zero(k_modes), 0.0, Eigen::VectorXd::Zero(k_modes)};
  std::vector<Vec> w(chains.size());
  if (shared) {
    Index n = 0;
    for (const auto& chain : chains) n += chain->draws().size();
    Vec log_w(n);
    Index at = 0;
    for (const auto& chain : chains) {
      log_w.segment(at, chain->draws().size()) = weights_of(*chain);
      at += chain->draws().size();
    }
    const Vec all = normalised_weights(log_w);
    out.kish_share = kish_ess(all) / static_cast<double>(n);
    at = 0;
    for (std::size_t c = 0; c < chains.size(); ++c) {
      w[c] = all.segment(at, chains[c]->draws().size());
      at += chains[c]->draws().size();
    }
  } else {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      w[c] = normalised_weights(weights_of(*chains[c]));
      out.kish_share += kish_ess(w[c]) / static_cast<double>(w[c].size()) / n_chains;
      w[c] /= n_chains;
    }
  }
  std::vector<double> batch_weight;
  std::vector<Eigen::VectorXd> batch_count;
  std::vector<Eigen::MatrixXd> batch_sum, batch_square;  // d x K: weighted sums of x, x^2 by mode
  for (std::size_t c = 0; c < chains.size(); ++c) {
    // A named Ref: a column taken from the temporary draws() returns would
    // outlive it (AddressSanitizer: stack-use-after-scope).
    const Eigen::Ref<const Eigen::MatrixXd> draws = chains[c]->draws().draws();
    const Index n = draws.cols();
    for (Index b = 0; b < kBatches; ++b) {
      batch_weight.push_back(0.0);
      batch_count.push_back(Eigen::VectorXd::Zero(k_modes));
      batch_sum.push_back(Eigen::MatrixXd::Zero(target.dim(), k_modes));
      batch_square.push_back(Eigen::MatrixXd::Zero(target.dim(), k_modes));
      for (Index i = b * n / kBatches; i < (b + 1) * n / kBatches; ++i) {
        const auto x = draws.col(i);
        const Index mode = target.mode_of(x);
        batch_weight.back() += w[c][i];
        batch_count.back()[mode] += w[c][i];
        batch_sum.back().col(mode) += w[c][i] * x;
        batch_square.back().col(mode) += w[c][i] * x.cwiseAbs2();
      }
      out.masses += batch_count.back();
    }
  }
  const auto batches = static_cast<double>(batch_weight.size());
  for (std::size_t b = 0; b < batch_weight.size(); ++b) {
    out.se += (batch_count[b] - out.masses * batch_weight[b]).array().square().matrix();
  }
  out.se = (out.se * batches / (batches - 1.0)).array().sqrt();
  // Within each visited mode: the weighted sd relative to the component's,
  // overall and batch by batch.
  const auto relative_sd = [&](double count, const Vec& sum, const Vec& square, Index k) {
    const Vec mean = sum / count;
    return Vec((square / count - mean.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt() / std::sqrt(target.variances[k]));
  };
  for (Index k = 0; k < k_modes; ++k) {
    if (out.masses[k] <= 0.0) continue;  // never visited: the mass error says so
    Vec sum = Vec::Zero(target.dim()), square = Vec::Zero(target.dim());
    for (std::size_t b = 0; b < batch_weight.size(); ++b) {
      sum += batch_sum[b].col(k);
      square += batch_square[b].col(k);
    }
    const Vec ratio = relative_sd(out.masses[k], sum, square, k);
    Vec variance = Vec::Zero(target.dim());
    double filled = 0.0;
    for (std::size_t b = 0; b < batch_weight.size(); ++b) {
      const double count = batch_count[b][k];
      if (count <= 0.0) continue;
      const double share = count / out.masses[k];
      variance += (share * (relative_sd(count, batch_sum[b].col(k), batch_square[b].col(k), k) - ratio))
                      .cwiseAbs2();
      filled += 1.0;
    }
    const Vec se = filled > 1.0 ? Vec((variance * filled / (filled - 1.0)).cwiseSqrt())
                                : Vec::Constant(target.dim(), INFINITY);
    for (Index i = 0; i < target.dim(); ++i) {
      const double error = std::abs(ratio[i] - 1.0);
      if (error > out.sd_error) out.sd_error = error;
      out.sd_se = std::max(out.sd_se, se[i]);
    }
  }
  return out;
}

}  // namespace sgmc::bench
