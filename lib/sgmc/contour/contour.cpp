#include "sgmc/contour/contour.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <algorithm>
#include <cmath>
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
      automatic_(settings.auto_partition),
      capacity_(capacity),
      n_steps_(n_steps),
      pilot_steps_(automatic_ ? settings.pilot_steps : 0),
      pilot_energies_(Vec::Zero(pilot_steps_)),
      configured_(!automatic_),
      late_from_(n_steps - (n_steps - pilot_steps_) / 4),
      theta_(shared ? std::move(shared) : std::make_shared<Theta>(settings)),
      // An automatic partition's trace is sized when its m is known.
      trace_(settings.partition.m, automatic_ ? 0 : capacity, automatic_ ? 0 : thetas_after(n_steps)),
      theta_late_(Vec::Zero(settings.partition.m)) {}

Index Contour::thetas_after(Index steps) const {
  const Index thin = settings_.theta_thin;
  return thin > 0 ? steps / thin - std::min(steps, pilot_steps_) / thin : 0;
}

void Contour::configure(const PartitionChoice& choice) {
  settings_ = chosen_settings(settings_, choice);
  if (!shared_) theta_->reset(settings_);
  trace_ = ContourTrace(choice.partition.m, capacity_, thetas_after(n_steps_));
  theta_late_ = Vec::Zero(choice.partition.m);
  configured_ = true;
}

double Contour::step(double u, Index k, double tau, bool record) {
  if (piloting(k)) {  // SPEC §4.4: the plain move, and the energy kept
    pilot_energies_[pilot_seen_++] = u;
    if (k == pilot_steps_ && !shared_) {
      configure(choose_partition({pilot_energies_.data(), static_cast<std::size_t>(pilot_seen_)},
                                 pilot_seen_, settings_, tau));
    }
    return 1.0;
  }
  const Index j = settings_.partition.index(u);
  if (adaptive_) theta_->update({&j, 1}, settings_.sa.at(k - pilot_steps_));  // CSGLD eq. (9)
  // CSGLD eq. (8): g = 1 + zeta tau d/du log Psi_theta(u), then the optional clip.
  const double g = std::clamp(1.0 + settings_.zeta * tau * theta_->log_psi_slope(u, j),
                              settings_.clip_lo, settings_.clip_hi);
  if (record) {
    trace_.push(j, u, theta_->log_weight(WeightKind::kInterpolated, u, j),
                theta_->log_weight(WeightKind::kBin, u, j), g);
  }
  if (settings_.theta_thin > 0 && k % settings_.theta_thin == 0) trace_.push_theta(theta_->values());
  if (k == late_from_) {
    theta_late_ = theta_->values();
    has_late_ = true;
  }
  return g;
}

ContourDraws Contour::snapshot() const {
  return {trace_.trimmed(), *theta_, has_late_ ? theta_late_ : Vec(), automatic_, pilot_steps_,
          configured_};
}

void save_choice(ByteWriter& out, const std::optional<PartitionChoice>& choice) {
  out.section("CPRT");
  out.i64(choice ? 1 : 0);
  if (!choice) return;
  out.i64(choice->partition.m);
  out.f64(choice->partition.u1);
  out.f64(choice->partition.du);
  out.f64(choice->zeta);
}

std::optional<PartitionChoice> load_choice(ByteReader& in) {
  in.section("CPRT");
  if (in.index("partition chosen", 0, 1) == 0) return std::nullopt;
  PartitionChoice choice;
  choice.partition.m = in.index("contour_m", 2, kMaxAutoM);
  choice.partition.u1 = in.f64("contour_u1");
  choice.partition.du = in.f64("contour_du");
  choice.zeta = in.f64("contour_zeta");
  if (!std::isfinite(choice.partition.u1)) in.fail("contour_u1", "is not finite");
  if (!(std::isfinite(choice.partition.du) && choice.partition.du > 0)) in.fail("contour_du", "is not finite and > 0");
  if (!(std::isfinite(choice.zeta) && choice.zeta > 0)) in.fail("contour_zeta", "is not finite and > 0");
  return choice;
}

void Contour::save(ByteWriter& out) const {
  if (automatic_) {
    out.section("CPLT");
    out.values(pilot_energies());
    save_choice(out, configured_ ? std::optional<PartitionChoice>(
                                       PartitionChoice{settings_.partition, settings_.zeta, {}})
                                 : std::nullopt);
  }
  if (!shared_) theta_->save(out);
  trace_.save(out);
  out.i64(has_late_ ? 1 : 0);
  if (has_late_) out.values(theta_late_);
}

void Contour::load(ByteReader& in, Index draws, Index steps) {
  if (automatic_) {
    in.section("CPLT");
    pilot_seen_ = std::min(steps, pilot_steps_);
    in.values("pilot energies", pilot_energies_.head(pilot_seen_));
    const auto choice = load_choice(in);
    if (choice.has_value() != (steps >= pilot_steps_)) {
      in.fail("partition chosen", "does not match the iterations done");
    }
    if (choice) configure(*choice);
  }
  if (!shared_) theta_->load(in);
  trace_.load(in, draws, thetas_after(steps));
  has_late_ = in.index("late theta kept", 0, 1) == 1;
  if (has_late_ != (steps >= late_from_)) in.fail("late theta kept", "does not match the iterations done");
  if (has_late_) in.values("late theta", theta_late_);
}

}  // namespace sgmc
