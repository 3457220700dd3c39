// In-memory storage of one chain's recorded draws, sized once up front so
// that recording inside a step never allocates.
#pragma once

#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader;
class ByteWriter;

/// Which iterations are kept: k > burn_in and (k - burn_in) divisible by thin.
struct RecordPolicy {
  Index n_steps = 1000;
  Index burn_in = 0;
  Index thin = 1;

  void validate() const;
  bool records(Index k) const { return k > burn_in && (k - burn_in) % thin == 0; }
  /// Number of draws kept over n_steps iterations.
  Index capacity() const { return (n_steps - burn_in) / thin; }
};

class DrawStore {
 public:
  DrawStore(Index dim, Index capacity);

  /// A copy holding only the draws made so far (capacity = size).
  DrawStore trimmed() const;

  /// Appends draw x recorded at iteration k with stochastic energy U_hat.
  /// Precondition: size() < capacity().
  void push(ConstVecRef x, double energy, Index k);

  Index size() const { return size_; }
  Index capacity() const { return draws_.cols(); }
  Index dim() const { return draws_.rows(); }

  /// Column j is draw j (contiguous).
  Eigen::Ref<const Eigen::MatrixXd> draws() const { return draws_.leftCols(size_); }
  Eigen::Ref<const Eigen::VectorXd> energies() const { return energies_.head(size_); }
  /// Iteration k of each draw.
  const std::vector<Index>& steps() const { return steps_; }

  /// Checkpoints: the draws so far. load() requires exactly `expected`
  /// draws (what the chain's iterations so far record), each from an
  /// iteration in [1, last_step], in increasing order.
  void save(ByteWriter& out) const;
  void load(ByteReader& in, Index expected, Index last_step);

 private:
  Eigen::MatrixXd draws_;
  Eigen::VectorXd energies_;
  std::vector<Index> steps_;
  Index size_ = 0;
};

}  // namespace sgmc
