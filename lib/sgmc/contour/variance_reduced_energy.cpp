#include "sgmc/contour/variance_reduced_energy.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <limits>
#include <numeric>

namespace sgmc {

VarianceReducedEnergy::VarianceReducedEnergy(Index period, Index dim, Index data_size)
    : period_(period), control_(Vec::Zero(dim)), all_data_(static_cast<std::size_t>(data_size)) {
  std::iota(all_data_.begin(), all_data_.end(), Index{0});
}

void VarianceReducedEnergy::set(Index k, double batch_energy, double full_energy) {
  pending_batch_ = batch_energy;
  pending_full_ = refreshes(k) ? full_energy : control_full_;
  pending_k_ = k;
}

double VarianceReducedEnergy::energy(double prior_energy, double scale, double batch_energy) const {
  // ICSGLD supplement eq. (18).
  return prior_energy + scale * (batch_energy - pending_batch_) + pending_full_;
}

void VarianceReducedEnergy::commit(Index k, ConstVecRef x) {
  if (refreshes(k)) {
    control_ = x;
    control_full_ = pending_full_;
  }
  pending_k_ = 0;
}


void VarianceReducedEnergy::save(ByteWriter& out) const {
  out.section("VRED");
  out.values(control_);
  out.f64(control_full_);
  out.f64(pending_batch_);
  out.f64(pending_full_);
  out.i64(pending_k_);
}

void VarianceReducedEnergy::load(ByteReader& in) {
  in.section("VRED");
  in.values("control point", control_);
  control_full_ = in.finite("control full-data energy");
  // A pending value came from the caller and is checked when it is used.
  pending_batch_ = in.f64("pending control energy");
  pending_full_ = in.f64("pending full-data energy");
  pending_k_ = in.index("pending iteration", 0, std::numeric_limits<Index>::max());
}

}  // namespace sgmc
