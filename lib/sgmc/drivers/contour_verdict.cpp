#include "sgmc/drivers/contour_verdict.hpp"

#include <vector>

namespace sgmc {

RunDiagnostics diagnose_chains(const ChainList& chains) {
  std::vector<ContourDraws> snapshots;
  snapshots.reserve(chains.size());
  for (const auto& chain : chains) snapshots.push_back(chain->contour()->snapshot());
  std::vector<ContourChainRecord> records;
  for (std::size_t c = 0; c < chains.size(); ++c) records.push_back({&chains[c]->draws(), &snapshots[c]});
  return diagnose_run(records, chains.front()->contour()->shares_theta());
}

}  // namespace sgmc
