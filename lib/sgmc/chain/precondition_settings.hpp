// The optional fixed preconditioner of SGLD-family chains (docs/preconditioning.md):
// a linear change of coordinates x = L y estimated during warm-up.
#pragma once

#include "sgmc/core/types.hpp"

namespace sgmc {

enum class PreconditionKind {
  kNone,   ///< the chain moves in x (the default; runs are as before)
  kDiag,   ///< L = diag(s): one scale per coordinate
  kDense,  ///< L lower triangular: scales and correlations
};

/// A dense preconditioner stores d x d doubles and costs O(d^2) per step;
/// above this dimension "diag" is the one that pays.
inline constexpr Index kMaxDensePreconditionDim = 5000;
/// An automatic warm-up's preconditioner is dense up to this dimension
/// (docs/warm_up.md): its O(d^2) a step is then below a gradient's cost on
/// any batch of d data, and it is what makes a correlated posterior (a
/// regression's intercept and coefficients) mix; "diag" above it.
inline constexpr Index kMaxAutoDenseDim = 50;
/// The shortest warm-up window: fewer positions say little about a covariance.
inline constexpr Index kMinPreconditionWindow = 20;

struct PreconditionSettings {
  PreconditionKind kind = PreconditionKind::kNone;
  /// Warm-up iterations W during which L is estimated, in windows; 0 means
  /// burn_in. Resolved and checked against burn_in by the chain.
  Index steps = 0;
  /// The kind is chosen by the chain from the dimension (kMaxAutoDenseDim).
  bool by_dimension = false;

  bool active() const { return kind != PreconditionKind::kNone; }
};

}  // namespace sgmc
