// A run for a host that evaluates its own model (R, Julia, a C program
// whose model must run on its own thread): ask() hands out every
// evaluation the run needs next — for all chains of the current pass,
// the control points of a variance-reduced energy (SPEC §4.3) and MHBT's
// extra evaluations included — and the host tells each one's result, or
// that it failed, before it asks again. Behind it is the same Run and
// driver that execute() answers on worker threads, so the draws are the
// same as sgmc::sample's for the same options and seed, whoever evaluates.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sgmc/drivers/run.hpp"

namespace sgmc {

/// One evaluation the run needs.
struct HostedEvaluation {
  Index chain = 0;       ///< the chain's index among the run's chains (option first_chain is 0)
  bool gradient = true;  ///< false: the batch energy S_B(x) only (a control point)
  const double* x = nullptr;     ///< dim values
  std::span<const Index> batch;  ///< data indices; empty for a data-free target
};

class HostedRun {
 public:
  explicit HostedRun(std::unique_ptr<Run> run);

  /// Takes the results told since the last ask, then goes on until the
  /// run needs evaluations: returns them (pointers valid until the next
  /// ask), or none when the run has ended (outcome(): finished, or stopped
  /// by a fault of the model). Checkpoints are written as the run reaches
  /// them. Throws Error(kState), changing nothing, while an evaluation of
  /// the last ask has not been told.
  std::span<const HostedEvaluation> ask();

  /// The result of evaluation i of the last ask: the batch sum S_B and its
  /// gradient, and the prior term U0 and its gradient (gradients of dim
  /// values, or empty for zeros; all ignored but batch_energy for an
  /// evaluation without gradient). Throws Error naming `i` for an
  /// index out of range or told already, `dim` for a gradient of the
  /// wrong length.
  void tell(Index i, double batch_energy, std::span<const double> batch_grad,
            double prior_energy, std::span<const double> prior_grad);
  /// Evaluation i of the last ask failed with `cause`: a fault of the model
  /// (docs/faults.md) for its chain: under "reject" the chain's evaluations
  /// are asked again with a fresh batch, under "error" the fault stops the
  /// chain and then the run as sgmc::sample's faults do.
  void tell_fault(Index i, const std::string& cause);

  /// Saves the run to the checkpoint file `path` (Run::save()): with every
  /// evaluation of the last ask told, after taking their results as the
  /// next ask would; with none told, as it stands (the resumed run asks
  /// for them again). Throws Error(kState) while some but not all are
  /// told, Error(kUnsupported) within a round of a sampler whose chains
  /// are coupled.
  void save(const std::string& path);

  /// The evaluations of the last ask.
  std::span<const HostedEvaluation> evaluations() const { return evaluations_; }
  const Run& run() const { return *run_; }
  /// The run's chains (with no draws during an interacting sampler's pilot).
  const ChainList& chains() const;
  const RunOutcome& outcome() const { return run_->outcome(); }
  Index dim() const { return dim_; }

 private:
  /// What the host evaluates for one task: up to three evaluations.
  enum class Part : std::uint8_t { kMain, kControlBatch, kControlFull };
  struct Item {
    std::size_t task = 0;
    Part part = Part::kMain;
    bool told = false;
    double energy = 0.0;  ///< a control point's S_B
  };
  struct Active {
    ChainTask task;
    bool done = false;
    double control_batch = 0.0;  ///< S_B(xbar), told
    double control_full = 0.0;   ///< S_all(xbar), told when the step refreshes xbar
    std::string fault;           ///< the host's first failure among the evaluations
    bool failed = false;
  };

  Item& told_item(Index i);
  /// The evaluations of task t's chain at its query.
  void issue(std::size_t t);
  /// Takes task t's results; true when the task is done.
  bool settle(std::size_t t);
  /// The tasks of the run's next pass, started (their tells first).
  bool start_pass();

  std::unique_ptr<Run> run_;
  Index dim_ = 0;
  std::vector<Active> active_;
  std::vector<Item> items_;
  std::vector<HostedEvaluation> evaluations_;
  bool settled_ = false;  ///< save() took the results of the last ask already
};

}  // namespace sgmc
