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

}  // namespace

// A chain that has not yet crossed a wide direction shows only part of its
// variance, so each window's estimate is a multiple of the last one there:
// many short windows compound that growth, where a few doubling ones would
// not. The first half of the warm-up is cut into up to ten windows of at
// least `shortest` iterations; the second half into a window of a third and
// one of two thirds of it, which refine the estimate.
std::vector<Index> warm_up_windows(Index start, Index end, Index shortest) {
  const Index half = (end - start) / 2;
  const Index growth = std::min(kGrowthWindows, half / shortest);
  std::vector<Index> ends;
  if (growth == 0) return {end};
  equal_windows(start, start + half, growth, ends);
  const Index rest = end - start - half;
  if (rest >= 3 * shortest) ends.push_back(start + half + rest / 3);
  ends.push_back(end);
  return ends;
}

Index shortest_window(PreconditionKind kind, Index dim) {
  return kind == PreconditionKind::kDense ? std::max(kMinPreconditionWindow, 10 * dim)
                                          : kMinPreconditionWindow;
}

Preconditioner::Preconditioner(PreconditionKind kind, Index dim, Index warm_up)
    : kind_(kind),
      warm_up_(warm_up),
      ends_(warm_up_windows(0, warm_up, shortest_window(kind, dim))),
      moments_(dim, kind == PreconditionKind::kDense),
      g_x_(Vec::Zero(dim)),
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
  if (window_ < static_cast<Index>(ends_.size())) moments_.add(x, g);
}

void Preconditioner::defer_windows() { ends_.clear(); }

void Preconditioner::start_windows(Index first) {
  // Windows once laid stay (replica exchange swaps preconditioners between
  // chains whose searches ended at different iterations); a search that
  // took the whole warm-up leaves none.
  if (!ends_.empty() || first >= warm_up_) return;
  ends_ = warm_up_windows(first, warm_up_, shortest_window(kind_, g_x_.size()));
}

void Preconditioner::metric_to_y(Eigen::MatrixXd& m) const {
  if (dense()) {
    const auto l = factor_.triangularView<Eigen::Lower>();
    m = (l.transpose() * m).eval();
    m = (m * l).eval();
  } else if (m.cols() == 1) {
    m.col(0).array() *= scale_.array().square();
  } else {
    m = scale_.asDiagonal() * m * scale_.asDiagonal();
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
  moments_.reset();
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
  moments_.save(out);
  out.values(scale_);
  out.values(std::span<const double>(factor_.data(), static_cast<std::size_t>(factor_.size())));
}

void Preconditioner::load(ByteReader& in) {
  in.section("PREC");
  window_ = in.index("preconditioner windows done", 0, static_cast<Index>(ends_.size()));
  moments_.load(in, warm_up_);
  in.values("preconditioner scales", scale_);
  in.values("preconditioner factor",
            std::span<double>(factor_.data(), static_cast<std::size_t>(factor_.size())));
  const Vec diagonal = dense() ? Vec(factor_.diagonal()) : scale_;
  if (diagonal.size() > 0 && diagonal.minCoeff() <= 0.0) {
    in.fail("preconditioner", "a scale <= 0 (the file is damaged)");
  }
}

}  // namespace sgmc
