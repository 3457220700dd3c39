// What a run recorded, read through the C API's generic accessors
// (sgmc_draws_copy, sgmc_draws_copy_column, sgmc_draws_copy_stat): the
// program's view of an sgmc_draws, which knows no sampler family.
#pragma once

#include <Eigen/Core>

#include <vector>

#include "library.hpp"

namespace sgmc::app {

class DrawsView {
 public:
  /// `draws` may be null: no chains.
  explicit DrawsView(const sgmc_draws* draws);

  Index n_chains() const { return n_chains_; }
  Index dim() const { return dim_; }
  /// The draws of `chain`.
  Index count(Index chain) const;
  /// The draws of `chain`, d x n: a column per draw.
  Eigen::MatrixXd points(Index chain) const;
  /// A column of `chain` (one value per draw: "energy", "log_weight", ...).
  std::vector<double> column(Index chain, const char* name) const;
  /// A column of int64 values ("step", "cycle", "subregion").
  std::vector<std::int64_t> int_column(Index chain, const char* name) const;
  /// A statistic of `chain` that is one double ("temperature", "contour_u1", ...).
  double stat(Index chain, const char* name) const;
  /// A statistic that is one int64 ("faults", "iterations", "mhbt_accepted", ...).
  std::int64_t int_stat(Index chain, const char* name) const;
  /// Whether these draws have statistic `name` (their sampler's, and
  /// "warm_up_*" after an automatic warm-up).
  bool has_statistic(const char* name) const;
  /// Whether `chain` has statistic `name` now (the partition of a chain
  /// stopped during its pilot has none yet).
  bool has_stat(Index chain, const char* name) const;

  const sgmc_draws* handle() const { return draws_; }

 private:
  const sgmc_draws* draws_;
  Index n_chains_ = 0;
  Index dim_ = 0;
};

}  // namespace sgmc::app
