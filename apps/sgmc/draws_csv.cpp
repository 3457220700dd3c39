#include "draws_csv.hpp"

#include <cmath>
#include <fstream>

#include "draws_view.hpp"

namespace sgmc::app {
namespace {

/// A name as a CSV cell: quoted (a quote doubled) when it holds a comma, a
/// quote or spaces at an end, as R's read.csv and sgmc::read_csv read it.
std::string csv_cell(const std::string& name) {
  const bool plain = name.find_first_of(",\"") == std::string::npos && name.front() != ' ' &&
                     name.back() != ' ';
  if (plain) return name;
  std::string out = "\"";
  for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

bool is_parameter_column(const std::string& name) {
  for (const char* column : {kChainColumn, kIterationColumn, kDrawColumn, kLpColumn, kCycleColumn,
                             kSubregionColumn, kLogWeightColumn, kTemperatureColumn}) {
    if (name == column) return false;
  }
  return true;
}

void write_draws_csv(const std::string& path, const RunResult& result) {
  std::ofstream out(path);
  if (!out) throw Failure("cannot write the draws file '" + path + "'");
  const DrawsView draws(result.draws.get());
  const bool cyclical = in_family(result.sampler, SGMC_FAMILY_CYCLICAL);
  const bool contour = in_family(result.sampler, SGMC_FAMILY_CONTOUR);
  const bool ladder = in_family(result.sampler, SGMC_FAMILY_REPLICA_EXCHANGE);
  out << kChainColumn << "," << kIterationColumn << "," << kDrawColumn << "," << kLpColumn;
  if (cyclical) out << "," << kCycleColumn;
  if (contour) out << "," << kSubregionColumn << "," << kLogWeightColumn;
  if (ladder) out << "," << kTemperatureColumn;
  for (const auto& name : result.names) out << "," << csv_cell(name);
  out << "\n";
  out.precision(17);  // round-trips every double
  Index draw = 0;
  for (Index c = 0; c < draws.n_chains(); ++c) {
    const Index n = draws.count(c);
    const Eigen::MatrixXd points = draws.points(c);
    const auto steps = draws.int_column(c, "step");
    const auto energies = draws.column(c, "energy");
    const auto cycles = cyclical ? draws.int_column(c, "cycle") : std::vector<std::int64_t>();
    const auto subregions = contour ? draws.int_column(c, "subregion") : std::vector<std::int64_t>();
    // The log of each draw's share in the pooled weighted estimates: the
    // chain's weights normalised, the chains counted equally, so that a
    // reader that normalises over all draws (posterior) weighs as the
    // summary does.
    std::vector<double> log_weights;
    if (contour && n > 0) {
      log_weights = draws.column(c, "log_weight");
      check(sgmc_normalise_log_weights(log_weights.data(), n, log_weights.data()));
      for (double& w : log_weights) w -= std::log(static_cast<double>(draws.n_chains()));
    }
    const double temperature = ladder ? draws.stat(c, "temperature") : 0.0;
    for (Index i = 0; i < n; ++i) {
      const auto ui = static_cast<std::size_t>(i);
      out << c + 1 << "," << steps[ui] << "," << ++draw << "," << -energies[ui];
      if (cyclical) out << "," << cycles[ui];
      if (contour) out << "," << subregions[ui] << "," << log_weights[ui];
      if (ladder) out << "," << temperature;
      for (Index j = 0; j < draws.dim(); ++j) out << "," << points(j, i);
      out << "\n";
    }
  }
  if (!out.flush()) throw Failure("cannot write the draws file '" + path + "'");
}

}  // namespace sgmc::app
