#include "sgmc/diagnostics/stein_moments.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {

SteinMoments::SteinMoments(Index dim, Index capacity)
    : capacity_(capacity),
      sum_x_(Eigen::MatrixXd::Zero(dim, std::min(kBlocks, capacity))),
      sum_g_(Eigen::MatrixXd::Zero(dim, std::min(kBlocks, capacity))),
      sum_xg_(Eigen::MatrixXd::Zero(dim, std::min(kBlocks, capacity))),
      sum_xx_(Eigen::MatrixXd::Zero(dim, std::min(kBlocks, capacity))),
      sum_w_(Vec::Zero(std::min(kBlocks, capacity))),
      counts_(static_cast<std::size_t>(std::min(kBlocks, capacity)), 0) {}

void SteinMoments::add(ConstVecRef x, ConstVecRef grad, double log_weight) {
  if (log_weight > log_scale_) {  // a new largest weight: the sums are rescaled to it
    const double shrink = std::exp(log_scale_ - log_weight);
    sum_x_ *= shrink;
    sum_g_ *= shrink;
    sum_xg_ *= shrink;
    sum_xx_ *= shrink;
    sum_w_ *= shrink;
    log_scale_ = log_weight;
  }
  const double w = std::exp(log_weight - log_scale_);
  const Index b = block_of(added_);
  sum_x_.col(b) += w * x;
  sum_g_.col(b) += w * grad;
  sum_xg_.col(b).array() += w * x.array() * grad.array();
  sum_xx_.col(b).array() += w * x.array().square();
  sum_w_[b] += w;
  ++counts_[static_cast<std::size_t>(b)];
  ++added_;
}

SteinRatios SteinMoments::ratios(double tau) const {
  const Index dim = sum_x_.rows();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  SteinRatios out{Vec::Constant(dim, kNaN), Vec::Constant(dim, kNaN), Vec::Constant(dim, kNaN),
                  Vec::Constant(dim, kNaN)};
  const Index filled = (sum_w_.array() > 0.0).count();
  if (filled < 2) return out;
  const double total = sum_w_.sum();
  const Vec mean_x = sum_x_.rowwise().sum() / total;
  const Vec mean_g = sum_g_.rowwise().sum() / total;
  const Vec sd = (sum_xx_.rowwise().sum() / total - mean_x.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
  // Block b's covariance about the overall means, so that the blocks'
  // values averaged by their shares of the weight are the overall
  // covariance; and its mean gradient.
  Eigen::MatrixXd block(dim, filled), block_g(dim, filled);
  Vec share(filled);
  for (Index b = 0, j = 0; b < blocks(); ++b) {
    const double w = sum_w_[b];
    if (w <= 0.0) continue;
    block.col(j) = (sum_xg_.col(b) - mean_x.cwiseProduct(sum_g_.col(b)) -
                    mean_g.cwiseProduct(sum_x_.col(b))) / w +
                   mean_x.cwiseProduct(mean_g);
    block_g.col(j) = sum_g_.col(b) / w;
    share[j++] = w / total;
  }
  block /= tau;
  block_g = sd.asDiagonal() * block_g / tau;
  // Batch means of a ratio estimator: the blocks' spread about the mean,
  // each deviation counted by its share, over filled - 1 degrees of
  // freedom (sum share_b^2 (v_b - v)^2 filled / (filled - 1); with equal
  // shares the plain batch-means variance).
  const auto batch_se = [&](const Eigen::MatrixXd& values, const Vec& mean) {
    const Eigen::MatrixXd centred = (values.colwise() - mean) * share.asDiagonal();
    const auto n = static_cast<double>(filled);
    return Vec((centred.array().square().rowwise().sum() * n / (n - 1.0)).sqrt());
  };
  out.ratio = block * share;
  out.se = batch_se(block, out.ratio);
  out.shift = block_g * share;
  out.shift_se = batch_se(block_g, out.shift);
  return out;
}

void SteinMoments::save(ByteWriter& out) const {
  out.i64(added_);
  out.f64(log_scale_);
  out.values(sum_w_);
  out.values(Eigen::Map<const Vec>(sum_x_.data(), sum_x_.size()));
  out.values(Eigen::Map<const Vec>(sum_g_.data(), sum_g_.size()));
  out.values(Eigen::Map<const Vec>(sum_xg_.data(), sum_xg_.size()));
  out.values(Eigen::Map<const Vec>(sum_xx_.data(), sum_xx_.size()));
  out.indices(counts_);
}

void SteinMoments::load(ByteReader& in, Index expected) {
  added_ = in.index("stein draws", expected, expected);
  log_scale_ = in.f64("stein log-weight scale");
  if (added_ > 0 ? !std::isfinite(log_scale_) : log_scale_ != -std::numeric_limits<double>::infinity()) {
    throw Error(ErrorKind::kFormat, "stein log-weight scale is " + show(log_scale_) + " after " +
                                        show(added_) + " draws");
  }
  in.values("stein sums of weights", sum_w_);
  if (sum_w_.minCoeff() < 0.0) {
    throw Error(ErrorKind::kFormat, "stein sums of weights hold " + show(sum_w_.minCoeff()));
  }
  const auto all = [](Eigen::MatrixXd& m) {
    return std::span<double>(m.data(), static_cast<std::size_t>(m.size()));
  };
  in.values("stein sums of x", all(sum_x_));
  in.values("stein sums of the gradient", all(sum_g_));
  in.values("stein sums of products", all(sum_xg_));
  in.values("stein sums of squares", all(sum_xx_));
  in.indices("stein block counts", counts_, 0, capacity_);
  Index total = 0;
  for (const Index count : counts_) total += count;
  if (total != added_) {
    throw Error(ErrorKind::kFormat, "stein block counts sum to " + show(total) + ", not " +
                                        show(added_) + " draws");
  }
}

}  // namespace sgmc
