#include "sgmc/chain/window_moments.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {
namespace {

Eigen::MatrixXd square(Index dim, bool dense) {
  return Eigen::MatrixXd::Zero(dense ? dim : 0, dense ? dim : 0);
}

std::span<const double> all(const Eigen::MatrixXd& m) {
  return {m.data(), static_cast<std::size_t>(m.size())};
}
std::span<double> all(Eigen::MatrixXd& m) { return {m.data(), static_cast<std::size_t>(m.size())}; }

}  // namespace

WindowMoments::WindowMoments(Index dim, bool dense)
    : dense_(dense),
      mean_(Vec::Zero(dim)),
      delta_(Vec::Zero(dim)),
      m2_diag_(Vec::Zero(dense ? 0 : dim)),
      m2_(square(dim, dense)),
      g_mean_(Vec::Zero(dim)),
      g2_diag_(Vec::Zero(dense ? 0 : dim)),
      g2_(square(dim, dense)),
      cross_diag_(Vec::Zero(dense ? 0 : dim)),
      cross_(square(dim, dense)),
      g_delta_(Vec::Zero(dim)) {}

void WindowMoments::add(ConstVecRef x, ConstVecRef g) {
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
  if (dense_) {
    m2_.selfadjointView<Eigen::Lower>().rankUpdate(delta_, w);
    g2_.selfadjointView<Eigen::Lower>().rankUpdate(g_delta_, w);
    cross_.noalias() += w * g_delta_ * delta_.transpose();
  } else {
    m2_diag_.array() += w * delta_.array().square();
    g2_diag_.array() += w * g_delta_.array().square();
    cross_diag_.array() += w * g_delta_.array() * delta_.array();
  }
}

void WindowMoments::reset() {
  count_ = 0;
  mean_.setZero();
  m2_diag_.setZero();
  m2_.setZero();
  g2_diag_.setZero();
  g2_.setZero();
  g_mean_.setZero();
  cross_diag_.setZero();
  cross_.setZero();
}

Eigen::MatrixXd WindowMoments::position_covariance() const {
  const double n1 = static_cast<double>(count_ - 1);
  if (!dense_) return m2_diag_ / n1;
  return Eigen::MatrixXd(m2_.selfadjointView<Eigen::Lower>()) / n1;
}

Eigen::MatrixXd WindowMoments::gradient_covariance() const {
  const double n1 = static_cast<double>(count_ - 1);
  if (!dense_) return g2_diag_ / n1;
  return Eigen::MatrixXd(g2_.selfadjointView<Eigen::Lower>()) / n1;
}

Eigen::MatrixXd WindowMoments::cross_covariance() const {
  const double n1 = static_cast<double>(count_ - 1);
  return dense_ ? Eigen::MatrixXd(cross_ / n1) : Eigen::MatrixXd(cross_diag_ / n1);
}

void WindowMoments::save(ByteWriter& out) const {
  out.i64(count_);
  out.values(mean_);
  out.values(m2_diag_);
  out.values(all(m2_));
  out.values(g_mean_);
  out.values(g2_diag_);
  out.values(all(g2_));
  out.values(cross_diag_);
  out.values(all(cross_));
}

void WindowMoments::load(ByteReader& in, Index max_count) {
  count_ = in.index("preconditioner window positions", 0, max_count);
  in.values("preconditioner window mean", mean_);
  in.values("preconditioner window squares", m2_diag_);
  in.values("preconditioner window outer products", all(m2_));
  in.values("preconditioner window gradient mean", g_mean_);
  in.values("preconditioner window gradient squares", g2_diag_);
  in.values("preconditioner window gradient products", all(g2_));
  in.values("preconditioner window gradient-position products", cross_diag_);
  in.values("preconditioner window gradient-position matrix", all(cross_));
}

}  // namespace sgmc
