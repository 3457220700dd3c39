#include "plot.hpp"

#include <algorithm>
#include <filesystem>

#include "draws_csv.hpp"
#include "trace_png.hpp"

namespace sgmc::app {
namespace {

/// A draws file as the library reads a CSV data set, its target column the
/// chain number: the other columns' names and values.
struct DrawsTable {
  std::vector<std::string> names;
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> features;
  Vec chain;
  Index rows() const { return features.rows(); }
};

/// Reads `path`; throws `not_draws` when it has no .chain column.
template <typename NotDraws>
DrawsTable read_table(const std::string& path, const NotDraws& not_draws) {
  sgmc_data* read = nullptr;
  const sgmc_status status = sgmc_data_read_csv(&read, path.c_str(), kChainColumn);
  // A file that cannot be read, or a malformed row: the library's message.
  if (status == SGMC_ERROR_INVALID_ARGUMENT) throw not_draws(kChainColumn);
  check(status);
  const DataHandle data(read);
  int64_t n = 0, p = 0;
  check(sgmc_data_shape(data.get(), &n, &p));
  DrawsTable table{{}, decltype(DrawsTable::features)(n, p), Vec(n)};
  check(sgmc_data_copy(data.get(), table.features.data(), table.features.size(), table.chain.data(), n));
  for (int64_t j = 0; j < p; ++j) {
    const char* name = nullptr;
    check(sgmc_data_feature_name(data.get(), j, &name));
    table.names.emplace_back(name);
  }
  return table;
}

/// The column of the draws file called `name`, or -1.
Index column_of(const DrawsTable& table, const std::string& name) {
  const auto it = std::find(table.names.begin(), table.names.end(), name);
  return it == table.names.end() ? -1 : static_cast<Index>(it - table.names.begin());
}

/// The rows of chain c (1-based), in file order.
std::vector<Index> rows_of(const Vec& chain, Index c) {
  std::vector<Index> rows;
  for (Index i = 0; i < chain.size(); ++i) {
    if (chain[i] == static_cast<double>(c)) rows.push_back(i);
  }
  return rows;
}

/// The columns pictured: those named in `wanted`, in its order, or every
/// parameter's. Throws naming a name the file has no parameter of.
std::vector<Index> pictured_columns(const DrawsTable& table, const std::vector<std::string>& wanted,
                                    const std::string& path) {
  std::vector<Index> all;
  std::string known;
  for (Index j = 0; j < std::ssize(table.names); ++j) {
    const auto& name = table.names[static_cast<std::size_t>(j)];
    if (!is_parameter_column(name)) continue;
    all.push_back(j);
    known += (known.empty() ? "" : ", ") + name;
  }
  if (wanted.empty()) return all;
  std::vector<Index> columns;
  for (const auto& name : wanted) {
    const Index j = column_of(table, name);
    if (j < 0 || !is_parameter_column(name)) {
      throw Failure("--parameters '" + name + "': file '" + path +
                    "' has no parameter of that name (" + known + ")");
    }
    columns.push_back(j);
  }
  return columns;
}

}  // namespace

std::vector<std::string> page_files(const std::string& picture, Index n, Index per_page) {
  const Index pages = std::max<Index>(1, (n + per_page - 1) / per_page);
  if (pages == 1) return {picture};
  const std::filesystem::path path(picture);
  std::vector<std::string> files;
  for (Index p = 1; p <= pages; ++p) {
    auto page = path;
    page.replace_filename(path.stem().string() + "-" + std::to_string(p) + path.extension().string());
    files.push_back(page.string());
  }
  return files;
}

void plot_draws(const PlotOptions& options, std::ostream& out) {
  // The draws file is a CSV with a header, read as a data set whose target
  // column is the chain number.
  const auto not_draws = [&](const char* column) {
    return Failure("file '" + options.draws + "' has no column '" + column +
                   "': not a draws file of sgmc run");
  };
  const DrawsTable table = read_table(options.draws, not_draws);
  const Index iteration = column_of(table, kIterationColumn);
  if (iteration < 0) throw not_draws(kIterationColumn);
  const auto& features = table.features;
  const Vec& chain = table.chain;
  if (chain.minCoeff() < 1 || (chain.array() != chain.array().round()).any()) {
    throw Failure("file '" + options.draws + "': column '" + kChainColumn +
                  "' must hold chain numbers from 1");
  }
  const Index n_chains = static_cast<Index>(chain.maxCoeff());
  // .log_weight is each draw's share in the pooled estimate up to a
  // constant (docs/cli.md): normalised over all draws.
  const Index log_weight = column_of(table, kLogWeightColumn);
  Vec weights = Vec::Constant(table.rows(), 1.0 / static_cast<double>(table.rows()));
  if (log_weight >= 0) {
    const Vec log_weights = features.col(log_weight);
    check(sgmc_normalise_log_weights(log_weights.data(), table.rows(), weights.data()));
    weights = weights.array().exp();
  }

  const auto columns = pictured_columns(table, options.parameters, options.draws);
  std::vector<CoordinatePanels> panels;
  for (const Index j : columns) {
    CoordinatePanels row{table.names[static_cast<std::size_t>(j)],
                         std::vector<Vec>(static_cast<std::size_t>(n_chains)),
                         std::vector<Vec>(static_cast<std::size_t>(n_chains)), 0, 0, {}};
    for (Index c = 0; c < n_chains; ++c) {
      const auto rows = rows_of(chain, c + 1);
      row.iterations[static_cast<std::size_t>(c)] = features(rows, iteration);
      row.values[static_cast<std::size_t>(c)] = features(rows, j);
    }
    row.lo = features.col(j).minCoeff();
    row.hi = std::max(features.col(j).maxCoeff(), row.lo + 1e-12);
    row.density = Vec::Zero(options.bins);
    const double width = (row.hi - row.lo) / static_cast<double>(options.bins);
    for (Index i = 0; i < table.rows(); ++i) {
      const auto bin = std::min(options.bins - 1, static_cast<Index>((features(i, j) - row.lo) / width));
      row.density[bin] += weights[i] / width;
    }
    panels.push_back(std::move(row));
  }

  const auto n = static_cast<Index>(panels.size());
  const auto files = page_files(options.picture, n, options.per_page);
  const std::string about = std::to_string(table.rows()) + " draws, " + std::to_string(n_chains) +
                            " chains" + (log_weight >= 0 ? ", weighted" : "");
  for (std::size_t p = 0; p < files.size(); ++p) {
    const Index first = static_cast<Index>(p) * options.per_page;
    const Index last = std::min(n, first + options.per_page);
    const std::vector<CoordinatePanels> page(panels.begin() + first, panels.begin() + last);
    const std::string which = files.size() == 1 ? "" : ": parameters " + std::to_string(first + 1) +
                                                          "-" + std::to_string(last) + " of " +
                                                          std::to_string(n);
    write_trace_png(files[p], options.draws + which + " (" + about + ")", page);
  }
  const Index in_file = static_cast<Index>(pictured_columns(table, {}, options.draws).size());
  out << "plotted "
      << (in_file == 1   ? std::string("the one parameter")
          : n == in_file ? "all " + std::to_string(n) + " parameters"
                         : std::to_string(n) + " of " + std::to_string(in_file) + " parameters")
      << " of " << about << ":";
  for (const auto& file : files) out << " " << file;
  if (files.size() > 1) out << " (" << options.per_page << " parameters a picture)";
  out << "\n";
}

}  // namespace sgmc::app
