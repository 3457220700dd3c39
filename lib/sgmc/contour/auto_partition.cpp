#include "sgmc/contour/auto_partition.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

/// Subregions across the central 80% of the pilot's energies.
constexpr double kBinsPerSpread = 4.0;
/// How far past the highest energy of a stage the partition reaches, as a
/// multiple of (max E - u1): stage 1 saw one mode and not the barriers
/// around it; stage 2's flattened chains climbed them.
constexpr double kTopReachPlain = 3.0;
constexpr double kTopReachFlattened = 1.25;
/// The fewest subregions the rule makes.
constexpr Index kMinAutoM = 4;
/// The power field's zeta rule never goes below this.
constexpr double kMinAutoZeta = 0.1;
/// SPEC §5: added to every subregion of the pilot histogram.
constexpr double kHistogramFloor = 1e-4;

/// A stage's energies sorted, with their normalised weights and cdf.
struct Sample {
  std::vector<double> energy;  ///< ascending
  std::vector<double> cdf;     ///< cdf[i] = total weight of energy[0..i]
};

/// The second half of every chain's block, sorted by energy and weighted
/// by exp(log w) (normalised; equal weights without log-weights).
Sample second_halves(std::span<const double> energies, std::span<const double> log_weights,
                     Index per_chain) {
  const auto block = static_cast<std::size_t>(per_chain);
  std::vector<std::pair<double, double>> kept;
  for (std::size_t first = 0; first + block <= energies.size(); first += block) {
    for (std::size_t i = first + block / 2; i < first + block; ++i) {
      kept.emplace_back(energies[i], log_weights.empty() ? 0.0 : log_weights[i]);
    }
  }
  std::sort(kept.begin(), kept.end());
  double top = -std::numeric_limits<double>::infinity();
  for (const auto& [u, lw] : kept) top = std::max(top, lw);
  Sample s;
  double total = 0;
  for (const auto& [u, lw] : kept) {
    total += std::exp(lw - top);
    s.energy.push_back(u);
    s.cdf.push_back(total);
  }
  for (double& f : s.cdf) f /= total;
  return s;
}

/// F(u): the weight of the energies <= u.
double cdf(const Sample& s, double u) {
  const auto at = std::upper_bound(s.energy.begin(), s.energy.end(), u) - s.energy.begin();
  return at == 0 ? 0.0 : s.cdf[static_cast<std::size_t>(at - 1)];
}

/// The smallest energy whose cdf reaches p.
double quantile(const Sample& s, double p) {
  const auto at = std::lower_bound(s.cdf.begin(), s.cdf.end(), p) - s.cdf.begin();
  return s.energy[std::min(static_cast<std::size_t>(at), s.energy.size() - 1)];
}

/// The lowest energy u with F(u) >= F(u + du) - F(u).
double lowest_boundary(const Sample& s, double du) {
  for (const double u : s.energy) {
    const double below = cdf(s, u);
    if (below >= cdf(s, u + du) - below) return u;
  }
  return s.energy.back();
}

/// Subregions from u1 towards top at bandwidth du, the range cut at
/// kMaxAutoM - 1 bandwidths: m and du.
std::pair<Index, double> subregions(double u1, double top, double du, const ContourSettings& requested) {
  // One chain thrown far must not widen every subregion to reach it:
  // pICSGLD's stage 2 on sblri-blr saw one energy about 67,000 above u1,
  // its bulk within 30, and the widened du (134, the rule's about 1) left
  // the bulk in two subregions. Energies past the cut fall into the open
  // top subregion, where the weight is flat (SPEC §4).
  const double range = std::min(top - u1, static_cast<double>(kMaxAutoM - 1) * du);
  if (!requested.auto_m) {
    const Index m = requested.partition.m;
    return {m, std::max(du, range / static_cast<double>(m - 1))};
  }
  const double bins = std::ceil(range / du) + 1.0;
  // (Rounding at the cut, or a NaN count from energies beyond the range of
  // a double, which the caller then refuses, takes the cap.)
  if (!(bins <= static_cast<double>(kMaxAutoM))) return {kMaxAutoM, du};
  return {std::max(kMinAutoM, static_cast<Index>(bins)), du};
}

/// The power field's zeta: the fixed point's multiplier 1 + zeta tau
/// d/du log theta within [kAutoMultiplierLo, kAutoMultiplierHi].
double power_zeta(const std::vector<double>& mass, double du, double tau, double well_filled) {
  double steepest = 0;
  for (std::size_t i = 0; i + 1 < mass.size(); ++i) {
    if (mass[i] < well_filled || mass[i + 1] < well_filled) continue;
    steepest = std::max(steepest, std::abs(std::log(mass[i + 1] / mass[i])) / du);
  }
  const double swing = std::min(1.0 - kAutoMultiplierLo, kAutoMultiplierHi - 1.0);
  if (tau * steepest <= 0) return kMaxAutoZeta;
  return std::clamp(swing / (tau * steepest), kMinAutoZeta, kMaxAutoZeta);
}

}  // namespace

PartitionChoice choose_partition(std::span<const double> energies,
                                 std::span<const double> log_weights, Index per_chain,
                                 const ContourSettings& requested, double tau) {
  const Sample sample = second_halves(energies, log_weights, per_chain);
  const double spread = quantile(sample, 0.9) - quantile(sample, 0.1);
  // A stage whose energies hardly vary (a flat target) gets du = 1: the
  // diagnostics then tell whether the run converged.
  double du = spread > 0 ? spread / kBinsPerSpread : 1.0;
  double u1 = lowest_boundary(sample, du);
  const double reach = log_weights.empty() ? kTopReachPlain : kTopReachFlattened;
  const double top = u1 + reach * std::max(sample.energy.back() - u1, du);
  auto [m, wide] = subregions(u1, top, du, requested);
  if (wide != du) {  // a coarser partition: its lump is placed again
    du = wide;
    u1 = lowest_boundary(sample, du);
  }
  require(std::isfinite(u1) && std::isfinite(du) && du > 0, "contour_partition", "\"auto\"",
          ("cannot cut energies from " + show(sample.energy.front()) + " to " +
           show(sample.energy.back()) + " into subregions; set contour_u1 and contour_du")
              .c_str());
  PartitionChoice choice{{m, u1, du}, requested.zeta, {}};
  std::vector<double> mass(static_cast<std::size_t>(m), 0.0);
  double previous = 0;
  for (std::size_t i = 0; i < sample.energy.size(); ++i) {
    mass[static_cast<std::size_t>(choice.partition.index(sample.energy[i]))] += sample.cdf[i] - previous;
    previous = sample.cdf[i];
  }
  if (requested.auto_zeta) {
    // "Well filled": at least 1% of the mass and the share of 10 draws.
    const double well_filled = std::max(0.01, 10.0 / static_cast<double>(sample.energy.size()));
    choice.zeta = requested.field == RandomField::kLinear ? kMaxAutoZeta
                                                          : power_zeta(mass, du, tau, well_filled);
  }
  const double power = requested.field == RandomField::kLinear ? 1.0 / choice.zeta : 1.0;
  choice.theta0.resize(mass.size());
  double sum = 0;
  for (std::size_t i = 0; i < mass.size(); ++i) {
    choice.theta0[i] = std::pow(mass[i] + kHistogramFloor, power);
    sum += choice.theta0[i];
  }
  for (double& t : choice.theta0) t /= sum;
  return choice;
}

void save_choice(ByteWriter& out, Index stage, const PartitionChoice& choice) {
  out.section("CPRT");
  out.i64(stage);
  if (stage == 0) return;
  out.i64(choice.partition.m);
  out.f64(choice.partition.u1);
  out.f64(choice.partition.du);
  out.f64(choice.zeta);
}

Index load_choice(ByteReader& in, PartitionChoice& choice) {
  in.section("CPRT");
  const Index stage = in.index("partition stage", 0, 2);
  if (stage == 0) return 0;
  choice.partition.m = in.index("contour_m", 2, kMaxAutoM);
  choice.partition.u1 = in.f64("contour_u1");
  choice.partition.du = in.f64("contour_du");
  choice.zeta = in.f64("contour_zeta");
  choice.theta0.clear();
  if (!std::isfinite(choice.partition.u1)) in.fail("contour_u1", "is not finite");
  if (!(std::isfinite(choice.partition.du) && choice.partition.du > 0)) {
    in.fail("contour_du", "is not finite and > 0");
  }
  if (!(std::isfinite(choice.zeta) && choice.zeta > 0)) in.fail("contour_zeta", "is not finite and > 0");
  return stage;
}

ContourSettings chosen_settings(const ContourSettings& requested, const PartitionChoice& choice) {
  ContourSettings settings = requested;
  settings.partition = choice.partition;
  settings.zeta = choice.zeta;
  settings.theta0 = choice.theta0;
  settings.auto_partition = false;
  return settings;
}

}  // namespace sgmc
