#include "draws_csv.hpp"

#include <fstream>

#include "sgmc/core/error.hpp"

namespace sgmc::app {

void write_draws_csv(const std::string& path, const RunRecord& record) {
  std::ofstream out(path);
  if (!out) throw Error(ErrorKind::kIo, "cannot write the draws file '" + path + "'");
  const Index dim = record.chains.empty() ? 0 : record.chains.front().draws.dim();
  const bool cyclical = is_cyclical(record.kind);
  const bool contour = is_contour(record.kind);
  const bool ladder = record.kind == SamplerKind::kResgld;
  out << "chain,iteration" << (cyclical ? ",cycle" : "") << (contour ? ",index,log_weight" : "")
      << (ladder ? ",temperature" : "");
  for (Index j = 0; j < dim; ++j) out << ",x" << j + 1;
  out << "\n";
  out.precision(17);  // round-trips every double
  for (std::size_t c = 0; c < record.chains.size(); ++c) {
    const auto& chain = record.chains[c];
    const auto draws = chain.draws.draws();
    for (Index i = 0; i < chain.draws.size(); ++i) {
      const auto ui = static_cast<std::size_t>(i);
      out << c << "," << chain.draws.steps()[ui];
      if (cyclical) out << "," << chain.cycles[ui];
      if (contour) out << "," << chain.indices[ui] << "," << chain.log_weights[i];
      if (ladder) out << "," << chain.temperature;
      for (Index j = 0; j < dim; ++j) out << "," << draws(j, i);
      out << "\n";
    }
  }
  if (!out.flush()) throw Error(ErrorKind::kIo, "cannot write the draws file '" + path + "'");
}

}  // namespace sgmc::app
