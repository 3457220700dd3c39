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
      stage1_(pilot_steps_ / 2),
      pilot_energies_(Vec::Zero(pilot_steps_)),
      pilot_log_weights_(Vec::Zero(pilot_steps_ - stage1_)),
      stage_done_(automatic_ ? 0 : 2),
      half_from_(n_steps - (n_steps - pilot_steps_) / 2),
      theta_(shared ? std::move(shared) : std::make_shared<Theta>(settings)),
      // An automatic partition's trace is sized when its m is known.
      trace_(settings.partition.m, automatic_ ? 0 : capacity, automatic_ ? 0 : thetas_after(n_steps)),
      theta_sums_(Eigen::MatrixXd::Zero(settings.partition.m, kThetaBlocks)),
      block_iterations_(Vec::Zero(kThetaBlocks)) {}

Index Contour::thetas_after(Index steps) const {
  const Index thin = settings_.theta_thin;
  return thin > 0 ? steps / thin - std::min(steps, pilot_steps_) / thin : 0;
}

ConstVecRef Contour::stage_energies(Index stage) const {
  const Index first = stage == 1 ? 0 : stage1_;
  const Index last = stage == 1 ? std::min(pilot_seen_, stage1_) : pilot_seen_;
  return pilot_energies_.segment(first, std::max<Index>(last - first, 0));
}

ConstVecRef Contour::stage_log_weights() const {
  return pilot_log_weights_.head(std::max<Index>(pilot_seen_ - stage1_, 0));
}

void Contour::configure(Index stage, const PartitionChoice& choice) {
  settings_ = chosen_settings(settings_, choice);
  if (!shared_) theta_->reset(settings_);
  trace_ = ContourTrace(choice.partition.m, capacity_, thetas_after(n_steps_));
  theta_sums_ = Eigen::MatrixXd::Zero(choice.partition.m, kThetaBlocks);
  block_iterations_.setZero();
  stage_done_ = stage;
  sa_origin_ = stage_end(stage);
}

double Contour::step(double u, Index k, double tau, bool record) {
  const Index stage = stage_of(k);
  if (stage > 0) pilot_energies_[pilot_seen_++] = u;
  const auto choose = [&](Index ended) {  // SPEC §4.4, by a chain that owns its theta
    if (k != stage_end(ended) || shared_) return;
    const auto energies = stage_energies(ended);
    std::span<const double> log_w;
    if (ended == 2) log_w = {pilot_log_weights_.data(), static_cast<std::size_t>(pilot_log_weights_.size())};
    configure(ended, choose_partition({energies.data(), static_cast<std::size_t>(energies.size())},
                                      log_w, energies.size(), settings_, tau));
  };
  if (stage == 1) {  // the plain move
    choose(1);
    return 1.0;
  }
  const Index j = settings_.partition.index(u);
  if (adaptive_) theta_->update({&j, 1}, settings_.sa.at(k - sa_origin_));  // CSGLD eq. (9)
  // CSGLD eq. (8): g = 1 + zeta tau d/du log Psi_theta(u), then the optional clip.
  const double g = std::clamp(1.0 + settings_.zeta * tau * theta_->log_psi_slope(u, j),
                              settings_.clip_lo, settings_.clip_hi);
  if (stage == 2) {
    pilot_log_weights_[k - stage1_ - 1] = theta_->log_weight(WeightKind::kInterpolated, u, j);
    choose(2);
    return g;
  }
  if (record) {
    trace_.push(j, u, theta_->log_weight(WeightKind::kInterpolated, u, j),
                theta_->log_weight(WeightKind::kBin, u, j), g);
  }
  if (settings_.theta_thin > 0 && k % settings_.theta_thin == 0) trace_.push_theta(theta_->values());
  if (k > half_from_) {  // theta_drift's block sums (contour_convergence.hpp)
    const Index b = (k - half_from_ - 1) * kThetaBlocks / (n_steps_ - half_from_);
    theta_sums_.col(b) += theta_->values();
    block_iterations_[b] += 1;
  }
  return g;
}

ContourDraws Contour::snapshot() const {
  const auto reached = (block_iterations_.array() > 0).count();
  Eigen::MatrixXd blocks(theta_sums_.rows(), reached);
  for (Index b = 0; b < reached; ++b) blocks.col(b) = theta_sums_.col(b) / block_iterations_[b];
  return {trace_.trimmed(), *theta_, std::move(blocks), automatic_, pilot_steps_, stage_done_ == 2};
}

void Contour::save(ByteWriter& out) const {
  if (automatic_) {
    out.section("CPLT");
    out.values(pilot_energies_.head(pilot_seen_));
    out.values(stage_log_weights());
    save_choice(out, stage_done_, {settings_.partition, settings_.zeta, {}});
  }
  if (!shared_) theta_->save(out);
  trace_.save(out);
  out.values({theta_sums_.data(), static_cast<std::size_t>(theta_sums_.size())});
  out.values(block_iterations_);
}

void Contour::load(ByteReader& in, Index draws, Index steps) {
  if (automatic_) {
    in.section("CPLT");
    pilot_seen_ = std::min(steps, pilot_steps_);
    in.values("pilot energies", pilot_energies_.head(pilot_seen_));
    in.values("pilot log-weights", pilot_log_weights_.head(stage_log_weights().size()));
    PartitionChoice choice;
    const Index stage = load_choice(in, choice);
    const Index expected = steps >= pilot_steps_ ? 2 : steps >= stage1_ ? 1 : 0;
    if (stage != expected) in.fail("partition stage", "does not match the iterations done");
    if (stage > 0) configure(stage, choice);
  }
  if (!shared_) theta_->load(in);
  trace_.load(in, draws, thetas_after(steps));
  in.values("theta block sums", {theta_sums_.data(), static_cast<std::size_t>(theta_sums_.size())});
  in.values("theta block iterations", block_iterations_);
  if (block_iterations_.sum() != static_cast<double>(std::max<Index>(steps - half_from_, 0))) {
    in.fail("theta block iterations", "do not match the iterations done");
  }
}

}  // namespace sgmc
