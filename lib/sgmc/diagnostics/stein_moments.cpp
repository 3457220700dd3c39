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
      counts_(static_cast<std::size_t>(std::min(kBlocks, capacity)), 0) {}

void SteinMoments::add(ConstVecRef x, ConstVecRef grad) {
  const Index b = block_of(added_);
  sum_x_.col(b) += x;
  sum_g_.col(b) += grad;
  sum_xg_.col(b).array() += x.array() * grad.array();
  sum_xx_.col(b).array() += x.array().square();
  ++counts_[static_cast<std::size_t>(b)];
  ++added_;
}

SteinRatios SteinMoments::ratios(double tau) const {
  const Index dim = sum_x_.rows();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  SteinRatios out{Vec::Constant(dim, kNaN), Vec::Constant(dim, kNaN), Vec::Constant(dim, kNaN),
                  Vec::Constant(dim, kNaN)};
  Index filled = 0;
  for (const Index count : counts_) filled += count > 0;
  if (filled < 2) return out;
  const double n = static_cast<double>(added_);
  const Vec mean_x = sum_x_.rowwise().sum() / n;
  const Vec mean_g = sum_g_.rowwise().sum() / n;
  // Block b's covariance about the overall means, so that the count-weighted
  // mean of the blocks' values is the overall covariance.
  const Vec sd = (sum_xx_.rowwise().sum() / n - mean_x.cwiseAbs2()).cwiseMax(0.0).cwiseSqrt();
  // Block b's covariance about the overall means, so that the count-weighted
  // mean of the blocks' values is the overall covariance; and its mean
  // gradient.
  Eigen::MatrixXd block(dim, filled), block_g(dim, filled);
  Eigen::VectorXd weight(filled);
  for (Index b = 0, j = 0; b < blocks(); ++b) {
    const auto count = static_cast<double>(counts_[static_cast<std::size_t>(b)]);
    if (count == 0) continue;
    block.col(j) = (sum_xg_.col(b) - mean_x.cwiseProduct(sum_g_.col(b)) -
                    mean_g.cwiseProduct(sum_x_.col(b))) / count +
                   mean_x.cwiseProduct(mean_g);
    block_g.col(j) = sum_g_.col(b) / count;
    weight[j++] = count / n;
  }
  block /= tau;
  block_g = sd.asDiagonal() * block_g / tau;
  // Batch means: the blocks' spread about their mean, over filled - 1
  // degrees of freedom, divided by the number of blocks.
  const auto batch_se = [&](const Eigen::MatrixXd& values, const Vec& mean) {
    const Eigen::MatrixXd centred = values.colwise() - mean;
    return Vec((centred.array().square().rowwise().sum() /
                static_cast<double>((filled - 1) * filled)).sqrt());
  };
  out.ratio = block * weight;
  out.se = batch_se(block, out.ratio);
  out.shift = block_g * weight;
  out.shift_se = batch_se(block_g, out.shift);
  return out;
}

void SteinMoments::save(ByteWriter& out) const {
  out.i64(added_);
  out.values(Eigen::Map<const Vec>(sum_x_.data(), sum_x_.size()));
  out.values(Eigen::Map<const Vec>(sum_g_.data(), sum_g_.size()));
  out.values(Eigen::Map<const Vec>(sum_xg_.data(), sum_xg_.size()));
  out.values(Eigen::Map<const Vec>(sum_xx_.data(), sum_xx_.size()));
  out.indices(counts_);
}

void SteinMoments::load(ByteReader& in, Index expected) {
  added_ = in.index("stein draws", expected, expected);
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
