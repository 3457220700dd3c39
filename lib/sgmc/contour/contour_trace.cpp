#include "sgmc/contour/contour_trace.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {

ContourTrace::ContourTrace(Index m, Index capacity, Index theta_capacity)
    : energies_(capacity),
      log_weight_interpolated_(capacity), log_weight_bin_(capacity), multipliers_(capacity),
      thetas_(m, theta_capacity) {
  indices_.reserve(static_cast<std::size_t>(capacity));
}

ContourTrace ContourTrace::trimmed() const {
  ContourTrace copy(thetas_.rows(), size(), n_thetas_);
  copy.indices_ = indices_;
  copy.energies_ = energies();
  copy.log_weight_interpolated_ = log_weights(WeightKind::kInterpolated);
  copy.log_weight_bin_ = log_weights(WeightKind::kBin);
  copy.multipliers_ = multipliers();
  copy.thetas_ = theta_trace();
  copy.n_thetas_ = n_thetas_;
  return copy;
}

void ContourTrace::push(Index j, double u, double log_weight_interpolated, double log_weight_bin,
                        double multiplier) {
  const Index i = size();
  energies_[i] = u;
  log_weight_interpolated_[i] = log_weight_interpolated;
  log_weight_bin_[i] = log_weight_bin;
  multipliers_[i] = multiplier;
  indices_.push_back(j);
}

void ContourTrace::push_theta(ConstVecRef theta) { thetas_.col(n_thetas_++) = theta; }

Eigen::Ref<const Vec> ContourTrace::log_weights(WeightKind kind) const {
  const Vec& all = kind == WeightKind::kBin ? log_weight_bin_ : log_weight_interpolated_;
  return all.head(size());
}


void ContourTrace::save(ByteWriter& out) const {
  out.section("CTRC");
  out.i64(size());
  out.indices(indices_);
  out.values(energies());
  out.values(log_weights(WeightKind::kInterpolated));
  out.values(log_weights(WeightKind::kBin));
  out.values(multipliers());
  out.i64(n_thetas_);
  out.values({thetas_.data(), static_cast<std::size_t>(n_thetas_ * thetas_.rows())});
}

void ContourTrace::load(ByteReader& in, Index draws, Index thetas) {
  in.section("CTRC");
  const Index size = in.index("contour draws", draws, draws);
  indices_.resize(static_cast<std::size_t>(size));
  in.indices("contour indices", indices_, 0, thetas_.rows() - 1);
  in.values("contour energies", energies_.head(size));
  in.values("interpolated log-weights", log_weight_interpolated_.head(size));
  in.values("bin log-weights", log_weight_bin_.head(size));
  in.values("multipliers", multipliers_.head(size));
  n_thetas_ = in.index("theta trace length", thetas, thetas);
  in.values("theta trace", std::span<double>(thetas_.data(), static_cast<std::size_t>(n_thetas_ * thetas_.rows())));
}

}  // namespace sgmc
