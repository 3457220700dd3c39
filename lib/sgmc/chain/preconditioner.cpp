#include "sgmc/chain/preconditioner.hpp"

#include <cmath>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

/// Windows of the first half of the warm-up, where the estimate grows.
constexpr Index kGrowthWindows = 10;

/// Appends the ends of `count` windows of equal length filling (start, end].
void equal_windows(Index start, Index end, Index count, std::vector<Index>& ends) {
  for (Index j = 1; j < count; ++j) ends.push_back(start + j * ((end - start) / count));
  ends.push_back(end);
}

/// The window ends of a warm-up of W iterations. A chain that has not yet
/// crossed a wide direction shows only part of its variance, so each
/// window's estimate is a multiple of the last one there: many short
/// windows compound that growth, where a few doubling ones would not. The
/// first half of W is cut into up to ten windows of at least
/// `shortest` iterations; the second half into a window of a
/// third and one of two thirds of it, which refine the estimate.
std::vector<Index> warm_up_windows(Index warm_up, Index shortest) {
  const Index half = warm_up / 2;
  const Index growth = std::min(kGrowthWindows, half / shortest);
  std::vector<Index> ends;
  if (growth == 0) return {warm_up};
  equal_windows(0, half, growth, ends);
  const Index rest = warm_up - half;
  if (rest >= 3 * shortest) ends.push_back(half + rest / 3);
  ends.push_back(warm_up);
  return ends;
}

}  // namespace

Index shortest_window(PreconditionKind kind, Index dim) {
  return kind == PreconditionKind::kDense ? std::max(kMinPreconditionWindow, 10 * dim)
                                          : kMinPreconditionWindow;
}

Preconditioner::Preconditioner(PreconditionKind kind, Index dim, Index warm_up)
    : kind_(kind),
      ends_(warm_up_windows(warm_up, shortest_window(kind, dim))),
      mean_(Vec::Zero(dim)),
      delta_(Vec::Zero(dim)),
      g_x_(Vec::Zero(dim)),
      m2_diag_(Vec::Zero(kind == PreconditionKind::kDense ? 0 : dim)),
      m2_(Eigen::MatrixXd::Zero(kind == PreconditionKind::kDense ? dim : 0,
                                kind == PreconditionKind::kDense ? dim : 0)),
      g_mean_(Vec::Zero(dim)),
      g2_diag_(Vec::Zero(kind == PreconditionKind::kDense ? 0 : dim)),
      g2_(Eigen::MatrixXd::Zero(kind == PreconditionKind::kDense ? dim : 0,
                                kind == PreconditionKind::kDense ? dim : 0)),
      cross_diag_(Vec::Zero(kind == PreconditionKind::kDense ? 0 : dim)),
      cross_(Eigen::MatrixXd::Zero(kind == PreconditionKind::kDense ? dim : 0,
                                   kind == PreconditionKind::kDense ? dim : 0)),
      g_delta_(Vec::Zero(dim)),
      scale_(Vec::Ones(dim)),
      factor_(kind == PreconditionKind::kDense ? Eigen::MatrixXd::Identity(dim, dim)
                                               : Eigen::MatrixXd()),
      previous_scale_(scale_),
      previous_factor_(factor_) {
  require(kind != PreconditionKind::kNone, "precondition", "\"none\"", "has no preconditioner");
  const Index shortest = shortest_window(kind, dim);
  require(warm_up >= shortest, "precondition_steps", warm_up,
          ("must be >= " + show(shortest) +
           (kind == PreconditionKind::kDense ? " (10 x dim for \"dense\")" : ""))
              .c_str());
}

void Preconditioner::to_x(ConstVecRef y, VecRef x) const {
  if (dense()) {
    x.noalias() = factor_.triangularView<Eigen::Lower>() * y;
  } else {
    x = scale_.cwiseProduct(y);
  }
}

void Preconditioner::to_y(ConstVecRef x, VecRef y) const {
  if (dense()) {
    y = x;
    factor_.triangularView<Eigen::Lower>().solveInPlace(y);
  } else {
    y = x.cwiseQuotient(scale_);
  }
}

void Preconditioner::gradient_to_y(ConstVecRef g_x, VecRef g_y) const {
  if (dense()) {
    g_y.noalias() = factor_.triangularView<Eigen::Lower>().transpose() * g_x;
  } else {
    g_y = scale_.cwiseProduct(g_x);
  }
}

void Preconditioner::add(ConstVecRef x, ConstVecRef g) {
  if (window_ >= static_cast<Index>(ends_.size())) return;
  // Welford for the three sums: mean += (v - mean) / n, and each sum of
  // products gains (n - 1)/n (u - mean_u,old)(v - mean_v,old)'. Centred
  // gradients: a chain still drifting has a mean gradient, which says
  // nothing about curvature.
  ++count_;
  const double n = static_cast<double>(count_);
  const double w = (n - 1.0) / n;
  delta_ = x - mean_;
  g_delta_ = g - g_mean_;
  mean_ += delta_ / n;
  g_mean_ += g_delta_ / n;
  if (dense()) {
    m2_.selfadjointView<Eigen::Lower>().rankUpdate(delta_, w);
    g2_.selfadjointView<Eigen::Lower>().rankUpdate(g_delta_, w);
    cross_.noalias() += w * g_delta_ * delta_.transpose();
  } else {
    m2_diag_.array() += w * delta_.array().square();
    g2_diag_.array() += w * g_delta_.array().square();
    cross_diag_.array() += w * g_delta_.array() * delta_.array();
  }
}

void Preconditioner::add_y_gradient(ConstVecRef x, ConstVecRef g_y) {
  g_x_ = g_y;  // g_x = L^-T g_y
  if (dense()) {
    factor_.triangularView<Eigen::Lower>().transpose().solveInPlace(g_x_);
  } else {
    g_x_.array() /= scale_.array();
  }
  add(x, g_x_);
}

bool Preconditioner::end_window(Index k) {
  if (window_ >= static_cast<Index>(ends_.size())) return false;
  if (k < ends_[static_cast<std::size_t>(window_)]) return false;
  previous_scale_ = scale_;
  previous_factor_ = factor_;
  const bool changed = estimate();
  ++window_;
  count_ = 0;
  mean_.setZero();
  m2_diag_.setZero();
  m2_.setZero();
  g2_diag_.setZero();
  g2_.setZero();
  g_mean_.setZero();
  cross_diag_.setZero();
  cross_.setZero();
  return changed;
}

void Preconditioner::map_gradient_moment(VecRef v) const {
  if (!dense()) {
    v.array() *= (scale_.array() / previous_scale_.array()).square();
    return;
  }
  // A' = L_old^-1 L_new, so A = (L_old^-1 L_new)'.
  const Eigen::MatrixXd a_t = previous_factor_.triangularView<Eigen::Lower>().solve(
      Eigen::MatrixXd(factor_.triangularView<Eigen::Lower>()));
  v = a_t.transpose().cwiseAbs2() * v.eval();
}

void Preconditioner::save(ByteWriter& out) const {
  out.section("PREC");
  out.i64(window_);
  out.i64(count_);
  out.values(mean_);
  out.values(m2_diag_);
  out.values(std::span<const double>(m2_.data(), static_cast<std::size_t>(m2_.size())));
  out.values(g_mean_);
  out.values(g2_diag_);
  out.values(std::span<const double>(g2_.data(), static_cast<std::size_t>(g2_.size())));
  out.values(cross_diag_);
  out.values(std::span<const double>(cross_.data(), static_cast<std::size_t>(cross_.size())));
  out.values(scale_);
  out.values(std::span<const double>(factor_.data(), static_cast<std::size_t>(factor_.size())));
}

void Preconditioner::load(ByteReader& in) {
  in.section("PREC");
  window_ = in.index("preconditioner windows done", 0, static_cast<Index>(ends_.size()));
  count_ = in.index("preconditioner window positions", 0, ends_.back());
  in.values("preconditioner window mean", mean_);
  in.values("preconditioner window squares", m2_diag_);
  in.values("preconditioner window outer products",
            std::span<double>(m2_.data(), static_cast<std::size_t>(m2_.size())));
  in.values("preconditioner window gradient mean", g_mean_);
  in.values("preconditioner window gradient squares", g2_diag_);
  in.values("preconditioner window gradient products",
            std::span<double>(g2_.data(), static_cast<std::size_t>(g2_.size())));
  in.values("preconditioner window gradient-position products", cross_diag_);
  in.values("preconditioner window gradient-position matrix",
            std::span<double>(cross_.data(), static_cast<std::size_t>(cross_.size())));
  in.values("preconditioner scales", scale_);
  in.values("preconditioner factor",
            std::span<double>(factor_.data(), static_cast<std::size_t>(factor_.size())));
  const Vec diagonal = dense() ? Vec(factor_.diagonal()) : scale_;
  if (diagonal.size() > 0 && diagonal.minCoeff() <= 0.0) {
    in.fail("preconditioner", "a scale <= 0 (the file is damaged)");
  }
}

}  // namespace sgmc
