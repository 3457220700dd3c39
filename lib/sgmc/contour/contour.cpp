#include "sgmc/contour/contour.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <algorithm>
#include <utility>

namespace sgmc {

Vec ContourDraws::log_weights(WeightKind kind, WeightTheta when) const {
  if (when == WeightTheta::kRunning) return trace.log_weights(kind);
  Vec out(trace.size());
  for (Index i = 0; i < trace.size(); ++i) {
    out[i] = theta.log_weight(kind, trace.energies()[i], trace.indices()[static_cast<std::size_t>(i)]);
  }
  return out;
}

Contour::Contour(const ContourSettings& settings, bool adaptive, Index capacity, Index n_steps,
                 std::shared_ptr<Theta> shared)
    : settings_(settings),
      adaptive_(adaptive),
      shared_(shared != nullptr),
      theta_(shared ? std::move(shared) : std::make_shared<Theta>(settings)),
      trace_(settings.partition.m, capacity,
             settings.theta_thin > 0 ? n_steps / settings.theta_thin : 0) {}

double Contour::step(double u, Index k, double tau, bool record) {
  const Index j = settings_.partition.index(u);
  if (adaptive_) theta_->update({&j, 1}, settings_.sa.at(k));  // CSGLD eq. (9)
  if (record) {
    trace_.push(j, u, theta_->log_weight(WeightKind::kInterpolated, u, j),
                theta_->log_weight(WeightKind::kBin, u, j));
  }
  if (settings_.theta_thin > 0 && k % settings_.theta_thin == 0) trace_.push_theta(theta_->values());
  // CSGLD eq. (8): g = 1 + zeta tau d/du log Psi_theta(u), then the optional clip.
  const double g = 1.0 + settings_.zeta * tau * theta_->log_psi_slope(u, j);
  return std::clamp(g, settings_.clip_lo, settings_.clip_hi);
}


void Contour::save(ByteWriter& out) const {
  if (!shared_) theta_->save(out);
  trace_.save(out);
}

void Contour::load(ByteReader& in, Index draws, Index steps) {
  if (!shared_) theta_->load(in);
  trace_.load(in, draws, settings_.theta_thin > 0 ? steps / settings_.theta_thin : 0);
}

}  // namespace sgmc
