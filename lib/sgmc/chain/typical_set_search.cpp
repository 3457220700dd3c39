#include "sgmc/chain/typical_set_search.hpp"

#include <algorithm>
#include <cmath>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {
namespace {

/// The first move's length relative to max(1, |x0|): small enough to stay
/// where the energy is finite, large enough to measure a curvature.
constexpr double kFirstMove = 1e-3;

double weighted_dot(ConstVecRef a, ConstVecRef b, ConstVecRef metric) {
  if (metric.size() == 0) return a.dot(b);
  return (a.array() * b.array() * metric.array()).sum();
}

}  // namespace

TypicalSetSearch::TypicalSetSearch(Index dim, Index max_steps, double temperature)
    : max_steps_(max_steps),
      negligible_(0.1 * (temperature > 0.0 ? temperature : 1.0) *
                  std::sqrt(0.5 * static_cast<double>(dim))),
      x_prev_(Vec::Zero(dim)),
      g_prev_(Vec::Zero(dim)),
      dx_(Vec::Zero(dim)),
      dg_(Vec::Zero(dim)) {}

double TypicalSetSearch::step(ConstVecRef x, ConstVecRef g, ConstVecRef metric, double u) {
  if (!started_) {
    // The first move, eps |G g|, is kFirstMove max(1, |x0|) long.
    const double move = metric.size() > 0 ? (metric.array() * g.array()).matrix().norm() : g.norm();
    eps_ = move > 0.0 ? kFirstMove * std::max(1.0, x.norm()) / move : kFirstMove;
    started_ = true;
  } else {
    dx_ = x - x_prev_;
    dg_ = g - g_prev_;
    const double along = dx_.dot(dg_);
    const double curved = weighted_dot(dg_, dg_, metric);
    // A negative <dx, dg> (a concave stretch, or noise): grow the step; no
    // move at all (a stationary point) says nothing.
    const double bb = along > 0.0 && curved > 0.0 ? along / curved
                      : dx_.squaredNorm() > 0.0  ? 1.5 * eps_
                                                 : eps_;
    eps_ = std::min(bb, 2.0 * eps_);
    smallest_ = smallest_ > 0.0 ? std::min(smallest_, eps_) : eps_;
  }
  x_prev_ = x;
  g_prev_ = g;
  // Welford over the block's energies.
  ++block_count_;
  const double delta = u - block_mean_;
  block_mean_ += delta / static_cast<double>(block_count_);
  block_m2_ += delta * (u - block_mean_);
  return eps_;
}

bool TypicalSetSearch::end_iteration() {
  ++steps_;
  if (block_count_ == kBlock) {
    const double mean = block_mean_;
    const double var = block_m2_ / static_cast<double>(kBlock - 1);
    if (blocks_ > 0) {
      const double se = std::sqrt((var + last_var_) / static_cast<double>(kBlock));
      converged_ = last_mean_ - mean <= std::max(2.0 * se, negligible_);
    }
    ++blocks_;
    last_mean_ = mean;
    last_var_ = var;
    block_count_ = 0;
    block_mean_ = 0.0;
    block_m2_ = 0.0;
  }
  done_ = converged_ || steps_ >= max_steps_;
  return done_;
}

void TypicalSetSearch::save(ByteWriter& out) const {
  out.section("TYPS");
  out.i64(steps_);
  out.flag(done_);
  out.flag(converged_);
  out.flag(started_);
  out.values(x_prev_);
  out.values(g_prev_);
  out.f64(eps_);
  out.f64(smallest_);
  out.i64(block_count_);
  out.f64(block_mean_);
  out.f64(block_m2_);
  out.i64(blocks_);
  out.f64(last_mean_);
  out.f64(last_var_);
}

void TypicalSetSearch::load(ByteReader& in) {
  in.section("TYPS");
  steps_ = in.index("typical-set steps", 0, max_steps_);
  done_ = in.flag("typical-set search done");
  converged_ = in.flag("typical-set search converged");
  started_ = in.flag("typical-set search started");
  in.values("typical-set previous point", x_prev_);
  in.values("typical-set previous gradient", g_prev_);
  eps_ = in.f64("typical-set step");
  smallest_ = in.f64("typical-set smallest step");
  block_count_ = in.index("typical-set block count", 0, kBlock);
  block_mean_ = in.f64("typical-set block mean");
  block_m2_ = in.f64("typical-set block sum of squares");
  blocks_ = in.index("typical-set blocks", 0, max_steps_);
  last_mean_ = in.f64("typical-set last block mean");
  last_var_ = in.f64("typical-set last block variance");
}

}  // namespace sgmc
