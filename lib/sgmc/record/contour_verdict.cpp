#include "sgmc/record/contour_verdict.hpp"

namespace sgmc {

std::vector<ContourChainRecord> contour_records(const RecordedRun& run) {
  std::vector<ContourChainRecord> records;
  records.reserve(run.chains.size());
  for (const auto& chain : run.chains) records.push_back({&chain.draws, &*chain.contour});
  return records;
}

RunDiagnostics diagnose_run(const RecordedRun& run) {
  return diagnose_run(contour_records(run), run.shared_theta);
}

}  // namespace sgmc
