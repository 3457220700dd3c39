#include "sgmc/chain/preconditioner.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

/// Windows of the first half of the warm-up, where the estimate grows.
constexpr Index kGrowthWindows = 10;
/// Weight of the diagonal target in the shrinkage (n Sigma + 5 D) / (n + 5).
constexpr double kShrinkage = 5.0;

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
      scale_(Vec::Ones(dim)),
      factor_(kind == PreconditionKind::kDense ? Eigen::MatrixXd::Identity(dim, dim)
                                               : Eigen::MatrixXd()) {
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
  // Welford for both: mean += (v - mean) / n; M2 += (n - 1)/n (v - mean_old)(v - mean_old)'.
  // Centred gradients: a chain still drifting has a mean gradient, which
  // says nothing about curvature.
  ++count_;
  const double n = static_cast<double>(count_);
  const auto accumulate = [&](ConstVecRef v, Vec& mean, Vec& diag, Eigen::MatrixXd& full) {
    delta_ = v - mean;
    mean += delta_ / n;
    if (dense()) {
      full.selfadjointView<Eigen::Lower>().rankUpdate(delta_, (n - 1.0) / n);
    } else {
      diag.array() += (n - 1.0) / n * delta_.array().square();
    }
  };
  accumulate(x, mean_, m2_diag_, m2_);
  accumulate(g, g_mean_, g2_diag_, g2_);
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
  const bool changed = estimate();
  ++window_;
  count_ = 0;
  mean_.setZero();
  m2_diag_.setZero();
  m2_.setZero();
  g2_diag_.setZero();
  g2_.setZero();
  g_mean_.setZero();
  return changed;
}

bool Preconditioner::estimate() {
  if (count_ < 2) return false;
  const double n = static_cast<double>(count_);
  if (!dense()) {
    const Vec var = m2_diag_ / (n - 1.0);
    const Vec curvature = g2_diag_ / (n - 1.0);
    if (!var.allFinite() || !curvature.allFinite() || var.minCoeff() <= 0.0 ||
        curvature.minCoeff() <= 0.0) {
      return false;
    }
    const Vec shape = var.cwiseQuotient(curvature).cwiseSqrt();  // sqrt(Var x / Var g)
    // c^2 = max_i H_ii / max_i G_ii H_ii (coordinates taken as independent).
    const double c2 = curvature.maxCoeff() / shape.cwiseProduct(curvature).maxCoeff();
    if (!std::isfinite(c2) || !(c2 > 0.0)) return false;
    scale_ = (c2 * shape).cwiseSqrt();
    return true;
  }
  const Eigen::MatrixXd sigma_x = Eigen::MatrixXd(m2_.selfadjointView<Eigen::Lower>()) / (n - 1.0);
  const Eigen::MatrixXd curvature =
      Eigen::MatrixXd(g2_.selfadjointView<Eigen::Lower>()) / (n - 1.0);
  if (!sigma_x.allFinite() || !curvature.allFinite() || sigma_x.diagonal().minCoeff() <= 0.0) {
    return false;
  }
  // Both covariances in the coordinates y the chain moved in, shrunk there
  // towards their diagonals: once y is nearly white the shrinkage no longer
  // biases a strongly correlated posterior towards independence.
  const auto l = factor_.triangularView<Eigen::Lower>();
  const auto shrunk = [n](Eigen::MatrixXd a) {
    const Vec diag = a.diagonal();
    a *= n / (n + kShrinkage);
    a.diagonal() = diag;  // (n A + 5 diag(A)) / (n + 5)
    return a;
  };
  const Eigen::MatrixXd half = l.solve(sigma_x);
  const Eigen::MatrixXd sigma_y = shrunk(l.solve(half.transpose()).transpose());  // L^-1 S L^-T
  const Eigen::MatrixXd curvature_y = shrunk(factor_.transpose() * curvature * factor_);  // L' C L
  // G = the matrix geometric mean of S and C^-1, the one SPD solution of
  // G S^-1 G = C^-1: with R R' = S and K = R' C R = V diag(k) V',
  // G = R V diag(k^-1/2) V' R'.
  const Eigen::LLT<Eigen::MatrixXd> s_llt(sigma_y);
  if (s_llt.info() != Eigen::Success) return false;
  const Eigen::MatrixXd r = s_llt.matrixL();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> k(r.transpose() * curvature_y * r);
  if (k.info() != Eigen::Success || !(k.eigenvalues().minCoeff() > 0.0)) return false;
  const Eigen::MatrixXd rv = r * k.eigenvectors();
  Eigen::MatrixXd g_y = rv * k.eigenvalues().cwiseInverse().cwiseSqrt().asDiagonal() * rv.transpose();
  g_y = (0.5 * (g_y + g_y.transpose())).eval();
  const Eigen::MatrixXd g_x = factor_ * g_y * factor_.transpose();  // back to x
  const Eigen::LLT<Eigen::MatrixXd> g_llt(0.5 * (g_x + g_x.transpose()));
  if (g_llt.info() != Eigen::Success) return false;
  const Eigen::MatrixXd root = g_llt.matrixL();
  const auto largest = [](const Eigen::MatrixXd& a) {
    return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(a, Eigen::EigenvaluesOnly)
        .eigenvalues()
        .maxCoeff();
  };
  const double in_x = largest(curvature);
  const double in_y = largest(root.transpose() * curvature * root);
  if (!(in_x > 0.0) || !(in_y > 0.0) || !std::isfinite(in_x / in_y)) return false;
  factor_ = std::sqrt(in_x / in_y) * root;
  return true;
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
  in.values("preconditioner scales", scale_);
  in.values("preconditioner factor",
            std::span<double>(factor_.data(), static_cast<std::size_t>(factor_.size())));
  const Vec diagonal = dense() ? Vec(factor_.diagonal()) : scale_;
  if (diagonal.size() > 0 && diagonal.minCoeff() <= 0.0) {
    in.fail("preconditioner", "a scale <= 0 (the file is damaged)");
  }
}

}  // namespace sgmc
