#include "sgmc/models/synthetic.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/models/sincos.hpp"

namespace sgmc {
namespace {

constexpr double kPi = std::numbers::pi;

/// nine and twentyfive share one form: a quadratic bowl with cosine wells
/// and a quadratic wall outside the disc r^2 <= R,
///   U(x) = q r^2 - c sum_i cos(f pi x_i) + 1{r^2 > R} (r^2 - R).
/// nine (CSGLD §4.1, D.3):  q = 1/3, c = 10/3, f = 1.2, R = 7;
/// twentyfive (ICSGLD D.2): q = 0.2, c = 2,    f = 2,   R = 20.
class CosineWellTarget final : public SyntheticTarget {
 public:
  CosineWellTarget(double q, double c, double f, double wall, TargetNoise noise)
      : SyntheticTarget(2, noise), q_(q), c_(c), wall_(wall), omega_(f * kPi), slope_(c * f * kPi) {}

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    evaluate_with([this](const ConstVecRef& x, VecRef* grad) { return energy(x, grad); }, request, out);
  }

 private:
  // Both coordinates in one register throughout: a chain of dependent
  // steps of some 60 cycles, which fewer instructions let the processor
  // overlap with the next evaluation (issue #21).
  double energy(const ConstVecRef& x, VecRef* grad) const override {
    const Double2 v{x[0], x[1]};
    const double r2 = x[0] * x[0] + x[1] * x[1];
    // The wall's terms without a branch, which points on both sides of
    // it (a chain's early moves, the contour samplers' jumps) mispredict.
    const double beyond = std::max(r2 - wall_, 0.0);
    const auto [sin_wx, cos_wx] = sin_cos(omega_ * v);
    if (grad) {
      const Double2 g = (2.0 * q_ + 2.0 * static_cast<double>(r2 > wall_)) * v + slope_ * sin_wx;
      (*grad)[0] = g[0];
      (*grad)[1] = g[1];
    }
    return q_ * r2 + beyond - c_ * cos_wx[0] - c_ * cos_wx[1];
  }

  double q_, c_, wall_;
  double omega_;  ///< f pi
  double slope_;  ///< c f pi
};

/// Doubles per SIMD register of this build, and the widest chunk of
/// components the mixture's log-sum-exp takes at once. Chunks have a fixed
/// width, kLanes (up to kLanes components, e.g. mix1d) or kWide (more, e.g.
/// gauss25's 25), so that Eigen unrolls them in registers on the stack; K
/// is padded with components of weight zero to whole chunks.
constexpr Index kLanes = Eigen::internal::packet_traits<double>::size;
constexpr Index kWide = 32;

/// The mixture's U(x) and grad U(x) (when `grad` is not null), in chunks
/// of W components: see GaussianMixtureTarget::energy.
template <int W>
double mixture_energy(const Eigen::MatrixXd& means, const Eigen::ArrayXd& log_norm,
                      const Eigen::ArrayXd& precision, const ConstVecRef& x, VecRef* grad) {
  using Chunk = Eigen::Array<double, W, 1>;
  const Index padded = log_norm.size(), dim = means.cols();
  // l_k = log_norm_k - |x - mu_k|^2 / 2 s2_k, with the differences x - mu_k
  // formed directly: expanding |x - mu_k|^2 would cancel far from the means.
  const auto log_terms = [&](Index start) {
    Chunk sq = (x[0] - means.col(0).template segment<W>(start).array()).square();
    for (Index i = 1; i < dim; ++i) sq += (x[i] - means.col(i).template segment<W>(start).array()).square();
    return Chunk(log_norm.template segment<W>(start) - 0.5 * precision.template segment<W>(start) * sq);
  };
  Chunk l = log_terms(0);
  double m = l.maxCoeff();
  for (Index start = W; start < padded; start += W) m = std::max(m, log_terms(start).maxCoeff());
  double total = 0.0;
  if (grad) grad->setZero();
  for (Index start = 0; start < padded; start += W) {
    if (start > 0) l = log_terms(start);  // a second pass, recomputed
    const Chunk e = (l - m).exp();
    total += e.sum();
    if (grad) {
      // grad U = sum_k resp_k (x - mu_k) / s2_k, resp_k = e_k / total.
      const Chunk scaled = e * precision.template segment<W>(start);
      for (Index i = 0; i < dim; ++i) {
        (*grad)[i] += (scaled * (x[i] - means.col(i).template segment<W>(start).array())).sum();
      }
    }
  }
  if (grad) *grad /= total;
  return -(m + std::log(total));
}

/// Two components (mix1d): the log-sum-exp in closed form, with at most one
/// exp and one log: U = -(l_big + log1p(e)), e = exp(l_small - l_big) <= 1,
/// and the responsibilities 1 / (1 + e) and e / (1 + e). Scalar: with two
/// terms the chunked form's lanes were mostly padding.
double two_component_energy(const Eigen::MatrixXd& means, const Eigen::ArrayXd& log_norm,
                            const Eigen::ArrayXd& precision, const ConstVecRef& x, VecRef* grad) {
  const Index dim = means.cols();
  double sq0 = 0.0, sq1 = 0.0;
  for (Index i = 0; i < dim; ++i) {
    const double r0 = x[i] - means(0, i), r1 = x[i] - means(1, i);
    sq0 += r0 * r0;
    sq1 += r1 * r1;
  }
  const double l0 = log_norm[0] - 0.5 * precision[0] * sq0;
  const double l1 = log_norm[1] - 0.5 * precision[1] * sq1;
  const bool first = l0 >= l1;
  const double big_l = std::max(l0, l1), gap = -std::abs(l0 - l1);  // no branch on the point
  // The energy alone, where e < exp(-45) < 2^-64 <= |l_big| 2^-54: adding
  // log1p(e) ~ e to l_big would not change a bit of it, so neither exp nor
  // log is taken (most points of the line; the gradient still needs e).
  if (grad == nullptr && gap < -45.0 && std::abs(big_l) >= 0x1p-10) return -big_l;
  const double e = std::exp(gap);
  // log1p(e) is e itself where u = 1 + e rounds to 1 (most of the line,
  // away from where the components cross), else log(u) e / (u - 1)
  // (Goldberg 1991, as logistic_regression.cpp): libm's log is table-driven
  // and a third of the cost of its log1p.
  const double u = 1.0 + e;
  double log1p_e = e;
  if (u != 1.0) log1p_e = std::log(u) * e / (u - 1.0);
  if (grad) {
    // grad U = sum_k resp_k (x - mu_k) / s2_k.
    const double big = 1.0 / u, small = e * big;
    const double w0 = (first ? big : small) * precision[0], w1 = (first ? small : big) * precision[1];
    for (Index i = 0; i < dim; ++i) (*grad)[i] = w0 * (x[i] - means(0, i)) + w1 * (x[i] - means(1, i));
  }
  return -(big_l + log1p_e);
}

constexpr std::array<std::string_view, 4> kNames = {"mix1d", "nine", "twentyfive", "gauss25"};

}  // namespace

SyntheticTarget::SyntheticTarget(Index dim, TargetNoise noise) : dim_(dim), noise_(noise) {
  noise.validate();
}

GaussianMixtureTarget::GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres,
                                             double variance, TargetNoise noise)
    : GaussianMixtureTarget(std::move(weights), centres,
                            Eigen::VectorXd::Constant(centres.cols(), variance), noise) {}

GaussianMixtureTarget::GaussianMixtureTarget(Eigen::VectorXd weights, Eigen::MatrixXd centres,
                                             Eigen::VectorXd variances, TargetNoise noise)
    : SyntheticTarget(centres.rows(), noise),
      weights_(std::move(weights)),
      centres_(std::move(centres)),
      variances_(std::move(variances)) {
  const Index k_count = centres_.cols();
  require(dim() >= 1 && k_count >= 1, "centres", show(dim()) + " x " + show(k_count),
          "must have at least one row and one column");
  require(weights_.size() == k_count, "weights", "a vector of size " + show(weights_.size()),
          ("must have one entry per column of 'centres' (" + show(k_count) + ")").c_str());
  require((weights_.array() > 0).all() && std::abs(weights_.sum() - 1.0) <= 1e-12, "weights",
          "a vector summing to " + show(weights_.sum()), "must be positive and sum to one");
  require(centres_.allFinite(), "centres", "a matrix with a non-finite entry", "must be finite");
  require(variances_.size() == k_count, "variances", "a vector of size " + show(variances_.size()),
          ("must have one entry per column of 'centres' (" + show(k_count) + ")").c_str());
  for (Index k = 0; k < k_count; ++k) {
    require(std::isfinite(variances_[k]) && variances_[k] > 0, "variance", variances_[k],
            "must be finite and > 0");
  }
  const Index width = k_count <= kLanes ? kLanes : kWide;
  const Index padded = (k_count + width - 1) / width * width;
  means_ = Eigen::MatrixXd::Zero(padded, dim());
  means_.topRows(k_count) = centres_.transpose();
  precision_ = Eigen::ArrayXd::Ones(padded);
  precision_.head(k_count) = variances_.array().inverse();
  log_norm_ = Eigen::ArrayXd::Constant(padded, -std::numeric_limits<double>::infinity());
  log_norm_.head(k_count) = weights_.array().log();
  const double d = static_cast<double>(dim());
  for (Index k = 0; k < k_count; ++k) log_norm_[k] -= 0.5 * d * std::log(2.0 * kPi * variances_[k]);
}

double GaussianMixtureTarget::energy(const ConstVecRef& x, VecRef* grad) const {
  // Log-sum-exp over components, with the largest log-term m subtracted:
  // U = -(m + log sum_k exp(l_k - m)), across the components in SIMD lanes.
  if (centres_.cols() == 2) return two_component_energy(means_, log_norm_, precision_, x, grad);
  return log_norm_.size() == kLanes ? mixture_energy<kLanes>(means_, log_norm_, precision_, x, grad)
                                    : mixture_energy<kWide>(means_, log_norm_, precision_, x, grad);
}

std::span<const std::string_view> synthetic_target_names() { return kNames; }

Eigen::MatrixXd gauss25_centres() {
  Eigen::MatrixXd centres(2, 25);
  for (int i = 0; i < 25; ++i) centres.col(i) << -4.0 + 2.0 * (i / 5), -4.0 + 2.0 * (i % 5);
  return centres;
}

std::unique_ptr<SyntheticTarget> make_synthetic_target(std::string_view name, TargetNoise noise) {
  if (name == "mix1d") {  // CSGLD §4.1: 0.4 N(-6, 1) + 0.6 N(4, 1)
    return std::make_unique<GaussianMixtureTarget>(Eigen::Vector2d(0.4, 0.6),
                                                   Eigen::RowVector2d(-6.0, 4.0), 1.0, noise);
  }
  if (name == "nine") return std::make_unique<CosineWellTarget>(1.0 / 3, 10.0 / 3, 1.2, 7.0, noise);
  if (name == "twentyfive") return std::make_unique<CosineWellTarget>(0.2, 2.0, 2.0, 20.0, noise);
  if (name == "gauss25") {  // cSG-MCMC A.1: equal weights, variance 0.03
    return std::make_unique<GaussianMixtureTarget>(Eigen::VectorXd::Constant(25, 1.0 / 25),
                                                   gauss25_centres(), 0.03, noise);
  }
  throw Error(ErrorKind::kInvalidArgument,
              "argument 'target' = \"" + std::string(name) +
                  "\": must be one of mix1d, nine, twentyfive, gauss25");
}

}  // namespace sgmc
