// A model that fails at chosen evaluations, for the tests of faults of the
// model (docs/faults.md). Each chain counts its own evaluations in its
// workspace, so the faults hit the same evaluations whatever the number of
// threads.
#pragma once

#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc::testing {

enum class Inject {
  kNanEnergy,    ///< the prior energy is NaN (S_B, for an energy-only call)
  kInfGradient,  ///< a gradient coordinate is +inf (S_B, for an energy-only call)
  kThrow,        ///< throws std::runtime_error("injected fault")
  kError,        ///< throws sgmc::Error(kCallback), as the C callback model does
};

/// One injected fault: evaluation `evaluation` (1-based, counting every
/// evaluation of the chain, energy-only ones too) of chain `chain`.
struct InjectedFault {
  Index chain;
  Index evaluation;
  Inject what;
};

class FaultyModel final : public Model {
 public:
  /// Wraps `inner` (which must outlive this). With `use_noise`, every
  /// evaluation draws one uniform u from the chain's target-noise stream
  /// and adds 1e-6 u to the prior energy (before any fault), so that the
  /// stream's position shows in the recorded energies.
  FaultyModel(const Model& inner, std::vector<InjectedFault> faults, bool use_noise = false)
      : inner_(inner), faults_(std::move(faults)), use_noise_(use_noise) {}

  Index dim() const override { return inner_.dim(); }
  Index data_size() const override { return inner_.data_size(); }
  bool thread_safe() const override { return inner_.thread_safe(); }

  struct Workspace final : ModelWorkspace {
    std::unique_ptr<ModelWorkspace> inner;
    Index evaluations = 0;
  };
  std::unique_ptr<ModelWorkspace> make_workspace() const override {
    auto w = std::make_unique<Workspace>();
    w->inner = inner_.make_workspace();
    return w;
  }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    auto& w = *static_cast<Workspace*>(request.workspace);  // the tests always pass one
    const Index n = ++w.evaluations;
    EvalRequest inner = request;
    inner.workspace = w.inner.get();
    inner_.evaluate(inner, out);
    if (use_noise_) out.prior_energy += 1e-6 * request.noise->uniform();
    for (const auto& f : faults_) {
      if (f.chain != request.chain || f.evaluation != n) continue;
      switch (f.what) {
        case Inject::kNanEnergy:
          // An energy-only call (a control point's) has only S_B to spoil.
          (request.want_gradient ? out.prior_energy : out.batch_energy) =
              std::numeric_limits<double>::quiet_NaN();
          break;
        case Inject::kInfGradient:
          if (request.want_gradient) {
            out.prior_grad[0] = std::numeric_limits<double>::infinity();
          } else {
            out.batch_energy = std::numeric_limits<double>::infinity();
          }
          break;
        case Inject::kThrow:
          throw std::runtime_error("injected fault");
        case Inject::kError:
          throw Error(ErrorKind::kCallback, "the model callback returned 3");
      }
    }
  }

 private:
  const Model& inner_;
  std::vector<InjectedFault> faults_;
  bool use_noise_;
};

}  // namespace sgmc::testing
