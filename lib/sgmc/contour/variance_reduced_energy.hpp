// The variance-reduced energy of ICSGLD supplement eq. (18) (SPEC §4.3),
// used for the partition index (and so the multiplier and the weights) only:
//   U_VR(x) = U0(x) + (N/n) (S_B(x) - S_B(xbar)) + S_all(xbar),
// with a control point xbar refreshed to the current state x_k at
// iterations k = 1, 1 + q, 1 + 2q, ... together with its full-data sum
// S_all(xbar). Every step needs one extra energy-only evaluation S_B(xbar)
// on the step's own batch, and a refresh a full pass over the data: the
// chain's caller provides both before the step is told (Chain::tell_control;
// Chain::advance evaluates them itself).
#pragma once

#include <span>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

class VarianceReducedEnergy {
 public:
  /// Refresh period q >= 1; dim d; data_size N >= 1.
  VarianceReducedEnergy(Index period, Index dim, Index data_size);

  /// True when iteration k (1-based) moves the control point to x_k.
  bool refreshes(Index k) const { return (k - 1) % period_ == 0; }
  /// xbar for iteration k, whose evaluation point is x.
  ConstVecRef point(Index k, ConstVecRef x) const {
    if (refreshes(k)) return x;
    return control_;
  }
  /// Every data index 0..N-1: the batch of a full pass.
  std::span<const Index> all_data() const { return all_data_; }

  /// Takes S_B(xbar) and, when iteration k refreshes, S_all(xbar) (ignored otherwise).
  void set(Index k, double batch_energy, double full_energy);
  /// True once set() was called for iteration k.
  bool ready(Index k) const { return pending_k_ == k; }
  /// Forgets what set() was given (the evaluation it belonged to failed).
  void discard() { pending_k_ = 0; }
  /// U_VR from U0(x), N/n and S_B(x) at the iteration set() was called for.
  double energy(double prior_energy, double scale, double batch_energy) const;
  /// Ends iteration k, whose evaluation point was x: a refresh moves xbar there.
  void commit(Index k, ConstVecRef x);

  /// Checkpoints: the control point, its full-data sum and what was set for
  /// an iteration not yet committed.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  Index period_;
  Vec control_;
  double control_full_ = 0.0;  ///< S_all(xbar)
  double pending_batch_ = 0.0;
  double pending_full_ = 0.0;
  Index pending_k_ = 0;
  std::vector<Index> all_data_;
};

}  // namespace sgmc
