// The real tables of tests/data as the benchmarks use them: read, split or
// joined by rows, and standardised with the column means and standard
// deviations of a reference (training) table, so that test rows are scaled
// as the model saw its training rows.
#pragma once

#include <cmath>
#include <memory>
#include <string>

#include "sgmc/data/csv.hpp"
#include "sgmc/data/dataset.hpp"

namespace sgmc::bench {

struct Table {
  RowMatrix features;
  Vec targets;
};

inline Table read_table(const std::string& path, const std::string& target) {
  const auto data = read_csv(path, target);
  return {data->features(), data->targets()};
}

/// Rows [begin, end) of `table`.
inline Table rows(const Table& table, Index begin, Index end) {
  return {table.features.middleRows(begin, end - begin), table.targets.segment(begin, end - begin)};
}

/// `a` with the rows of `b` below it.
inline Table join(const Table& a, const Table& b) {
  Table out{RowMatrix(a.features.rows() + b.features.rows(), a.features.cols()),
            Vec(a.targets.size() + b.targets.size())};
  out.features << a.features, b.features;
  out.targets << a.targets, b.targets;
  return out;
}

/// Centres and scales every column of `table` by `reference`'s mean and
/// standard deviation; a constant column (blank pixels) is only centred.
inline void standardise(Table& table, const Table& reference) {
  const Eigen::RowVectorXd mean = reference.features.colwise().mean();
  for (Index j = 0; j < table.features.cols(); ++j) {
    const double sd = std::sqrt((reference.features.col(j).array() - mean(j)).square().mean());
    table.features.col(j) = (table.features.col(j).array() - mean(j)) / (sd > 0 ? sd : 1.0);
  }
}

inline std::shared_ptr<const Dataset> dataset(const Table& table) {
  return Dataset::copy(table.features.rows(), table.features.cols(), table.features.data(),
                       table.targets.data());
}

}  // namespace sgmc::bench
