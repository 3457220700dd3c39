#include "sgmc/drivers/run.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"

namespace sgmc {

Run::Run(std::unique_ptr<Driver> driver, Index n_steps, const RunConfig& config,
         Checkpointing checkpointing)
    : driver_(std::move(driver)),
      n_steps_(n_steps),
      config_(config),
      checkpointing_(std::move(checkpointing)),
      faults_(driver_->chains().size()) {
  config_.validate();
  if (checkpointing_.resume != nullptr) {
    outcome_.steps_done = driver_->load(*checkpointing_.resume, n_steps_);
    checkpointing_.resume = nullptr;
  }
}

Run::State Run::next() {
  if (state_ == State::kFinished) return state_;
  if (state_ == State::kRoundEnd && end_round()) return state_ = State::kFinished;
  if (round_end_ == 0) {
    if (outcome_.steps_done >= n_steps_) return state_ = State::kFinished;
    // Round boundaries are multiples, so a resumed run splits its
    // iterations as the original did.
    const auto next = [&](Index every) {
      return every > 0 ? (outcome_.steps_done / every + 1) * every : n_steps_;
    };
    round_end_ = std::min({next(config_.progress_every), next(checkpointing_.every), n_steps_});
  }
  try {
    tasks_ = driver_->next(round_end_, faults_);
  } catch (const ModelFault& fault) {
    outcome_.fault = fault;
    // Every chain keeps the iterations it completed; the run counts those
    // all of them did.
    const auto& chains = driver_->chains();
    if (!chains.empty()) {
      outcome_.steps_done = chains.front()->steps_done();
      for (const auto& chain : chains) outcome_.steps_done = std::min(outcome_.steps_done, chain->steps_done());
    }
    tasks_ = {};
    return state_ = State::kFinished;
  }
  if (!tasks_.empty()) return state_ = State::kTasks;
  outcome_.steps_done = round_end_;
  round_end_ = 0;
  return state_ = State::kRoundEnd;
}

bool Run::progress_due() const {
  return outcome_.steps_done % config_.progress_every == 0 || outcome_.steps_done == n_steps_;
}

void Run::cancel() {
  if (state_ != State::kRoundEnd) {
    throw Error(ErrorKind::kState, "a run is cancelled at the end of a round only");
  }
  outcome_.cancelled = outcome_.steps_done < n_steps_;
}

void Run::save(const std::string& path) const {
  const bool at_checkpoint = round_end_ == 0 && outcome_.steps_done > 0;
  if (!at_checkpoint && !driver_->saves_within_rounds()) {
    throw Error(ErrorKind::kUnsupported,
                "this sampler's run is saved where its checkpoints are written only: at the "
                "end of a round, where its chains meet (option 'checkpoint_every'), or of the run");
  }
  ByteWriter out;
  out.raw_bytes(checkpointing_.preamble);
  driver_->save(out, outcome_.steps_done);
  write_checkpoint_file(path, out.bytes());
}

bool Run::end_round() {
  const Index end = outcome_.steps_done;
  const bool stops = end == n_steps_ || outcome_.cancelled;
  const bool due = checkpointing_.every > 0 && end % checkpointing_.every == 0;
  if (checkpointing_.writes() && (stops || due)) {
    write_checkpoint(checkpointing_, [&](ByteWriter& out) { driver_->save(out, end); });
  }
  return stops;
}

}  // namespace sgmc
