// SPEC §9 experiment 6 (MHBT §3.1, Fig. 2a): x_i ~ N(theta*, I_d), theta* = 2·1,
// N = 1e5, prior N(0, I_d), batch 1000, c_n = 20. Many independent chains
// from theta = 0; at each checkpoint iteration, the total-variation distance
// between the chains' states and the tempered posterior
// N(N/(N+1) xbar, T/(N+1) I_d), T = N/c_n, on a d-dimensional histogram, for
// MHBT and for full-batch random-walk MH on the tempered posterior with the
// same step delta (tuned so that MHBT accepts about 30%). The TV of as many
// exact draws is the floor set by the finite sample.
// Output (stdout, CSV): d,method,iteration,tv,acceptance,delta
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include "models.hpp"
#include "tune.hpp"

namespace sgmc::bench {
namespace {

constexpr Index kData = 100000;
constexpr Index kBatch = 1000;
constexpr double kCn = 20.0;
constexpr Index kChains = 2000;
constexpr Index kSteps = 300;

/// TV distance between the empirical law of `points` (columns) and
/// N(mean, sd^2 I) on the histogram of `bins` cells per coordinate over
/// mean ± 4 sd, plus one cell for everything outside.
double tv_to_gaussian(const Eigen::MatrixXd& points, const Vec& mean, double sd, int bins) {
  const Index d = mean.size();
  const double width = 8.0 * sd / bins;
  std::map<Index, double> counts;
  for (Index j = 0; j < points.cols(); ++j) {
    Index cell = 0;
    for (Index i = 0; i < d && cell >= 0; ++i) {
      const auto b = static_cast<Index>(std::floor((points(i, j) - mean[i] + 4.0 * sd) / width));
      cell = b < 0 || b >= bins ? -1 : cell * bins + b;
    }
    counts[cell] += 1.0 / static_cast<double>(points.cols());
  }
  std::vector<double> bin_mass(static_cast<std::size_t>(bins));
  auto phi = [](double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); };
  for (int b = 0; b < bins; ++b) bin_mass[b] = phi(-4.0 + (b + 1) * 8.0 / bins) - phi(-4.0 + b * 8.0 / bins);
  double inside = 0.0, tv = 0.0;
  const auto n_cells = static_cast<Index>(std::pow(bins, d));
  for (Index cell = 0; cell < n_cells; ++cell) {
    double p = 1.0;
    for (Index rest = cell, i = 0; i < d; ++i, rest /= bins) p *= bin_mass[rest % bins];
    inside += p;
    const auto it = counts.find(cell);
    tv += std::abs((it == counts.end() ? 0.0 : it->second) - p);
  }
  const auto out = counts.find(-1);
  tv += std::abs((out == counts.end() ? 0.0 : out->second) - (1.0 - inside));
  return 0.5 * tv;
}

void run(Index d, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd data(d, kData);
  for (Index j = 0; j < kData; ++j) {
    for (Index i = 0; i < d; ++i) data(i, j) = 2.0 + normal(rng);
  }
  const Vec mean = data.rowwise().mean() * (kData / (kData + 1.0));
  const double temperature = kData / kCn;
  const double sd = std::sqrt(temperature / (kData + 1.0));
  const int bins = d == 2 ? 12 : 4;
  const GaussianDataModel model(std::move(data), 1.0, 1.0);
  // Full batch on the tempered posterior: one datum y = mean, U_1 = |x - mean|^2 / (2 sd^2).
  const GaussianDataModel tempered(mean, 1.0 / (sd * sd), 0.0);

  const double delta =
      tune_delta(model, random_walk_mhbt(kBatch, kCn, 0.1), mean, 0.3, 8, 1000);
  const Vec x0 = Vec::Zero(d);
  const RunConfig config{kChains, 0, kSteps, 2024};
  struct Method {
    const char* name;
    const Model* model;
    SamplerConfig sampler;
  };
  for (const Method& m : {Method{"mhbt", &model, random_walk_mhbt(kBatch, kCn, delta)},
                          Method{"full_batch", &tempered, random_walk_mhbt(0, 1.0, delta)}}) {
    const auto result = sample(*m.model, m.sampler, {kSteps, 0, 1}, config, x0, nullptr);
    result.outcome.throw_if_fault();
    const double accept = acceptance(result.chains);
    Eigen::MatrixXd states(d, kChains);
    for (Index t = 1; t <= kSteps; t = t < 20 ? t + 1 : t + 10) {
      for (Index c = 0; c < kChains; ++c) states.col(c) = result.chains[c]->draws().draws().col(t - 1);
      std::printf("%lld,%s,%lld,%.6f,%.4f,%.5f\n", static_cast<long long>(d), m.name,
                  static_cast<long long>(t), tv_to_gaussian(states, mean, sd, bins), accept, delta);
    }
  }
  Eigen::MatrixXd exact(d, kChains);
  for (Index c = 0; c < kChains; ++c) {
    for (Index i = 0; i < d; ++i) exact(i, c) = mean[i] + sd * normal(rng);
  }
  std::printf("%lld,exact_draws,0,%.6f,1,0\n", static_cast<long long>(d),
              tv_to_gaussian(exact, mean, sd, bins));
}

}  // namespace
}  // namespace sgmc::bench

int main() {
  std::mt19937_64 rng(6);
  std::printf("d,method,iteration,tv,acceptance,delta\n");
  for (const sgmc::Index d : {2, 5}) sgmc::bench::run(d, rng);
}
