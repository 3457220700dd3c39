// sgmc_mode_coverage: modes covered by a set of draws (SPEC §8).
#include "firewall.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"

using sgmc::capi::guarded;
using sgmc::capi::require_non_null;

extern "C" sgmc_status sgmc_mode_coverage(const double* draws, int64_t n_draws, int64_t dim,
                                          const double* centres, int64_t n_modes, double radius,
                                          int64_t min_draws, int64_t* covered, int64_t* counts) {
  return guarded([&] {
    sgmc::require(dim >= 1, "dim", dim, "must be >= 1");
    sgmc::require(n_draws >= 0, "n_draws", n_draws, "must be >= 0");
    sgmc::require(n_modes >= 1, "n_modes", n_modes, "must be >= 1");
    if (n_draws > 0) require_non_null(draws, "draws");
    require_non_null(centres, "centres");
    require_non_null(covered, "covered");
    // Row-major n x d input is column-major d x n: a draw per column.
    const auto result = sgmc::mode_coverage(
        Eigen::Map<const Eigen::MatrixXd>(draws, dim, n_draws),
        Eigen::Map<const Eigen::MatrixXd>(centres, dim, n_modes), radius, min_draws);
    *covered = result.covered;
    if (counts != nullptr) std::copy(result.counts.begin(), result.counts.end(), counts);
    return SGMC_OK;
  });
}
