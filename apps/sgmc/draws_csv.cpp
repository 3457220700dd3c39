#include "draws_csv.hpp"

#include <cmath>
#include <fstream>

#include "sgmc/core/error.hpp"
#include "sgmc/estimators/weighted.hpp"

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

void write_draws_csv(const std::string& path, const RunRecord& record) {
  std::ofstream out(path);
  if (!out) throw Error(ErrorKind::kIo, "cannot write the draws file '" + path + "'");
  const Index dim = record.chains.empty() ? 0 : record.chains.front().draws.dim();
  const bool cyclical = is_cyclical(record.kind);
  const bool contour = is_contour(record.kind);
  const bool ladder = record.kind == SamplerKind::kResgld;
  out << kChainColumn << "," << kIterationColumn << "," << kDrawColumn << "," << kLpColumn;
  if (cyclical) out << "," << kCycleColumn;
  if (contour) out << "," << kSubregionColumn << "," << kLogWeightColumn;
  if (ladder) out << "," << kTemperatureColumn;
  for (const auto& name : record.names) out << "," << csv_cell(name);
  out << "\n";
  out.precision(17);  // round-trips every double
  Index draw = 0;
  for (std::size_t c = 0; c < record.chains.size(); ++c) {
    const auto& chain = record.chains[c];
    const auto draws = chain.draws.draws();
    const auto energies = chain.draws.energies();
    // The log of each draw's share in the pooled weighted estimates: the
    // chain's weights normalised, the chains counted equally, so that a
    // reader that normalises over all draws (posterior) weighs as the
    // summary does.
    const Vec log_weights =
        contour && chain.draws.size() > 0
            ? Vec(normalised_log_weights(chain.log_weights).array() -
                  std::log(static_cast<double>(record.chains.size())))
            : Vec();
    for (Index i = 0; i < chain.draws.size(); ++i) {
      const auto ui = static_cast<std::size_t>(i);
      out << c + 1 << "," << chain.draws.steps()[ui] << "," << ++draw << "," << -energies[i];
      if (cyclical) out << "," << chain.cycles[ui];
      if (contour) out << "," << chain.indices[ui] << "," << log_weights[i];
      if (ladder) out << "," << chain.temperature;
      for (Index j = 0; j < dim; ++j) out << "," << draws(j, i);
      out << "\n";
    }
  }
  if (!out.flush()) throw Error(ErrorKind::kIo, "cannot write the draws file '" + path + "'");
}

}  // namespace sgmc::app
