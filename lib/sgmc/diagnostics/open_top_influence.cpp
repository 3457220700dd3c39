#include "sgmc/diagnostics/open_top_influence.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sgmc {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Weighted first and second moments of the draws, all of them and those
/// outside X_m, accumulated in two passes (means first: no cancellation).
struct Sums {
  double weight_all = 0, weight_rest = 0;
  Vec mean_all, mean_rest, var_all, var_rest;
  explicit Sums(Index d)
      : mean_all(Vec::Zero(d)), mean_rest(Vec::Zero(d)), var_all(Vec::Zero(d)), var_rest(Vec::Zero(d)) {}
};

/// Calls visit(x, w, in_top) for every draw of `chains`, w its weight
/// relative to the largest.
template <class Visit>
void for_each_draw(std::span<const ContourChainRecord> chains, double top_log_weight, Visit visit) {
  for (const auto& record : chains) {
    const Index top = record.contour->theta.partition().m - 1;
    const auto& indices = record.contour->trace.indices();
    const auto log_w = record.contour->trace.log_weights(WeightKind::kInterpolated);
    const auto& x = record.draws->draws();
    for (Index i = 0; i < log_w.size(); ++i) {
      visit(x.col(i), std::exp(log_w[i] - top_log_weight), indices[static_cast<std::size_t>(i)] == top);
    }
  }
}

}  // namespace

double open_top_influence(std::span<const ContourChainRecord> chains) {
  if (!chains.front().contour->configured) return std::nan("");
  double top_log_weight = -kInf;
  for (const auto& record : chains) {
    const auto log_w = record.contour->trace.log_weights(WeightKind::kInterpolated);
    if (log_w.size() > 0) top_log_weight = std::max(top_log_weight, log_w.maxCoeff());
  }
  if (top_log_weight == -kInf) return std::nan("");

  Sums s(chains.front().draws->dim());
  bool any_top = false;
  for_each_draw(chains, top_log_weight, [&](const auto& x, double w, bool in_top) {
    s.weight_all += w;
    s.mean_all += w * x;
    if (in_top) {
      any_top = true;
    } else {
      s.weight_rest += w;
      s.mean_rest += w * x;
    }
  });
  if (!any_top) return 0.0;
  if (s.weight_rest == 0) return kInf;
  s.mean_all /= s.weight_all;
  s.mean_rest /= s.weight_rest;
  for_each_draw(chains, top_log_weight, [&](const auto& x, double w, bool in_top) {
    s.var_all += w * (x - s.mean_all).cwiseAbs2();
    if (!in_top) s.var_rest += w * (x - s.mean_rest).cwiseAbs2();
  });

  double worst = 0;
  for (Index j = 0; j < s.mean_all.size(); ++j) {
    const double sd_all = std::sqrt(s.var_all[j] / s.weight_all);
    const double sd_rest = std::sqrt(s.var_rest[j] / s.weight_rest);
    const double shift = std::abs(s.mean_all[j] - s.mean_rest[j]);
    if (sd_rest == 0) {
      if (shift > 0 || sd_all > 0) return kInf;
      continue;
    }
    const double shifted = shift / sd_rest;
    const double spread = std::abs(sd_all / sd_rest - 1);
    if (std::isnan(shifted) || std::isnan(spread)) return std::nan("");  // sums past a double's range
    worst = std::max({worst, shifted, spread});
  }
  return worst;
}

}  // namespace sgmc
