#include "sgmc/diagnostics/convergence.hpp"

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/ess.hpp"
#include "sgmc/diagnostics/rhat.hpp"

namespace sgmc {

double convergence(ConstChainDrawsRef draws, ConvergenceStat stat) {
  require_chain_draws(draws, "draws");
  switch (stat) {
    case ConvergenceStat::kRhat: return rhat(draws);
    case ConvergenceStat::kRhatBasic: return rhat_basic(draws);
    case ConvergenceStat::kEssBulk: return ess_bulk(draws);
    case ConvergenceStat::kEssTail: return ess_tail(draws);
    case ConvergenceStat::kEssBasic: return ess_basic(draws);
  }
  require(false, "stat", static_cast<int>(stat), "must be one of 1..5 (sgmc_convergence_stat)");
  return 0;
}

Vec convergence_per_coordinate(const std::vector<Eigen::Ref<const Eigen::MatrixXd>>& chains,
                               ConvergenceStat stat) {
  require(!chains.empty(), "n_chains", chains.size(), "must be at least 1");
  const Index dim = chains.front().rows(), n = chains.front().cols();
  for (std::size_t c = 0; c < chains.size(); ++c) {
    require(chains[c].cols() == n, "n_draws", chains[c].cols(),
            ("every chain must have as many draws as chain 0, " + show(n)).c_str());
  }
  Vec out(dim);
  ChainDraws coordinate(n, static_cast<Index>(chains.size()));
  for (Index j = 0; j < dim; ++j) {
    for (std::size_t c = 0; c < chains.size(); ++c) {
      coordinate.col(static_cast<Index>(c)) = chains[c].row(j).transpose();
    }
    out[j] = convergence(coordinate, stat);
  }
  return out;
}

}  // namespace sgmc
