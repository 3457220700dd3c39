#include "sgmc/chain/stages/warm_up_stage.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {
namespace {

/// Full d x d window sums up to this dimension (without a dense
/// preconditioner): they see the largest curvature of a correlated
/// posterior, which the diagonal underestimates by up to a factor d.
constexpr Index kMaxDenseRuleDim = 50;

/// The typical-set search may take up to this share of the burn-in.
constexpr Index kSearchShare = 4;

bool dense_sums(PreconditionKind kind, Index dim) {
  return kind == PreconditionKind::kDense || dim <= kMaxDenseRuleDim;
}

}  // namespace

WarmUpStage::WarmUpStage(SamplerConfig& config, const std::unique_ptr<Preconditioner>& precond,
                         Index dim, Index burn_in, bool mean_gradient)
    : config_(config),
      precond_(precond),
      mhbt_(config.kind == SamplerKind::kMhbt),
      burn_in_(burn_in),
      search_(dim, std::max<Index>(2 * TypicalSetSearch::kBlock, burn_in / kSearchShare),
              config.temperature),
      moments_(dim, config.kind != SamplerKind::kMhbt && dense_sums(config.precondition.kind, dim)),
      x_prev_(Vec::Zero(dim)),
      g_prev_(Vec::Zero(dim)),
      dx_(Vec::Zero(dim)),
      dg_(Vec::Zero(dim)),
      metric_(Vec::Zero(dim)),
      ramp_window_(shortest_window(moments_.dense() ? PreconditionKind::kDense : PreconditionKind::kDiag, dim)) {
  if (mean_gradient) {
    mean_grad_square_ = Eigen::MatrixXd::Zero(dim, moments_.dense() ? dim : 1);
    gbar_ = Vec::Zero(dim);
  }
  if (precond_) precond_->defer_windows();
}

void WarmUpStage::transform(StageStep& step, const Kernel& kernel) {
  if (finished_) return;
  if (!search_.done()) {
    // The optimizer: tau = 0, at Barzilai-Borwein's step (L = I until the
    // first window's end, so x is the kernel's y).
    const bool has_metric = kernel.step_metric(metric_);
    step.info.temperature = 0.0;
    step.info.step_size = search_.step(step.query, *step.grad,
                                       has_metric ? metric_.head(metric_.size()) : metric_.head(0),
                                       step.index_energy);
    // Momentum SGD with momentum 1 - eta moves about eps / eta a step: a
    // friction the user set scales the search's step down to SGD's.
    if (dynamics(config_.kind) == SamplerKind::kSghmc) step.info.step_size *= config_.sghmc.friction;
    return;
  }
  step.info.temperature = config_.temperature;  // no exploration stage while warming up
  step.info.step_size = eps_;
  if (!step.iteration || mhbt_) return;
  // Successive differences: the sums measure a secant curvature (step_rule.hpp).
  dx_ = step.query - x_prev_;
  dg_ = *step.grad - g_prev_;
  x_prev_ = step.query;
  g_prev_ = *step.grad;
  if (!has_prev_) {
    has_prev_ = true;
    return;
  }
  moments_.add(dx_, dg_);
  if (mean_grad_square_.size() > 0) {
    gbar_ = *step.mean_grad_base * step.mean_grad_scale;
    if (mean_grad_square_.cols() == 1) {
      mean_grad_square_.col(0).array() += gbar_.array().square();
    } else {
      mean_grad_square_.selfadjointView<Eigen::Lower>().rankUpdate(gbar_, 1.0);
    }
    ++mean_grad_count_;
  }
}

void WarmUpStage::lay_windows(Index first) {
  if (precond_) {
    // The preconditioner's windows up to the warm-up's end (a contour
    // sampler's preconditioner goes on learning over its whole burn-in).
    precond_->start_windows(first);
    ends_.clear();
    for (const Index end : precond_->window_ends()) {
      if (end > first && end <= burn_in_) ends_.push_back(end);
    }
    if (ends_.empty()) ends_.push_back(burn_in_);
  } else {
    const auto kind = moments_.dense() ? PreconditionKind::kDense : PreconditionKind::kDiag;
    ends_ = warm_up_windows(first, burn_in_, shortest_window(kind, metric_.size()));
  }
  if (ends_.back() < burn_in_) ends_.push_back(burn_in_);
}

StepRuleInput WarmUpStage::rule_input() const {
  StepRuleInput input;
  input.dynamics = dynamics(config_.kind);
  input.temperature = config_.temperature;
  input.bias = config_.warm_up.bias;
  input.friction = config_.warm_up.auto_friction ? 0.0 : config_.sghmc.friction;
  input.noise_estimate = config_.sghmc.noise_estimate;
  if (mean_grad_count_ > 0) {
    input.metric = (config_.psgld.rms_epsilon + window_moment().array().sqrt()).inverse().matrix();
  }
  return input;
}

Vec WarmUpStage::window_moment() const {
  // pSGLD's V is a running mean of gbar_y^2: its window mean, mapped to y.
  Eigen::MatrixXd square = mean_grad_square_ / static_cast<double>(mean_grad_count_);
  if (square.cols() > 1) square = Eigen::MatrixXd(square.selfadjointView<Eigen::Lower>());
  if (precond_) precond_->metric_to_y(square);
  const Vec v = square.cols() == 1 ? Vec(square.col(0)) : Vec(square.diagonal());
  return v.cwiseMax(0.0);
}

void WarmUpStage::settle(Kernel& kernel) {
  if (!moment_due_) return;
  kernel.set_gradient_moment(moment_);
  moment_due_ = false;
}

bool WarmUpStage::end_iteration(Index k) {
  if (finished_) return false;
  if (!search_.done()) {
    if (!search_.end_iteration()) return false;
    report_.search_steps = search_.steps();
    report_.search_converged = search_.converged();
    // The windows start here; the first runs at a step 2 delta times the
    // search's smallest, 1/lambda of the stiffest direction it crossed.
    eps_ = 2.0 * config_.warm_up.bias * search_.smallest_step();
    lay_windows(k);
    if (!mhbt_) return false;
    // MHBT leaves its search: rebuilt as an MH chain at the point reached.
    config_.mhbt.search = false;
    eps_ = first_mh_scale();
    apply_mh_scale();
    return true;
  }
  // A short window (ramp_end_) ends inside a laid-out one, whose
  // coordinates stay the same.
  const Index window_end = ends_[static_cast<std::size_t>(window_)];
  const bool ramp = ramp_end_ > 0 && ramp_end_ < window_end;
  if (k < (ramp ? ramp_end_ : window_end)) return false;
  if (mhbt_) return end_mh_window();
  bool restart = false;
  ramp_end_ = 0;
  const auto measured = measure_curvature(moments_, precond_.get());
  const StepChoice choice = measured ? choose_step(*measured, rule_input()) : StepChoice{};
  // A window that measured no positive curvature leaves the step as it was.
  if (std::isfinite(choice.step_size) && choice.step_size > 0.0) {
    report_.choice = choice;
    if (!ramp) ++report_.windows;
    // A window's estimate may shrink the step at will, grow it tenfold at
    // most; a window that could not resolve the curvature through its
    // gradient noise gives only its upper bound, and the step grows to it.
    // Growth cut short is measured again after a short window: the first
    // window's step is the search's smallest, a bound from a path that may
    // cross regions far stiffer than the typical set, and tenfold a window
    // of 1/20 of the warm-up the chain would stand still through most of
    // it (docs/warm_up.md, "Short windows while the step is held back").
    if (choice.resolved && choice.step_size > 10.0 * eps_) ramp_end_ = k + ramp_window_;
    eps_ = choice.resolved ? std::min(choice.step_size, 10.0 * eps_) : choice.step_size;
    if (config_.warm_up.auto_friction && choice.friction != config_.sghmc.friction) {
      config_.sghmc.friction = choice.friction;
      restart = true;
    }
  }
  if (mean_grad_count_ > 0) {
    moment_ = window_moment();
    moment_due_ = true;
  }
  moments_.reset();
  mean_grad_square_.setZero();
  mean_grad_count_ = 0;
  if (ramp) return restart;
  ++window_;
  if (window_ == static_cast<Index>(ends_.size())) finish();
  return restart;
}

bool WarmUpStage::filter(const StageStep& step, Kernel& kernel, ConstVecRef /*position*/) {
  if (!mhbt_ || finished_ || !search_.done() || !step.iteration) return false;
  // make_kernel() builds an Mhbt for sampler "mhbt".
  accept_sum_ += std::exp(std::min(0.0, static_cast<const Mhbt&>(kernel).last_log_ratio()));
  ++accept_count_;
  return false;
}

double WarmUpStage::first_mh_scale() const {
  // The search's smallest step is 1/lambda of the stiffest direction it
  // crossed, whose sd at temperature 1 is sqrt(1/lambda). The random walk:
  // RGG's optimum 2.38 / sqrt(d) of that sd. The gradient proposals: the
  // eps whose drift mismatch over d such directions, eps lambda d / 2 in
  // squares, is 1 (docs/warm_up.md, "MHBT").
  const double d = static_cast<double>(metric_.size());
  const double smallest = search_.smallest_step();
  if (config_.mhbt.proposal == MhbtProposal::kRandomWalk) return 2.38 * std::sqrt(smallest / d);
  return 2.0 * smallest / d;
}

bool WarmUpStage::end_mh_window() {
  const double before = eps_;
  if (accept_count_ > 0) {
    report_.acceptance = accept_sum_ / static_cast<double>(accept_count_);
    ++report_.windows;
    eps_ = mh_scale(eps_, report_.acceptance, config_.mhbt.proposal);
  }
  report_.choice.step_size = eps_;
  accept_sum_ = 0.0;
  accept_count_ = 0;
  ++window_;
  finished_ = window_ == static_cast<Index>(ends_.size());
  apply_mh_scale();
  return eps_ != before;
}

void WarmUpStage::apply_mh_scale() {
  if (config_.mhbt.proposal == MhbtProposal::kRandomWalk) {
    config_.mhbt.rw_scale = eps_;
  } else {
    config_.schedule.step_size = eps_;
  }
}

void WarmUpStage::finish() {
  StepSchedule& schedule = config_.schedule;
  const Index first = burn_in_ + 1;
  switch (schedule.kind) {
    case ScheduleKind::kConstant: schedule.step_size = eps_; break;
    case ScheduleKind::kPolynomial:
      schedule.step_size = eps_ * std::pow(schedule.offset + static_cast<double>(first), schedule.power);
      break;
    case ScheduleKind::kCyclical: {
      // The largest sampling step, at the exploration stage's end, is eps_:
      // eps0 (cos(pi beta) + 1) / 2 = eps_; and the exploration's optimizer
      // stays below 1/lambda_max, half its stable limit.
      const double at_sampling = 0.5 * (std::cos(std::numbers::pi * schedule.exploration) + 1.0);
      const double largest = report_.choice.curvature > 0.0 ? 1.0 / report_.choice.curvature : eps_ / at_sampling;
      schedule.step_size = std::min(eps_ / at_sampling, std::max(eps_, largest));
      break;
    }
  }
  finished_ = true;
}

void WarmUpStage::save(ByteWriter& out) const {
  out.section("WARM");
  search_.save(out);
  moments_.save(out);
  out.values(std::span<const double>(mean_grad_square_.data(),
                                     static_cast<std::size_t>(mean_grad_square_.size())));
  out.i64(mean_grad_count_);
  out.flag(has_prev_);
  out.values(x_prev_);
  out.values(g_prev_);
  out.i64(window_);
  out.f64(eps_);
  out.flag(finished_);
  out.i64(report_.search_steps);
  out.flag(report_.search_converged);
  out.i64(report_.windows);
  out.f64(report_.choice.step_size);
  out.f64(report_.choice.friction);
  out.f64(report_.choice.curvature);
  out.f64(report_.choice.noise);
  out.f64(config_.schedule.step_size);
  out.f64(config_.sghmc.friction);
  out.i64(ramp_end_);
  if (!mhbt_) return;  // (MHBT's fields are newer than checkpoint format 5's others)
  out.f64(accept_sum_);
  out.i64(accept_count_);
  out.f64(report_.acceptance);
  out.f64(config_.mhbt.rw_scale);
}

void WarmUpStage::load(ByteReader& in) {
  in.section("WARM");
  search_.load(in);
  moments_.load(in, burn_in_);
  in.values("warm-up mean gradient squares",
            std::span<double>(mean_grad_square_.data(), static_cast<std::size_t>(mean_grad_square_.size())));
  mean_grad_count_ = in.index("warm-up mean gradient count", 0, burn_in_);
  if (search_.done()) lay_windows(search_.steps());
  has_prev_ = in.flag("warm-up previous point held");
  in.values("warm-up previous point", x_prev_);
  in.values("warm-up previous gradient", g_prev_);
  window_ = in.index("warm-up windows done", 0, static_cast<Index>(ends_.size()));
  eps_ = in.f64("warm-up step size");
  finished_ = in.flag("warm-up finished");
  report_.search_steps = in.index("typical-set steps", 0, burn_in_);
  report_.search_converged = in.flag("typical-set search converged");
  report_.windows = in.index("warm-up windows measured", 0, burn_in_);
  report_.choice.step_size = in.f64("chosen step size");
  report_.choice.friction = in.f64("chosen friction");
  report_.choice.curvature = in.f64("measured curvature");
  report_.choice.noise = in.f64("measured gradient noise");
  config_.schedule.step_size = in.f64("schedule step size");
  config_.sghmc.friction = in.f64("friction");
  ramp_end_ = in.index("warm-up ramp end", 0, std::numeric_limits<Index>::max());
  if (!mhbt_) return;
  accept_sum_ = in.finite("warm-up acceptance sum");
  accept_count_ = in.index("warm-up acceptance count", 0, burn_in_);
  report_.acceptance = in.finite("warm-up acceptance");
  config_.mhbt.rw_scale = in.finite("random-walk scale");
  config_.mhbt.search = !search_.done();
}

}  // namespace sgmc
