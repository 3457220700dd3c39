#include "sgmc/diagnostics/contour_convergence.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sgmc/estimators/batch_means.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "sgmc/core/shown.hpp"

namespace sgmc {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
/// visit_tv looks at the subregions holding at least this share of pi.
constexpr double kMassFloor = 1e-3;
/// weighted_ess's blocks of all draws (the header derives the number).
constexpr Index kEssBlocks = 20;

constexpr ContourCheckSpec kChecks[kContourChecks] = {
    {"theta_max", 0.9, true,
     "theta piled onto one subregion (a thin lump at u1, or a collapsed linear field); with a "
     "fixed partition put u1 where the lowest subregion holds about as much mass as its "
     "neighbour (or use contour_partition = \"auto\"), else run longer"},
    {"visit_tv", 0.2, true,
     "the visits of the subregions are far from the fixed point's (flat for the linear field, "
     "theta^(1-zeta) for the power field): theta has not converged; run longer or adapt faster "
     "(sa_scale)"},
    {"multiplier_out", 0.05, true,
     "many moves had a gradient multiplier outside [-2, 4]: a subregion next to an unreachable "
     "or very thin one throws the chains about; check u1 and du"},
    {"theta_drift", 0.1, true,
     "theta's block averages moved over the last half of the run by more than 0.1 in total "
     "variation, and by more than 4 standard errors of their block-to-block spread: theta has "
     "not settled; run longer"},
    {"kish_share", 0.01, false,
     "a handful of draws carry the weighted estimates; lower contour_zeta or run longer"},
    {"weighted_rhat", 1.1, true,
     "the weighted estimates of the halves of the chains disagree (a mode visited in one part "
     "of the run and not in another): run longer, or start chains in different places"},
    {"weighted_ess", 400, false,
     "the weighted estimates move between blocks of the run beyond what 400 independent draws "
     "allow (a mode visited in a few long stays): a mode's mass may be off by more than 0.05, a "
     "mean by more than 0.05 sd; run longer, or start chains in different places",
     true},
};

/// The recorded draws of the last half of one chain: [first, size).
Index last_half(const ContourDraws& chain) { return chain.trace.size() / 2; }

/// theta's estimate of the energy pdf theta_inf: theta itself (power
/// field) or theta^zeta normalised (linear field, whose fixed point is
/// theta_inf^(1/zeta)).
Vec energy_pdf(const Theta& theta) {
  Vec mass = theta.values();
  if (theta.field() == RandomField::kLinear) {
    for (Index i = 0; i < mass.size(); ++i) mass[i] = std::pow(mass[i], theta.zeta());
  }
  return mass / mass.sum();
}

double theta_max(const ContourDraws& chain) { return energy_pdf(chain.theta).maxCoeff(); }

double visit_tv(std::span<const ContourChainRecord> chains) {
  const Theta& theta = chains.front().contour->theta;
  const Index m = theta.partition().m;
  Vec visits = Vec::Zero(m);
  for (const auto& record : chains) {
    const ContourDraws& chain = *record.contour;
    const auto& indices = chain.trace.indices();
    for (Index i = last_half(chain); i < chain.trace.size(); ++i) {
      visits[indices[static_cast<std::size_t>(i)]] += 1;
    }
  }
  const bool linear = theta.field() == RandomField::kLinear;
  const Vec mass = energy_pdf(theta);
  // The fixed point's visit shares, pi / Psi^zeta per subregion:
  // theta^(1 - zeta) (power field) or flat (linear field), over the
  // visited subregions that hold pi-mass (where the SA has something to
  // do: a linear field adapts a subregion at the rate theta(J), so the
  // ones with no mass are left behind without harm).
  Vec expected = Vec::Zero(m);
  Vec seen = Vec::Zero(m);
  for (Index i = 0; i < m; ++i) {
    if (visits[i] == 0 || mass[i] < kMassFloor) continue;
    expected[i] = linear ? 1.0 : std::pow(theta.values()[i], 1.0 - theta.zeta());
    seen[i] = visits[i];
  }
  if (seen.sum() == 0) return kNan;
  return 0.5 * (seen / seen.sum() - expected / expected.sum()).cwiseAbs().sum();
}

double multiplier_out(std::span<const ContourChainRecord> chains) {
  double outside = 0;
  double total = 0;
  for (const auto& record : chains) {
    const auto g = record.contour->trace.multipliers();
    for (Index i = last_half(*record.contour); i < g.size(); ++i) {
      outside += (g[i] < kMultiplierRangeLo || g[i] > kMultiplierRangeHi) ? 1 : 0;
      total += 1;
    }
  }
  return total > 0 ? outside / total : kNan;
}

double theta_drift(const ContourDraws& chain) {
  const Eigen::MatrixXd& blocks = chain.theta_blocks;
  // h blocks a half (the middle one of an odd number left out), at least 2.
  const Index h = blocks.cols() / 2;
  if (h < 2) return kNan;
  // Per subregion: the difference of the two halves' mean block averages,
  // and its standard error from the blocks' pooled spread about their
  // half's mean (2 (h - 1) degrees of freedom): sqrt(s^2 (1/h + 1/h)).
  double moved = 0;
  double noise = 0;
  for (Index i = 0; i < blocks.rows(); ++i) {
    const auto early = blocks.row(i).head(h).array();
    const auto late = blocks.row(i).tail(h).array();
    const double s2 = ((early - early.mean()).square().sum() + (late - late.mean()).square().sum()) /
                      static_cast<double>(2 * (h - 1));
    moved += std::abs(late.mean() - early.mean());
    noise += std::sqrt(s2 * 2.0 / static_cast<double>(h));
  }
  // The distance theta moved, in total variation, when it is beyond 4
  // standard errors (else 0): significance alone would flag the slow,
  // harmless settling of a long run (omega_k ~ k^-0.6 keeps theta
  // converging), whose drift is many errors but a few thousandths.
  return moved > 4.0 * noise ? moved / 2.0 : 0.0;
}

/// The weighted mean of the draws of `chains` (pooled) and its Monte Carlo
/// error by batch means over kEssBlocks blocks of each chain (every chain's
/// blocks units of their own: chains that disagree show it).
WeightedMeanError batch_means(std::span<const ContourChainRecord> chains) {
  std::vector<WeightedDraws> weighted;
  weighted.reserve(chains.size());
  for (const auto& record : chains) {
    weighted.push_back({record.draws->draws(), record.contour->trace.log_weights(WeightKind::kInterpolated)});
  }
  return weighted_batch_means(weighted, kEssBlocks);
}

/// The smallest variance / error^2 over the coordinates (NaN when empty).
double smallest_ess(const WeightedMeanError& estimate) {
  if (estimate.variance.size() == 0) return kNan;
  return weighted_ess(estimate).minCoeff();
}

double kish_share(std::span<const ContourChainRecord> chains) {
  Vec log_w(0);
  for (const auto& record : chains) {
    const auto lw = record.contour->trace.log_weights(WeightKind::kInterpolated);
    log_w.conservativeResize(log_w.size() + lw.size());
    log_w.tail(lw.size()) = lw;
  }
  if (log_w.size() == 0) return kNan;
  return kish_ess(normalised_weights(log_w)) / static_cast<double>(log_w.size());
}

}  // namespace

std::span<const ContourCheckSpec> contour_checks() { return kChecks; }

double weighted_rhat(std::span<const ContourChainRecord> chains) {
  // The weighted mean and variance of every half: column pairs (mean, var).
  std::vector<Vec> means;
  std::vector<Vec> variances;
  for (const auto& record : chains) {
    const Index n = record.draws->size();
    const Vec log_w = record.contour->trace.log_weights(WeightKind::kInterpolated);
    for (const Index first : {Index{0}, n / 2}) {
      const Index length = first == 0 ? n / 2 : n - n / 2;
      if (length < 2) return kNan;
      const auto half = weighted_moments(record.draws->draws().middleCols(first, length),
                                         log_w.segment(first, length));
      means.push_back(half.mean);
      variances.push_back(half.variance);
    }
  }
  const auto halves = static_cast<double>(means.size());
  Vec mean_of_means = Vec::Zero(means.front().size());
  Vec within = Vec::Zero(means.front().size());
  for (std::size_t h = 0; h < means.size(); ++h) {
    mean_of_means += means[h] / halves;
    within += variances[h] / halves;
  }
  Vec between = Vec::Zero(means.front().size());
  for (const Vec& m : means) between += (m - mean_of_means).cwiseAbs2() / (halves - 1);
  double worst = 1.0;
  for (Index j = 0; j < within.size(); ++j) {
    if (within[j] > 0) worst = std::max(worst, std::sqrt((within[j] + between[j]) / within[j]));
  }
  return worst;
}

ContourDiagnostics across_chains(std::span<const ContourChainRecord> chains) {
  ContourDiagnostics across;
  across.fill(kNan);
  across[static_cast<std::size_t>(ContourCheck::kWeightedRhat)] = weighted_rhat(chains);
  // The mean of the chains' estimates: the mean of their variances, over
  // the error of a mean of C independent estimates, sum_c MCSE_c^2 / C^2.
  const auto c = static_cast<double>(chains.size());
  const Index d = chains.front().draws->dim();
  WeightedMeanError mean{Vec::Zero(d), Vec::Zero(d), Vec::Zero(d)};
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const WeightedMeanError one = batch_means(chains.subspan(i, 1));
    if (one.variance.size() == 0) return across;
    mean.variance += one.variance / c;
    mean.error += one.error / (c * c);
  }
  across[static_cast<std::size_t>(ContourCheck::kWeightedEss)] = smallest_ess(mean);
  return across;
}

ContourDiagnostics diagnose_contour(std::span<const ContourChainRecord> chains) {
  const ContourDraws& first = *chains.front().contour;
  if (!first.configured) return {kNan, kNan, kNan, kNan, kNan, kNan, kNan};
  return {theta_max(first),    visit_tv(chains),   multiplier_out(chains), theta_drift(first),
          kish_share(chains),  weighted_rhat(chains), smallest_ess(batch_means(chains))};
}

bool passes(ContourCheck check, double value) {
  const ContourCheckSpec& spec = kChecks[static_cast<std::size_t>(check)];
  return spec.fails_above ? value <= spec.limit : value >= spec.limit;  // false for NaN
}

bool judged(std::size_t check, std::span<const ContourDiagnostics> diagnostics,
            std::span<const std::string> labels, std::size_t row) {
  const auto is_across = [](const std::string& label) { return label.rfind("across", 0) == 0; };
  const bool has_across = std::any_of(labels.begin(), labels.end(), is_across);
  if (kChecks[check].of_run && has_across && !is_across(labels[row])) return false;
  return !(std::isnan(diagnostics[row][check]) && is_across(labels[row]));
}

ContourVerdict contour_verdict(std::span<const ContourDiagnostics> diagnostics,
                               std::span<const std::string> labels) {
  ContourVerdict verdict;
  for (std::size_t t = 0; t < diagnostics.size(); ++t) {
    for (std::size_t c = 0; c < kContourChecks; ++c) {
      const double value = diagnostics[t][c];
      const ContourCheckSpec& spec = kChecks[c];
      if (!judged(c, diagnostics, labels, t) || passes(static_cast<ContourCheck>(c), value)) continue;
      if (!verdict.reasons.empty()) verdict.reasons += "; ";
      verdict.reasons += labels[t] + ": ";
      if (std::isnan(value)) {
        verdict.reasons += std::string(spec.name) +
                           " cannot be computed (no draws after the pilot, or the run stopped early)";
      } else {
        verdict.reasons += std::string(spec.name) + " = " + shown(value) + " (limit " +
                           (spec.fails_above ? "<= " : ">= ") + shown(spec.limit) + "): " +
                           std::string(spec.meaning);
      }
      verdict.converged = false;
    }
  }
  return verdict;
}

RunDiagnostics diagnose_run(std::span<const ContourChainRecord> chains, bool shared) {
  RunDiagnostics run;
  if (shared) {
    run.thetas.push_back(diagnose_contour(chains));
    run.labels.emplace_back("all chains (shared theta)");
  } else {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      run.thetas.push_back(diagnose_contour(chains.subspan(c, 1)));
      run.labels.push_back("chain " + std::to_string(c));
    }
    if (chains.size() > 1) {
      run.thetas.push_back(across_chains(chains));
      run.labels.emplace_back("across chains");
    }
  }
  run.verdict = contour_verdict(run.thetas, run.labels);
  return run;
}

}  // namespace sgmc
