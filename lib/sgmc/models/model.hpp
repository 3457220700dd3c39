// The model interface of SPEC §0. A model answers one question: at a point x
// and for a multiset of data indices B, what are S_B(x) = sum_{i in B} U_i(x),
// the prior term U0(x), and (when asked) their gradients. The engine forms
// the stochastic estimates U_hat and grad U_hat from these terms; models never
// see step sizes, temperatures or batch scaling.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sgmc/core/types.hpp"
#include "sgmc/random/rng.hpp"

namespace sgmc {

/// What one evaluation writes. Gradient buffers are owned by the caller
/// (the chain), sized dim(), and left untouched for an energy-only call.
struct ModelTerms {
  double batch_energy = 0.0;  ///< S_B(x); 0 when the batch is empty
  double prior_energy = 0.0;  ///< U0(x)
  VecRef batch_grad;          ///< gradient of S_B at x
  VecRef prior_grad;          ///< gradient of U0 at x
};

/// Per-chain scratch a model may need (e.g. a batch of activations). Created
/// once per chain so that evaluations never allocate.
class ModelWorkspace {
 public:
  virtual ~ModelWorkspace() = default;
};

/// Where and how to evaluate.
struct EvalRequest {
  ConstVecRef x;
  std::span<const Index> batch;    ///< data indices, each in [0, data_size())
  bool want_gradient = true;
  Index chain = 0;                 ///< for error messages and user callbacks
  Rng* noise = nullptr;            ///< the chain's target-noise stream
  ModelWorkspace* workspace = nullptr;  ///< from make_workspace(), may be null
};

class Model {
 public:
  virtual ~Model() = default;

  /// Dimension d of x.
  virtual Index dim() const = 0;
  /// Number of data N; 0 for a data-free target (only U0).
  virtual Index data_size() const = 0;
  /// The names of the d coordinates of x, in order (docs/models.md,
  /// "Parameter names"): x[1], ..., x[d] unless the model knows better.
  /// Defined in parameter_names.cpp.
  virtual std::vector<std::string> parameter_names() const;
  /// True when evaluate() may run concurrently for different chains.
  virtual bool thread_safe() const { return true; }
  /// Scratch for one chain; null when the model needs none.
  virtual std::unique_ptr<ModelWorkspace> make_workspace() const { return nullptr; }

  /// Fills out.batch_energy, out.prior_energy and, when
  /// request.want_gradient, out.batch_grad and out.prior_grad.
  /// Throws sgmc::Error on failure (e.g. a user callback that aborts).
  virtual void evaluate(const EvalRequest& request, ModelTerms& out) const = 0;
};

}  // namespace sgmc
