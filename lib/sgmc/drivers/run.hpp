// A run as a state machine (ask/tell at the level of the run): rounds of
// iterations ending at the multiples of progress_every and of the
// checkpoint interval, with a progress report (and a chance to cancel) at
// the former and a checkpoint at the latter and whenever the run stops.
// Within a round, its driver hands out tasks; whoever runs the run does
// them (execute.hpp with a model on worker threads, hosted_run.hpp for a
// host that evaluates its own model) and asks again.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "sgmc/drivers/driver.hpp"

namespace sgmc {

class Run {
 public:
  /// With checkpointing.resume set, `driver` (built with resuming = true)
  /// reads its state from there and the run goes on from the iteration it
  /// was saved at.
  Run(std::unique_ptr<Driver> driver, Index n_steps, const RunConfig& config,
      Checkpointing checkpointing = {});

  enum class State {
    kTasks,     ///< tasks() are to be done (ChainTask), then next()
    kRoundEnd,  ///< a round ended at outcome().steps_done: report progress, or cancel()
    kFinished,  ///< outcome() says how
  };
  /// Goes on: takes the finished tasks' results (the chains' states and
  /// faults()), ends rounds (writing the checkpoints due), and stops at the
  /// next thing the caller must do. A round boundary reached at the run's
  /// end or by cancel() saves the checkpoint that ends the run. A fault
  /// that stops the run ends it with no checkpoint, so the last one stays
  /// the state of a whole round.
  State next();

  std::span<const ChainTask> tasks() const { return tasks_; }
  /// Where the tasks' faults go (ChainFaults::guard).
  ChainFaults& faults() { return faults_; }
  ChainList& chains() { return driver_->chains(); }
  const Driver& driver() const { return *driver_; }

  /// At State::kRoundEnd: whether progress is due (a multiple of
  /// progress_every, or the end).
  bool progress_due() const;
  /// At State::kRoundEnd: stops the run here (outcome().cancelled unless
  /// it is at n_steps); the next next() saves its checkpoint and finishes.
  void cancel();

  const RunOutcome& outcome() const { return outcome_; }
  Index n_steps() const { return n_steps_; }

  /// Writes the run as it stands, between tasks, to the checkpoint file
  /// `path` (the preamble given at construction, then the driver's state):
  /// a run built from it goes on exactly as this one would. A chain that a
  /// fault stopped is saved as it was before the faulty evaluation, which
  /// the resumed run makes again. Anywhere but where checkpoints are
  /// written (a round's end after the first iteration) only for a driver
  /// that saves_within_rounds(), else Error(kUnsupported).
  void save(const std::string& path) const;

 private:
  /// The round that ended: its checkpoint, if due; whether the run stops.
  bool end_round();

  std::unique_ptr<Driver> driver_;
  Index n_steps_;
  RunConfig config_;
  Checkpointing checkpointing_;
  ChainFaults faults_;
  std::span<const ChainTask> tasks_;
  RunOutcome outcome_;
  Index round_end_ = 0;  ///< 0 between rounds
  State state_ = State::kTasks;
};

}  // namespace sgmc
