#include "sgmc/contour/theta.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sgmc {

Theta::Theta(const ContourSettings& settings)
    : partition_(settings.partition),
      zeta_(settings.zeta),
      field_(settings.field),
      stencil_(settings.stencil),
      rho_(settings.rho),
      theta_(settings.theta0.empty()
                 ? Vec::Constant(settings.partition.m, 1.0 / static_cast<double>(settings.partition.m))
                 : Vec(Eigen::Map<const Vec>(settings.theta0.data(), settings.partition.m))),
      increment_(Vec::Zero(settings.partition.m)) {}

void Theta::update(std::span<const Index> indices, double omega) {
  // SPEC §4: every component from theta_k at once, never in place one by one
  // (the authors' loop does that and loses sum theta = 1).
  increment_.setZero();
  for (const Index j : indices) {
    const double t = theta_[j];
    // CSGLD eq. (9) (power) or ICSGLD eq. (8) (linear): s = theta(J)^zeta or theta(J).
    const double s = field_ == RandomField::kPower ? std::pow(t, zeta_) : t;
    increment_ -= s * theta_;
    increment_[j] += s;
    if (rho_ > 0) {  // supplement eq. (42): omega rho 1{i >= J} (1{i=J} - theta(i))
      const Index above = partition_.m - j;
      increment_.tail(above) -= omega * rho_ * theta_.tail(above);
      increment_[j] += omega * rho_;
    }
  }
  theta_ += (omega / static_cast<double>(indices.size())) * increment_;
  // Floor, then renormalise: a large omega^2 rho overshoots the tail below 0,
  // and a sum taken over negative components would leave the simplex. When
  // no component is below the floor (always, for rho = 0) the order is moot.
  theta_ = theta_.cwiseMax(std::numeric_limits<double>::min());
  theta_ /= theta_.sum();
}

Theta::Piece Theta::piece(double u, Index j) const {
  if (stencil_ == Stencil::kForward) {
    // Knot of theta(J + 1) at u_J: the same line one bin down (CSGLD D.1).
    return {j, std::min(j + 1, partition_.m - 1), partition_.knot(j)};
  }
  const double top = partition_.knot(partition_.m - 1);
  if (u > top) return {partition_.m - 1, partition_.m - 1, top};  // flat above u_m
  return {std::max<Index>(j - 1, 0), j, partition_.knot(j)};
}

double Theta::log_psi_slope(double u, Index j) const {
  const Piece p = piece(u, j);
  if (p.left == p.right) return 0.0;
  return (std::log(theta_[p.right]) - std::log(theta_[p.left])) / partition_.du;
}

double Theta::log_psi(double u, Index j) const {
  const Piece p = piece(u, j);
  return std::log(theta_[p.right]) - (p.right_knot - u) * log_psi_slope(u, j);
}

double Theta::log_weight(WeightKind kind, double u, Index j) const {
  return zeta_ * (kind == WeightKind::kBin ? std::log(theta_[j]) : log_psi(u, j));
}


void Theta::save(ByteWriter& out) const {
  out.section("THTA");
  out.values(theta_);
}

void Theta::load(ByteReader& in) {
  in.section("THTA");
  Vec theta(theta_.size());
  in.values("theta", theta);
  if ((theta.array() <= 0).any()) in.fail("theta", "has an entry <= 0");
  theta_ = theta;
}

void Theta::save_described(ByteWriter& out) const {
  out.section("THTD");
  out.i64(partition_.m);
  out.f64(partition_.u1);
  out.f64(partition_.du);
  out.f64(zeta_);
  out.i64(static_cast<Index>(field_));
  out.i64(static_cast<Index>(stencil_));
  out.f64(rho_);
  save(out);
}

Theta Theta::loaded(ByteReader& in) {
  in.section("THTD");
  ContourSettings settings;
  settings.partition.m = in.index("contour m", 2, std::max<Index>(2, in.doubles_left()));
  settings.partition.u1 = in.f64("contour u1");
  settings.partition.du = in.f64("contour du");
  settings.zeta = in.f64("contour zeta");
  settings.field = static_cast<RandomField>(
      in.index("contour field", static_cast<Index>(RandomField::kPower), static_cast<Index>(RandomField::kLinear)));
  settings.stencil = static_cast<Stencil>(in.index("contour stencil", 0, 1));
  settings.rho = in.f64("contour rho");
  if (!(settings.partition.du > 0) || !(settings.zeta > 0) || !(settings.rho >= 0 && settings.rho <= kMaxContourRho)) {
    in.fail("contour settings", "out of range");
  }
  Theta theta(settings);
  theta.load(in);
  return theta;
}

}  // namespace sgmc
