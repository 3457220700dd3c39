#include "plot.hpp"

#include <algorithm>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"
#include "sgmc/estimators/weighted.hpp"
#include "trace_png.hpp"

namespace sgmc::app {
namespace {

/// The column of the draws file called `name`, or -1.
Index column_of(const Dataset& table, const std::string& name) {
  const auto& names = table.feature_names();
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<Index>(it - names.begin());
}

/// The rows of chain c, in file order.
std::vector<Index> rows_of(const Dataset::Targets& chain, Index c) {
  std::vector<Index> rows;
  for (Index i = 0; i < chain.size(); ++i) {
    if (chain[i] == static_cast<double>(c)) rows.push_back(i);
  }
  return rows;
}

/// Columns that describe a draw rather than hold one of its coordinates.
bool is_coordinate(const std::string& name) {
  return name != "iteration" && name != "cycle" && name != "index" && name != "log_weight" &&
         name != "temperature";
}

}  // namespace

void plot_draws(const PlotOptions& options, std::ostream& out) {
  // The draws file is a CSV with a header, read as a data set whose target
  // column is the chain id.
  const auto table = read_csv(options.draws, "chain");
  const Index iteration = column_of(*table, "iteration");
  if (iteration < 0) {
    throw Error(ErrorKind::kInvalidArgument,
                "file '" + options.draws + "' has no column 'iteration': not written by sgmc run");
  }
  const Index log_weight = column_of(*table, "log_weight");
  const auto& features = table->features();
  const auto& chain = table->targets();
  const Index n_chains = static_cast<Index>(chain.maxCoeff()) + 1;
  // Each chain has its own theta: weights are normalised per chain and the
  // chains counted equally (docs/cli.md).
  Vec weights = Vec::Constant(table->rows(), 1.0 / static_cast<double>(table->rows()));
  if (log_weight >= 0) {
    for (Index c = 0; c < n_chains; ++c) {
      const auto rows = rows_of(chain, c);
      const Vec w = normalised_weights(features(rows, log_weight));
      for (std::size_t i = 0; i < rows.size(); ++i) {
        weights[rows[i]] = w[static_cast<Index>(i)] / static_cast<double>(n_chains);
      }
    }
  }

  std::vector<CoordinatePanels> panels;
  const auto& names = table->feature_names();
  for (Index j = 0; j < table->n_features(); ++j) {
    const auto& name = names[static_cast<std::size_t>(j)];
    if (!is_coordinate(name)) continue;
    if (static_cast<Index>(panels.size()) == options.max_coordinates) break;
    CoordinatePanels row{name, std::vector<Vec>(static_cast<std::size_t>(n_chains)),
                         std::vector<Vec>(static_cast<std::size_t>(n_chains)), 0, 0, {}};
    for (Index c = 0; c < n_chains; ++c) {
      const auto rows = rows_of(chain, c);
      row.iterations[static_cast<std::size_t>(c)] = features(rows, iteration);
      row.values[static_cast<std::size_t>(c)] = features(rows, j);
    }
    row.lo = features.col(j).minCoeff();
    row.hi = std::max(features.col(j).maxCoeff(), row.lo + 1e-12);
    row.density = Vec::Zero(options.bins);
    const double width = (row.hi - row.lo) / static_cast<double>(options.bins);
    for (Index i = 0; i < table->rows(); ++i) {
      const auto bin = std::min(options.bins - 1, static_cast<Index>((features(i, j) - row.lo) / width));
      row.density[bin] += weights[i] / width;
    }
    panels.push_back(std::move(row));
  }
  write_trace_png(options.picture, panels);
  out << "plotted " << panels.size() << " coordinates of " << table->rows() << " draws ("
      << n_chains << " chains" << (log_weight >= 0 ? ", weighted" : "") << "): "
      << options.picture << "\n";
}

}  // namespace sgmc::app
