#include "sgmc/contour/auto_partition.hpp"

#include <algorithm>
#include <cmath>

namespace sgmc {
namespace {

/// Subregions across the central 80% of the pilot's energies.
constexpr double kBinsPerSpread = 4.0;
/// How far past the highest pilot energy the partition reaches, as a
/// multiple of (max E - u1).
constexpr double kTopReach = 2.0;
/// The fewest subregions the rule makes.
constexpr Index kMinAutoM = 4;
/// zeta of the papers' toy experiments, the rule's upper limit.
constexpr double kDefaultZeta = 0.75;
/// The power field's zeta rule never goes below this.
constexpr double kMinAutoZeta = 0.1;
/// SPEC §5: added to every subregion of the pilot histogram.
constexpr double kHistogramFloor = 1e-4;

/// Empirical quantile of sorted values (the lower order statistic).
double quantile(const std::vector<double>& sorted, double p) {
  const auto i = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1));
  return sorted[i];
}

/// The lowest sorted energy u with F(u) >= F(u + du) - F(u).
double lowest_boundary(const std::vector<double>& sorted, double du) {
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const double u = sorted[i];
    const auto below = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), u) - sorted.begin());
    const auto next = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), u + du) - sorted.begin());
    if (below >= next - below) return u;
  }
  return sorted.back();
}

/// Subregions from u1 to top at bandwidth du: m and du.
std::pair<Index, double> subregions(double u1, double top, double du, const ContourSettings& requested) {
  if (!requested.auto_m) {
    const Index m = requested.partition.m;
    return {m, std::max(du, (top - u1) / static_cast<double>(m - 1))};
  }
  const double bins = std::ceil((top - u1) / du) + 1.0;
  if (bins > static_cast<double>(kMaxAutoM)) return {kMaxAutoM, (top - u1) / static_cast<double>(kMaxAutoM - 1)};
  return {std::max(kMinAutoM, static_cast<Index>(bins)), du};
}

/// The power field's zeta: the fixed point's multiplier 1 + zeta tau
/// d/du log theta within [kAutoMultiplierLo, kAutoMultiplierHi].
double power_zeta(const std::vector<Index>& counts, Index n, double du, double tau) {
  const Index well_filled = std::max<Index>(10, n / 100);
  double steepest = 0;
  for (std::size_t i = 0; i + 1 < counts.size(); ++i) {
    if (counts[i] < well_filled || counts[i + 1] < well_filled) continue;
    const double slope = std::abs(std::log(static_cast<double>(counts[i + 1]) /
                                           static_cast<double>(counts[i]))) / du;
    steepest = std::max(steepest, slope);
  }
  const double swing = std::min(1.0 - kAutoMultiplierLo, kAutoMultiplierHi - 1.0);
  if (tau * steepest <= 0) return kDefaultZeta;
  return std::clamp(swing / (tau * steepest), kMinAutoZeta, kDefaultZeta);
}

}  // namespace

PartitionChoice choose_partition(std::span<const double> energies, Index per_chain,
                                 const ContourSettings& requested, double tau) {
  // The second half of every chain's pilot: the first is its burn-in from x0.
  std::vector<double> sorted;
  const auto block = static_cast<std::size_t>(per_chain);
  const std::size_t skip = block / 2;
  for (std::size_t first = 0; first + block <= energies.size(); first += block) {
    sorted.insert(sorted.end(), energies.begin() + static_cast<std::ptrdiff_t>(first + skip),
                  energies.begin() + static_cast<std::ptrdiff_t>(first + block));
  }
  std::sort(sorted.begin(), sorted.end());
  const double spread = quantile(sorted, 0.9) - quantile(sorted, 0.1);
  // A pilot whose energies hardly vary (a flat target) gets du = 1: the
  // diagnostics then tell whether the run converged.
  double du = spread > 0 ? spread / kBinsPerSpread : 1.0;
  double u1 = lowest_boundary(sorted, du);
  const double reach = std::max(sorted.back() - u1, du);
  const double top = u1 + kTopReach * reach;
  auto [m, wide] = subregions(u1, top, du, requested);
  if (wide != du) {  // a coarser partition: its lump is placed again
    du = wide;
    u1 = lowest_boundary(sorted, du);
  }
  PartitionChoice choice{{m, u1, du}, requested.zeta, {}};
  std::vector<Index> counts(static_cast<std::size_t>(m), 0);
  for (const double u : sorted) ++counts[static_cast<std::size_t>(choice.partition.index(u))];
  const auto n = static_cast<Index>(sorted.size());
  if (requested.auto_zeta) {
    choice.zeta = requested.field == RandomField::kLinear ? kDefaultZeta
                                                          : power_zeta(counts, n, du, tau);
  }
  const double power = requested.field == RandomField::kLinear ? 1.0 / choice.zeta : 1.0;
  choice.theta0.resize(counts.size());
  double sum = 0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    choice.theta0[i] = std::pow(static_cast<double>(counts[i]) / static_cast<double>(n) + kHistogramFloor, power);
    sum += choice.theta0[i];
  }
  for (double& t : choice.theta0) t /= sum;
  return choice;
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
