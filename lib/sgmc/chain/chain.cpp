#include "sgmc/chain/chain.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <new>
#include <string>
#include <utility>

#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/chain/stages/contour_stage.hpp"
#include "sgmc/chain/stages/domain_stage.hpp"
#include "sgmc/chain/stages/precondition_stage.hpp"
#include "sgmc/chain/stages/variance_control_stage.hpp"
#include "sgmc/chain/stages/stein_stage.hpp"
#include "sgmc/chain/stages/warm_up_stage.hpp"
#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

SamplerConfig validated(SamplerConfig config, const RecordPolicy& record, Index dim,
                        ConstVecRef x0) {
  require(dim >= 1, "dim", dim, "must be >= 1");
  require(x0.size() == dim, "x0", "a vector of length " + show(x0.size()),
          ("must have length dim = " + show(dim)).c_str());
  require(x0.allFinite(), "x0", "a vector with a non-finite entry", "must be finite");
  record.validate();
  config.validate();
  if (is_contour(config.kind) && config.contour.auto_partition) {
    require(config.contour.pilot_steps < record.n_steps, "contour_pilot_steps",
            config.contour.pilot_steps,
            ("must be < n_steps = " + show(record.n_steps) +
             ": the pilot of contour_partition = \"auto\" is part of the run").c_str());
  }
  if (config.precondition.by_dimension) {
    // The burn-in of a contour sampler with an automatic partition is at
    // least its pilot (pilot_as_burn_in()).
    const Index burn_in = warms_up_in_pilot(config) ? std::max(record.burn_in, config.contour.pilot_steps)
                                                    : record.burn_in;
    const Index warm_up = config.precondition.steps > 0 ? config.precondition.steps : burn_in;
    const bool dense = dim <= kMaxAutoDenseDim &&
                       warm_up >= 4 * shortest_window(PreconditionKind::kDense, dim);
    config.precondition.kind = dense ? PreconditionKind::kDense : PreconditionKind::kDiag;
  }
  if (config.warm_up.automatic && warms_up_in_pilot(config)) {
    require(config.contour.pilot_steps >= 2 * kMinAutoWarmUp, "contour_pilot_steps",
            config.contour.pilot_steps,
            ("must be >= " + show(2 * kMinAutoWarmUp) +
             " when step_size is not set: the automatic warm-up is the pilot's first half "
             "(unset, the pilot is this long from n_steps = " + show(4 * kMinAutoWarmUp) +
             "); or set step_size")
                .c_str());
  } else if (config.warm_up.automatic) {
    check_warm_up_burn_in(record.burn_in);
  }
  // SGHMC with friction 1 is SGLD, and at temperature 0 SGD: the search
  // descends as the other kernels do, and the first window's end chooses
  // the friction (warm_up_stage.cpp).
  if (config.warm_up.automatic && config.warm_up.auto_friction) config.sghmc.friction = 1.0;
  if (config.precondition.active()) {
    require(config.precondition.kind != PreconditionKind::kDense ||
                dim <= kMaxDensePreconditionDim,
            "precondition", "\"dense\"",
            ("stores d x d values and costs O(d^2) a step; with dim = " + show(dim) +
             " use \"diag\"")
                .c_str());
  }
  // The draws are stored up front (a step never allocates): their count
  // times the dimension must be addressable.
  constexpr Index kMaxDoubles = std::numeric_limits<Index>::max() / 16;
  require(record.capacity() <= kMaxDoubles / dim, "n_steps", record.n_steps,
          ("records " + show(record.capacity()) + " draws of dimension " + show(dim) +
           ", more than can be stored; raise 'thin' or 'burn_in'").c_str());
  return config;
}

/// The number of draws a chain records in its first `steps` iterations:
/// record.capacity() for all n_steps, less the iterations of exploration
/// stages (SPEC §3), so that a cyclical sampler stores no more than it keeps.
Index recorded_draws(const RecordPolicy& record, const StepSchedule& schedule, Index steps) {
  if (schedule.kind != ScheduleKind::kCyclical || schedule.exploration == 0.0) {
    return steps > record.burn_in ? (steps - record.burn_in) / record.thin : 0;
  }
  Index count = 0;
  for (Index k = 1; k <= steps; ++k) count += record.records(k) && !schedule.exploring(k);
  return count;
}

/// The warm-up W of a preconditioner: precondition_steps, or burn_in when 0;
/// checked against the burn-in, since L may change only while nothing is
/// recorded.
Index precondition_warm_up(const SamplerConfig& config, const RecordPolicy& record) {
  const Index steps = config.precondition.steps;
  const Index warm_up = steps > 0 ? steps : record.burn_in;
  require(steps > 0 || record.burn_in > 0, "burn_in", record.burn_in,
          "must be > 0 with a preconditioner: its warm-up is the burn-in unless "
          "precondition_steps is set");
  require(warm_up <= record.burn_in, "precondition_steps", steps,
          ("must be <= burn_in = " + show(record.burn_in) +
           ": the preconditioner changes only while nothing is recorded")
              .c_str());
  return warm_up;
}

/// The iterations an automatic warm-up takes: the burn-in, or the first
/// stage of an automatic partition's pilot, which moves with the plain step
/// (SPEC §4.4) and is long enough for it (contour_settings.cpp).
Index warm_up_length(const SamplerConfig& config, const RecordPolicy& record) {
  return warms_up_in_pilot(config) ? config.contour.pilot_steps / 2 : record.burn_in;
}

/// SPEC §4.4: the pilot of an automatic partition is part of the burn-in.
RecordPolicy pilot_as_burn_in(RecordPolicy record, const SamplerConfig& config) {
  if (is_contour(config.kind) && config.contour.auto_partition) {
    record.burn_in = std::max(record.burn_in, config.contour.pilot_steps);
  }
  return record;
}

std::string at(Index chain, Index k) { return " at chain " + show(chain) + ", step " + show(k); }

/// The first coordinate of v that is not finite, or -1.
Index first_non_finite(ConstVecRef v) {
  // x * 0 is 0 for a finite x and NaN otherwise: one vectorised sum tests
  // every coordinate (Eigen's allFinite() tests them one by one).
  if (std::isfinite((v.array() * 0.0).sum())) return -1;
  Index i = 0;
  while (std::isfinite(v[i])) ++i;
  return i;
}

[[noreturn]] void throw_non_finite(const std::string& what, Index chain, Index k) {
  throw Error(ErrorKind::kNonFinite, "the model returned a non-finite " + what + at(chain, k));
}

/// "the model returned a non-finite gradient (coordinate 1 = inf) at chain c, step k".
std::string non_finite(const char* what, double value, Index coordinate, Index chain, Index k) {
  const std::string shown = coordinate >= 0 ? "coordinate " + show(coordinate) + " = " + show(value)
                                            : show(value);
  return "the model returned a non-finite " + std::string(what) + " (" + shown + ")" + at(chain, k);
}

/// "the model failed at chain c, step k: <cause>".
std::string failed(const std::string& cause, Index chain, Index k) {
  return "the model failed" + at(chain, k) + ": " + cause;
}

}  // namespace

Chain::Chain(const SamplerConfig& sampler, const RecordPolicy& record, Index dim, Index data_size,
             ConstVecRef x0, const ChainSeed& seed, std::shared_ptr<Theta> shared_theta)
    : config_(validated(sampler, record, dim, x0)),
      record_(pilot_as_burn_in(record, config_)),
      seed_(seed),
      kernel_(make_kernel(config_, x0, data_size)),
      batch_(data_size, sampler.batch_size),
      batch_rng_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kBatches)),
      target_noise_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kTargetNoise)),
      move_noise_(Rng::stream(seed.seed, static_cast<std::uint64_t>(seed.chain), StreamPurpose::kMoves)),
      batch_grad_(Vec::Zero(dim)),
      prior_grad_(Vec::Zero(dim)),
      grad_(Vec::Zero(data_size > 0 ? dim : 0)),
      terms_{0.0, 0.0, batch_grad_, prior_grad_},
      draws_(dim, recorded_draws(record_, config_.schedule, record_.n_steps)),
      contour_(is_contour(config_.kind)
                   ? std::make_unique<Contour>(config_.contour,
                                               config_.kind != SamplerKind::kKsgld &&
                                                   !is_interacting(config_.kind),
                                               draws_.capacity(), record_.n_steps,
                                               std::move(shared_theta))
                   : nullptr),
      vr_(contour_ && config_.contour.vr_period > 0
              ? std::make_unique<VarianceReducedEnergy>(config_.contour.vr_period, dim, data_size)
              : nullptr),
      precond_(config_.precondition.active()
                   ? std::make_unique<Preconditioner>(config_.precondition.kind, dim,
                                                      precondition_warm_up(config_, record_))
                   : nullptr),
      x_query_(precond_ ? Vec(x0) : Vec()),
      x_position_(precond_ ? Vec(x0) : Vec()),
      stages_(make_stages()) {
  require(is_interacting(config_.kind) == (contour_ && contour_->shares_theta()), "sampler",
          sampler_name(config_.kind),
          "runs with a theta shared by its chains (sgmc::sample), not as a lone chain");
  require(!vr_ || data_size > 0, "contour_vr_period", config_.contour.vr_period,
          "needs a model with data (N > 0); use 0 for a data-free target");
  batch_.next(batch_rng_);
}

Chain::~Chain() = default;

const SteinMoments* Chain::stein() const { return stein_ ? &stein_->moments() : nullptr; }

std::vector<std::unique_ptr<ChainStage>> Chain::make_stages() {
  // The order is the SPEC's: the contour index and multiplier (SPEC §4) and
  // the control point (§4.3) see the evaluation as the model returned it;
  // the domain box (§4.2) keeps the position before the move; the
  // preconditioner maps the final gradients to the kernel's coordinates.
  std::vector<std::unique_ptr<ChainStage>> stages;
  const Index dim = this->dim();
  // The warm-up sets each burn-in iteration's step and temperature, which
  // every later stage reads.
  if (config_.warm_up.automatic) {
    auto warm_up = std::make_unique<WarmUpStage>(config_, precond_, dim,
                                                 warm_up_length(config_, record_),
                                                 kernel_->reads_mean_gradient());
    warm_up_ = warm_up.get();
    stages.push_back(std::move(warm_up));
  }
  if (contour_) stages.push_back(std::make_unique<ContourStage>(*contour_, dim));
  if (vr_) stages.push_back(std::make_unique<VarianceControlStage>(*vr_));
  if (config_.domain.active()) stages.push_back(std::make_unique<DomainStage>(config_.domain, dim));
  if (precond_) {
    stages.push_back(std::make_unique<PreconditionStage>(precond_, dim, kernel_->reads_mean_gradient()));
  }
  // Last: the step-size bias check reads what the kernel moves with.
  if (SteinStage::applies(config_)) {
    auto stein = std::make_unique<SteinStage>(dim, draws_.capacity());
    stein_ = stein.get();
    stages.push_back(std::move(stein));
  }
  return stages;
}

void Chain::configure_contour(Index stage, const PartitionChoice& choice) {
  if (!contour_) throw Error(ErrorKind::kState, "the chain is not a contour sampler's");
  contour_->configure(stage, choice);
}

void Chain::set_fault_policy(const FaultPolicy& policy) {
  policy.validate();
  config_.faults = policy;
}

Chain::CheckedTerms Chain::check_terms() {
  CheckedTerms out;
  const Index n = batch_.size();
  const double scale = batch_scale();
  out.energy = energy();
  if (!std::isfinite(out.energy)) {
    out.bad = "energy";
    out.value = out.energy;
    return out;
  }
  out.index_energy = out.energy;
  if (vr_) {
    out.index_energy = reduced_energy(k_ + 1, scale);
    if (!std::isfinite(out.index_energy)) {
      out.bad = "variance-reduced energy";
      out.value = out.index_energy;
      return out;
    }
  }
  if (n > 0) grad_.noalias() = prior_grad_ + scale * batch_grad_;
  const Vec& grad = n > 0 ? grad_ : prior_grad_;
  if (const Index i = first_non_finite(grad); i >= 0) {
    out.bad = "gradient";
    out.coordinate = i;
    out.value = grad[i];
  }
  return out;
}

template <typename Message>
bool Chain::fault(ErrorKind kind, const Rng* noise_before, Message&& message) {
  const Index k = k_ + 1;
  const Index limit = config_.faults.max_consecutive;
  if (config_.faults.reject && consecutive_faults_ + 1 < limit) {
    // The same iteration again: same state, fresh batch and target noise.
    ++faults_;
    ++consecutive_faults_;
    if (vr_) vr_->discard();  // S_B(xbar) belongs to the old batch
    batch_.next(batch_rng_);
    return false;
  }
  if (noise_before != nullptr) {  // undo what the failed evaluation changed
    target_noise_ = *noise_before;
    if (vr_) vr_->discard();
  }
  std::string text = message(seed_.chain, k);
  if (config_.faults.reject) {
    text = "chain " + show(seed_.chain) + " faulted " + show(limit) + " times in a row at step " +
           show(k) + " (max_consecutive_faults = " + show(limit) + "); the last fault: " + text;
  }
  throw ModelFault(kind, text, seed_.chain, k);
}

void Chain::tell() {
  if (k_ >= record_.n_steps) {
    throw Error(ErrorKind::kState, "chain " + show(seed_.chain) + " has completed its n_steps = " +
                                       show(record_.n_steps) + " iterations");
  }
  check_query();
  const CheckedTerms checked = check_terms();
  if (checked.bad != nullptr) {
    fault(ErrorKind::kNonFinite, nullptr, [&](Index chain, Index k) {
      return non_finite(checked.bad, checked.value, checked.coordinate, chain, k);
    });
    return;  // rejected
  }
  consecutive_faults_ = 0;
  const Index k = k_ + 1;
  // An extra evaluation of a kernel that needs one (MHBT) is no iteration.
  const bool iteration = kernel_->next_is_iteration();
  // SPEC §3: the exploration stage of a cyclical sampler moves with tau = 0
  // and records nothing; burn-in and thinning count every iteration.
  const bool exploring = config_.schedule.exploring(k);
  const bool records = iteration && !exploring && record_.records(k);
  const Index n = batch_.size();
  const Vec& grad = n > 0 ? grad_ : prior_grad_;
  StageStep step{{k, config_.schedule.at(k), exploring ? 0.0 : config_.temperature},
                 iteration, records, checked.index_energy, query(), &grad, &grad,
                 n > 0 ? &batch_grad_ : &prior_grad_, n > 0 ? 1.0 / static_cast<double>(n) : 1.0,
                 &grad};
  for (const auto& stage : stages_) stage->transform(step, *kernel_);
  // The draw of iteration k is the evaluated point x_k with its U_hat(x_k),
  // or the kernel's position after the step when it says so (MHBT).
  if (records && !kernel_->records_position()) draws_.push(query(), checked.energy, k);
  kernel_->step({checked.energy, *step.move_grad, *step.mean_grad_base, step.mean_grad_scale,
                 batch_.current()},
                step.info, move_noise_);
  map_state();
  for (const auto& stage : stages_) {
    if (stage->filter(step, *kernel_, position())) map_state();
  }
  if (records && kernel_->records_position()) {
    draws_.push(position(), kernel_->position_energy(), k);
  }
  if (iteration) {
    k_ = k;
    bool restart = false;
    for (auto stage = stages_.rbegin(); stage != stages_.rend(); ++stage) {
      restart = (*stage)->end_iteration(k) || restart;
    }
    if (restart) restart_kernel();
    if (warm_up_) warm_up_->settle(*kernel_);
  }
  batch_.next(batch_rng_);
}

void Chain::check_query() const {
  // A move can overflow from finite terms (a step_size or temperature near
  // the largest double, a huge gradient). No fault of the model, so no
  // policy retries it: the chain stays where the move left it.
  if (const Index i = first_non_finite(query()); i >= 0) {
    throw ModelFault(ErrorKind::kNonFinite,
                     "the sampler's move gave a non-finite point (coordinate " + show(i) + " = " +
                         show(query()[i]) + ")" + at(seed_.chain, k_ + 1) +
                         ": step_size, temperature or the gradient is too large",
                     seed_.chain, k_ + 1);
  }
}

ConstVecRef Chain::position() const {
  if (!precond_) return kernel_->position();
  return kernel_->records_position() ? ConstVecRef(x_position_) : ConstVecRef(x_query_);
}

void Chain::map_state() {
  if (!precond_) return;
  precond_->to_x(kernel_->query(), x_query_);
  if (kernel_->records_position()) precond_->to_x(kernel_->position(), x_position_);
}

void Chain::restart_kernel() {
  // x stays where it is; only its coordinates y change.
  Vec y(position());
  if (precond_) precond_->to_y(position(), y);
  const std::unique_ptr<Kernel> previous = std::move(kernel_);
  kernel_ = make_kernel(config_, y, batch_.data_size());
  kernel_->carry_over(*previous, [this](VecRef v) {
    if (precond_) precond_->map_gradient_moment(v);
  });
  map_state();
}

void Chain::tell_fault(const std::string& cause) {
  if (k_ >= record_.n_steps) {
    throw Error(ErrorKind::kState, "chain " + show(seed_.chain) + " has completed its n_steps = " +
                                       show(record_.n_steps) + " iterations");
  }
  fault(ErrorKind::kCallback, nullptr,
        [&](Index chain, Index k) { return failed(cause, chain, k); });
}

double Chain::batch_scale() const {
  const Index n = batch_.size();
  return n > 0 ? static_cast<double>(batch_.data_size()) / static_cast<double>(n) : 0.0;
}

// SPEC §0: U_hat = U0 + (N/n) S_B, grad U_hat = grad U0 + (N/n) grad S_B.
double Chain::energy() const { return terms_.prior_energy + batch_scale() * terms_.batch_energy; }

double Chain::index_energy() const {
  const Index k = k_ + 1;
  const double energy = this->energy();
  if (!std::isfinite(energy)) throw_non_finite("energy (" + show(energy) + ")", seed_.chain, k);
  if (!vr_) return energy;
  const double u = reduced_energy(k, batch_scale());
  if (!std::isfinite(u)) throw_non_finite("variance-reduced energy (" + show(u) + ")", seed_.chain, k);
  return u;
}

double Chain::reduced_energy(Index k, double scale) const {
  if (!vr_->ready(k)) {
    throw Error(ErrorKind::kState, "chain " + show(seed_.chain) + ", step " + show(k) +
                                       ": contour_vr_period > 0 needs the control-point energies "
                                       "(tell_control) before tell");
  }
  return vr_->energy(terms_.prior_energy, scale, terms_.batch_energy);
}

void Chain::tell_control(double batch_energy, double full_energy) {
  if (!vr_) throw Error(ErrorKind::kState, "the chain has no variance-reduced energy (contour_vr_period = 0)");
  vr_->set(k_ + 1, batch_energy, full_energy);
}

ConstVecRef Chain::control_point() const { return vr_->point(k_ + 1, query()); }

bool Chain::control_refresh() const { return vr_->refreshes(k_ + 1); }

void Chain::evaluate(const Model& model, ModelWorkspace* workspace) {
  if (vr_) {  // SPEC §4.3: energy-only evaluations at the control point
    const auto xbar = control_point();
    double full = 0.0;
    if (control_refresh()) {
      model.evaluate({xbar, vr_->all_data(), false, seed_.chain, &target_noise_, workspace}, terms_);
      full = terms_.batch_energy;
    }
    model.evaluate({xbar, batch_.current(), false, seed_.chain, &target_noise_, workspace}, terms_);
    tell_control(terms_.batch_energy, full);
  }
  const EvalRequest request{query(), batch_.current(), true, seed_.chain, &target_noise_,
                            workspace};
  model.evaluate(request, terms_);
}

bool Chain::try_evaluate(const Model& model, ModelWorkspace* workspace) {
  check_query();
  const Rng noise = target_noise_;
  try {
    evaluate(model, workspace);
  } catch (const std::bad_alloc&) {
    throw;  // the machine's, not the model's: no retry can help
  } catch (const std::exception& e) {
    // sgmc::Error keeps its kind (kCallback for a callback's non-zero return).
    const auto* error = dynamic_cast<const Error*>(&e);
    return fault(error != nullptr ? error->kind() : ErrorKind::kCallback, &noise,
                 [&](Index chain, Index k) { return failed(e.what(), chain, k); });
  } catch (...) {
    return fault(ErrorKind::kCallback, &noise, [](Index chain, Index k) {
      return failed("an exception that is not a std::exception", chain, k);
    });
  }
  return accept_terms(&noise);
}

bool Chain::check_evaluation() { return accept_terms(nullptr); }

bool Chain::accept_terms(const Rng* noise_before) {
  const CheckedTerms checked = check_terms();
  if (checked.bad == nullptr) return true;
  return fault(ErrorKind::kNonFinite, noise_before, [&](Index chain, Index k) {
    return non_finite(checked.bad, checked.value, checked.coordinate, chain, k);
  });
}

void Chain::advance(const Model& model, ModelWorkspace* workspace) {
  const Index k = k_;
  while (k_ == k) {  // extra evaluations first, if the kernel asks for any
    if (try_evaluate(model, workspace)) tell();
  }
}

void Chain::exchange(Chain& other) noexcept {
  // A preconditioner travels with the state it expresses: x stays x.
  kernel_.swap(other.kernel_);
  precond_.swap(other.precond_);
  x_query_.swap(other.x_query_);
  x_position_.swap(other.x_position_);
  std::swap(terms_.batch_energy, other.terms_.batch_energy);
  std::swap(terms_.prior_energy, other.terms_.prior_energy);
  terms_.batch_grad.swap(other.terms_.batch_grad);  // element by element: the buffers stay
  terms_.prior_grad.swap(other.terms_.prior_grad);
}

void Chain::save_exchanged(ByteWriter& out) const {
  kernel_->save(out);
  if (precond_) precond_->save(out);
  out.f64(terms_.batch_energy);
  out.f64(terms_.prior_energy);
  out.values(batch_grad_);
  out.values(prior_grad_);
}

void Chain::load_exchanged(ByteReader& in) {
  kernel_->load(in);
  if (precond_) precond_->load(in);
  map_state();
  terms_.batch_energy = in.f64("exchanged batch energy");
  terms_.prior_energy = in.f64("exchanged prior energy");
  in.doubles("exchanged batch gradient", batch_grad_);
  in.doubles("exchanged prior gradient", prior_grad_);
  in.finish();
}

void Chain::save(ByteWriter& out) const {
  out.section("CHAN");
  out.i64(seed_.chain);
  out.i64(dim());
  out.i64(k_);
  out.i64(faults_);
  out.i64(consecutive_faults_);
  if (warm_up_) warm_up_->save(out);
  kernel_->save(out);
  if (precond_) precond_->save(out);
  batch_.save(out);
  batch_rng_.save(out);
  target_noise_.save(out);
  move_noise_.save(out);
  out.f64(terms_.batch_energy);
  out.f64(terms_.prior_energy);
  out.values(batch_grad_);
  out.values(prior_grad_);
  draws_.save(out);
  if (stein_) stein_->moments().save(out);
  if (contour_) contour_->save(out);
  if (vr_) vr_->save(out);
}

void Chain::load(ByteReader& in) {
  in.section("CHAN");
  in.index("chain index", seed_.chain, seed_.chain);
  in.index("dimension", dim(), dim());
  k_ = in.index("iterations done", 0, record_.n_steps);
  faults_ = in.index("rejected evaluations", 0, std::numeric_limits<Index>::max());
  consecutive_faults_ = in.index("consecutive rejections", 0, faults_);
  // The warm-up's settings rebuild the kernel the checkpoint's state goes into.
  if (warm_up_) {
    warm_up_->load(in);
    kernel_ = make_kernel(config_, kernel_->position(), batch_.data_size());
  }
  kernel_->load(in);
  if (precond_) {
    precond_->load(in);
    map_state();
  }
  batch_.load(in);
  batch_rng_.load(in);
  target_noise_.load(in);
  move_noise_.load(in);
  // An evaluation made ahead of its tell is checked by tell() like any other.
  terms_.batch_energy = in.f64("evaluated batch energy");
  terms_.prior_energy = in.f64("evaluated prior energy");
  in.doubles("evaluated batch gradient", batch_grad_);
  in.doubles("evaluated prior gradient", prior_grad_);
  const Index draws = recorded_draws(record_, config_.schedule, k_);
  draws_.load(in, draws, k_);
  if (stein_) stein_->moments().load(in, draws);
  if (contour_) contour_->load(in, draws, k_);
  if (vr_) vr_->load(in);
}

}  // namespace sgmc
