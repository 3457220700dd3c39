#include "sgmc/diagnostics/contour_convergence.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "sgmc/estimators/weighted.hpp"

namespace sgmc {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

constexpr ContourCheckSpec kChecks[kContourChecks] = {
    {"theta_max", 0.5, true,
     "theta piled onto one subregion (a lump at u1, or a collapsed linear field); use "
     "contour_partition = \"auto\", or a u1 whose lowest subregion holds about as much mass as "
     "its neighbours"},
    {"visit_tv", 0.2, true,
     "the visits of the subregions are far from the fixed point's (flat for the linear field, "
     "theta^(1-zeta) for the power field): theta has not converged; run longer or adapt faster "
     "(sa_scale)"},
    {"multiplier_out", 0.05, true,
     "many moves had a gradient multiplier outside [-2, 4]: a subregion next to an unreachable "
     "or very thin one throws the chains about; check u1 and du"},
    {"theta_drift", 0.1, true,
     "theta still moved over the last quarter of the run: run longer"},
    {"kish_share", 0.01, false,
     "a handful of draws carry the weighted estimates; lower contour_zeta or run longer"},
};

/// The recorded draws of the last half of one chain: [first, size).
Index last_half(const ContourDraws& chain) { return chain.trace.size() / 2; }

double theta_max(const ContourDraws& chain) { return chain.theta.values().maxCoeff(); }

double visit_tv(std::span<const ContourDraws* const> chains) {
  const Theta& theta = chains.front()->theta;
  const Index m = theta.partition().m;
  Vec visits = Vec::Zero(m);
  for (const ContourDraws* chain : chains) {
    const auto& indices = chain->trace.indices();
    for (Index i = last_half(*chain); i < chain->trace.size(); ++i) {
      visits[indices[static_cast<std::size_t>(i)]] += 1;
    }
  }
  const double total = visits.sum();
  if (total == 0) return kNan;
  // The fixed point's visit shares, pi / Psi^zeta per subregion:
  // theta^(1 - zeta) (power field) or flat (linear field).
  const double power = theta.field() == RandomField::kLinear ? 0.0 : 1.0 - theta.zeta();
  Vec expected = Vec::Zero(m);
  for (Index i = 0; i < m; ++i) {
    if (visits[i] > 0) expected[i] = std::pow(theta.values()[i], power);
  }
  return 0.5 * (visits / total - expected / expected.sum()).cwiseAbs().sum();
}

double multiplier_out(std::span<const ContourDraws* const> chains) {
  double outside = 0;
  double total = 0;
  for (const ContourDraws* chain : chains) {
    const auto g = chain->trace.multipliers();
    for (Index i = last_half(*chain); i < g.size(); ++i) {
      outside += (g[i] < kMultiplierRangeLo || g[i] > kMultiplierRangeHi) ? 1 : 0;
      total += 1;
    }
  }
  return total > 0 ? outside / total : kNan;
}

double theta_drift(const ContourDraws& chain) {
  if (chain.theta_late.size() != chain.theta.values().size()) return kNan;
  return 0.5 * (chain.theta.values() - chain.theta_late).cwiseAbs().sum();
}

double kish_share(std::span<const ContourDraws* const> chains) {
  Vec log_w(0);
  for (const ContourDraws* chain : chains) {
    const auto lw = chain->trace.log_weights(WeightKind::kInterpolated);
    log_w.conservativeResize(log_w.size() + lw.size());
    log_w.tail(lw.size()) = lw;
  }
  if (log_w.size() == 0) return kNan;
  return kish_ess(normalised_weights(log_w)) / static_cast<double>(log_w.size());
}

std::string shown(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

}  // namespace

std::span<const ContourCheckSpec> contour_checks() { return kChecks; }

ContourDiagnostics diagnose_contour(std::span<const ContourDraws* const> chains) {
  const ContourDraws& first = *chains.front();
  if (!first.configured) return {kNan, kNan, kNan, kNan, kNan};
  return {theta_max(first), visit_tv(chains), multiplier_out(chains), theta_drift(first),
          kish_share(chains)};
}

bool passes(ContourCheck check, double value) {
  const ContourCheckSpec& spec = kChecks[static_cast<std::size_t>(check)];
  return spec.fails_above ? value <= spec.limit : value >= spec.limit;  // false for NaN
}

ContourVerdict contour_verdict(std::span<const ContourDiagnostics> diagnostics,
                               std::span<const std::string> labels) {
  ContourVerdict verdict;
  for (std::size_t t = 0; t < diagnostics.size(); ++t) {
    for (std::size_t c = 0; c < kContourChecks; ++c) {
      const double value = diagnostics[t][c];
      if (passes(static_cast<ContourCheck>(c), value)) continue;
      const ContourCheckSpec& spec = kChecks[c];
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

RunDiagnostics diagnose_run(std::span<const ContourDraws* const> chains, bool shared) {
  RunDiagnostics run;
  if (shared) {
    run.thetas.push_back(diagnose_contour(chains));
    run.labels.emplace_back("all chains (shared theta)");
  } else {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      run.thetas.push_back(diagnose_contour(chains.subspan(c, 1)));
      run.labels.push_back("chain " + std::to_string(c));
    }
  }
  run.verdict = contour_verdict(run.thetas, run.labels);
  return run;
}

}  // namespace sgmc
