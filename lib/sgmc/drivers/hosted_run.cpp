#include "sgmc/drivers/hosted_run.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"

namespace sgmc {

HostedRun::HostedRun(std::unique_ptr<Run> run)
    : run_(std::move(run)), dim_(run_->chains().front()->dim()) {
  const std::size_t n = run_->chains().size();
  active_.reserve(n);
  items_.reserve(3 * n);
  evaluations_.reserve(3 * n);
}

const ChainList& HostedRun::chains() const { return run_->driver().run_chains(); }

std::span<const HostedEvaluation> HostedRun::ask() {
  for (std::size_t i = 0; i < items_.size(); ++i) {
    if (!items_[i].told) {
      throw Error(ErrorKind::kState, "evaluation " + show(static_cast<Index>(i)) +
                                         " of the last ask has not been told (tell or tell_fault)");
    }
  }
  items_.clear();
  evaluations_.clear();
  for (std::size_t t = 0; t < active_.size(); ++t) {
    if (active_[t].done) continue;
    if (!settled_) active_[t].done = settle(t);
    if (!active_[t].done) issue(t);
  }
  settled_ = false;
  while (items_.empty()) {
    if (!start_pass()) return {};
  }
  return evaluations_;
}

bool HostedRun::start_pass() {
  for (;;) {
    switch (run_->next()) {
      case Run::State::kTasks: {
        active_.clear();
        auto& chains = run_->chains();
        auto& faults = run_->faults();
        for (const ChainTask& task : run_->tasks()) {
          Chain& chain = *chains[task.chain];
          faults.guard(task.chain, [&] {
            if (task.tell_first) chain.tell();
          });
          const bool done = faults.has(task.chain) || task.then == ChainTask::Then::kNothing ||
                            (task.then == ChainTask::Then::kAdvance &&
                             chain.steps_done() >= task.advance_to);
          active_.push_back({task, done, 0.0, 0.0, {}, false});
          if (!done) issue(active_.size() - 1);
        }
        if (!items_.empty()) return true;
        break;  // nothing to evaluate in this pass: the next one
      }
      case Run::State::kRoundEnd:
        break;
      case Run::State::kFinished:
        active_.clear();
        return false;
    }
  }
}

void HostedRun::issue(std::size_t t) {
  const std::size_t task_chain = active_[t].task.chain;
  const Chain& chain = *run_->chains()[task_chain];
  auto& faults = run_->faults();
  faults.guard(task_chain, [&] { chain.check_query(); });  // a move that overflowed
  if (faults.has(task_chain)) {
    active_[t].done = true;
    return;
  }
  const auto c = static_cast<Index>(task_chain);  // of this run's chains (first_chain is 0)
  const auto push = [&](Part part, bool gradient, const double* x, std::span<const Index> batch) {
    items_.push_back({t, part, false});
    evaluations_.push_back({c, gradient, x, batch});
  };
  if (const auto* vr = chain.variance_reduction()) {  // SPEC §4.3: energies at the control point
    const double* xbar = chain.control_point().data();
    if (chain.control_refresh()) push(Part::kControlFull, false, xbar, vr->all_data());
    push(Part::kControlBatch, false, xbar, chain.batch());
  }
  push(Part::kMain, true, chain.query().data(), chain.batch());
}

bool HostedRun::settle(std::size_t t) {
  Active& active = active_[t];
  const ChainTask& task = active.task;
  Chain& chain = *run_->chains()[task.chain];
  auto& faults = run_->faults();
  bool done = false;
  faults.guard(task.chain, [&] {
    if (active.failed) {  // under "reject" the chain redraws its batch: evaluate again
      chain.tell_fault(active.fault);
      return;
    }
    if (chain.variance_reduction() != nullptr) chain.tell_control(active.control_batch, active.control_full);
    if (task.then == ChainTask::Then::kEvaluate) {
      done = chain.check_evaluation();
    } else {
      chain.tell();  // an MHBT extra evaluation is no iteration: steps_done() stays
      done = chain.steps_done() >= task.advance_to;
    }
  });
  active.failed = false;
  active.fault.clear();
  active.control_full = 0.0;
  return done || faults.has(task.chain);
}

void HostedRun::save(const std::string& path) {
  const auto told = std::ranges::count_if(items_, [](const Item& item) { return item.told; });
  if (told != 0 && told != std::ssize(items_)) {
    throw Error(ErrorKind::kState, "a run is saved with every evaluation of the last ask told, "
                                   "or none; " + show(std::ssize(items_) - told) + " of " +
                                   show(std::ssize(items_)) + " are untold");
  }
  // Only the independent samplers save within a round (their tasks are one
  // chain each), so settling every task before any issue() is what ask()
  // does for them.
  if (told != 0 && !settled_ && run_->driver().saves_within_rounds()) {
    for (std::size_t t = 0; t < active_.size(); ++t) {
      if (!active_[t].done) active_[t].done = settle(t);
    }
    settled_ = true;
  }
  run_->save(path);
}

HostedRun::Item& HostedRun::told_item(Index i) {
  // The messages are formatted only on failure: this runs every evaluation.
  const auto n = static_cast<Index>(items_.size());
  if (i < 0 || i >= n) {
    reject("i", i, ("must be in [0, " + show(n) + "): the evaluations of the last ask").c_str());
  }
  Item& item = items_[static_cast<std::size_t>(i)];
  require(!item.told, "i", i, "was told already since the last ask");
  return item;
}

void HostedRun::tell(Index i, double batch_energy, std::span<const double> batch_grad,
                     double prior_energy, std::span<const double> prior_grad) {
  const auto check = [&](std::span<const double> grad, const char* name) {
    if (grad.empty() || static_cast<Index>(grad.size()) == dim_) return;
    reject(name, "an array of length " + show(static_cast<Index>(grad.size())),
            ("must hold dim = " + show(dim_) + " values, or none for zeros").c_str());
  };
  check(batch_grad, "batch_grad");
  check(prior_grad, "prior_grad");
  Item& item = told_item(i);
  Active& active = active_[item.task];
  switch (item.part) {
    case Part::kControlFull:
      active.control_full = batch_energy;
      break;
    case Part::kControlBatch:
      active.control_batch = batch_energy;
      break;
    case Part::kMain: {
      ModelTerms& terms = run_->chains()[active.task.chain]->terms();
      terms.batch_energy = batch_energy;
      terms.prior_energy = prior_energy;
      const auto set = [](VecRef target, std::span<const double> source) {
        if (source.empty()) {
          target.setZero();
        } else {
          target = Eigen::Map<const Vec>(source.data(), target.size());
        }
      };
      set(terms.batch_grad, batch_grad);
      set(terms.prior_grad, prior_grad);
      break;
    }
  }
  item.told = true;
}

void HostedRun::tell_fault(Index i, const std::string& cause) {
  Item& item = told_item(i);
  Active& active = active_[item.task];
  if (!active.failed) active.fault = cause;
  active.failed = true;
  item.told = true;
}

}  // namespace sgmc
