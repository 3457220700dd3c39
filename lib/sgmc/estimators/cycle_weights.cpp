#include "sgmc/estimators/cycle_weights.hpp"

#include <cmath>
#include <limits>
#include <numeric>

#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

/// log sum exp of the finite entries of v; -inf when there are none.
double log_sum_exp(const Vec& v) {
  const double top = v.maxCoeff();
  if (top == kMinusInf) return kMinusInf;
  return top + std::log((v.array() - top).exp().sum());
}

void check_cycle(Index c, Index n_cycles) {
  require(c >= 0 && c < n_cycles, "cycle", c,
          ("must be in [0, n_cycles) with n_cycles = " + show(n_cycles)).c_str());
}

}  // namespace

std::vector<Index> draw_cycles(const DrawStore& draws, const StepSchedule& schedule) {
  std::vector<Index> cycles;
  cycles.reserve(draws.steps().size());
  for (const Index k : draws.steps()) cycles.push_back(schedule.cycle_of(k));
  return cycles;
}

Vec log_likelihoods(const Model& model, const Eigen::Ref<const Eigen::MatrixXd>& draws) {
  require(draws.rows() == model.dim(), "draws", "points of dimension " + show(draws.rows()),
          ("must have the model's dimension " + show(model.dim())).c_str());
  Vec log_lik = Vec::Zero(draws.cols());
  if (model.data_size() == 0) return log_lik;
  std::vector<Index> all(static_cast<std::size_t>(model.data_size()));
  std::iota(all.begin(), all.end(), Index{0});
  Vec batch_grad(model.dim());
  Vec prior_grad(model.dim());
  ModelTerms terms{0.0, 0.0, batch_grad, prior_grad};
  const auto workspace = model.make_workspace();
  for (Index j = 0; j < draws.cols(); ++j) {
    model.evaluate({draws.col(j), all, false, 0, nullptr, workspace.get()}, terms);
    if (!std::isfinite(terms.batch_energy)) {
      throw Error(ErrorKind::kNonFinite, "the model returned a non-finite full-data energy (" +
                                             show(terms.batch_energy) + ") at draw " + show(j));
    }
    log_lik[j] = -terms.batch_energy;
  }
  return log_lik;
}

Vec cycle_log_weights(CycleWeighting weighting, const std::vector<Index>& cycles, Index n_cycles,
                      const Vec& log_lik) {
  require(n_cycles >= 1, "n_cycles", n_cycles, "must be >= 1");
  const bool harmonic = weighting == CycleWeighting::kHarmonic;
  if (harmonic) {
    require(log_lik.size() == static_cast<Index>(cycles.size()), "log_lik",
            "a vector of length " + show(log_lik.size()),
            ("must hold one value per draw, " + show(cycles.size())).c_str());
  }
  // Per cycle: the count of draws and log sum_j exp(-log p(D | x_j)).
  std::vector<Index> counts(static_cast<std::size_t>(n_cycles), 0);
  std::vector<std::vector<double>> minus_log_lik(static_cast<std::size_t>(n_cycles));
  for (std::size_t j = 0; j < cycles.size(); ++j) {
    const Index c = cycles[j];
    check_cycle(c, n_cycles);
    ++counts[static_cast<std::size_t>(c)];
    if (harmonic) minus_log_lik[static_cast<std::size_t>(c)].push_back(-log_lik[static_cast<Index>(j)]);
  }
  Vec log_w = Vec::Constant(n_cycles, kMinusInf);
  for (Index c = 0; c < n_cycles; ++c) {
    const Index n = counts[static_cast<std::size_t>(c)];
    if (n == 0) continue;
    if (!harmonic) {
      log_w[c] = 0.0;
      continue;
    }
    const auto& v = minus_log_lik[static_cast<std::size_t>(c)];
    // cSG-MCMC App. F: log w_c = -logmeanexp_j(-log p(D | x_j^(c))).
    log_w[c] = -(log_sum_exp(Eigen::Map<const Vec>(v.data(), n)) - std::log(static_cast<double>(n)));
  }
  const double total = log_sum_exp(log_w);
  require(total > kMinusInf, "cycles", "no draws", "need at least one draw");
  return (log_w.array() - total).matrix();
}

Vec combined_mean(const Eigen::Ref<const Eigen::MatrixXd>& draws, const std::vector<Index>& cycles,
                  const Vec& log_weights) {
  require(draws.cols() == static_cast<Index>(cycles.size()), "cycles",
          "a list of length " + show(cycles.size()),
          ("must hold one cycle per draw, " + show(draws.cols())).c_str());
  const Index n_cycles = log_weights.size();
  Eigen::MatrixXd sums = Eigen::MatrixXd::Zero(draws.rows(), n_cycles);
  Vec counts = Vec::Zero(n_cycles);
  for (Index j = 0; j < draws.cols(); ++j) {
    const Index c = cycles[static_cast<std::size_t>(j)];
    check_cycle(c, n_cycles);
    sums.col(c) += draws.col(j);
    counts[c] += 1;
  }
  Vec mean = Vec::Zero(draws.rows());
  for (Index c = 0; c < n_cycles; ++c) {
    if (counts[c] > 0) mean += std::exp(log_weights[c]) * sums.col(c) / counts[c];
  }
  return mean;
}

}  // namespace sgmc
