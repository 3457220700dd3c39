// The proposals of MHBT (SPEC §7) and their exact log densities. With
// sigma = sqrt(2 eps) / N and g_I the batch gradient of the mean
// log-likelihood mu_I:
//   random walk:  x' = x + delta z                       (symmetric)
//   SGLD:         x' = x + eps g_I(x) + sigma z           MHBT eq. (5)
//   RSGLD:        forward with probability p_f as SGLD, otherwise
//                 x' = x - eps g_I(x) + beta sigma z      MHBT eq. (6)
// with density MHBT eq. (7). The SGLD proposal is eq. (7) with p_f = 1.
#pragma once

#include <string_view>

#include "sgmc/core/types.hpp"

namespace sgmc {

enum class MhbtProposal { kRandomWalk, kSgld, kRsgld };

/// The name used by the option "proposal" ("random_walk", "sgld", "rsgld").
std::string_view proposal_name(MhbtProposal proposal);

/// Squared distances of x' from the two component means x ± eps g_I(x).
struct ProposalDistances {
  double forward;   ///< |x' - x - eps g_I(x)|^2
  double backward;  ///< |x' - x + eps g_I(x)|^2
};

/// log N(v; 0, variance I_d) of a v with |v|^2 = squared_norm, with its full
/// normalising constant.
double log_gaussian(double squared_norm, double variance, Index dim);

/// The gradient proposals' density, MHBT eq. (7) with forward probability p_f
/// (p_f = 1: the SGLD proposal, eq. (5)).
struct GradientProposalDensity {
  double sigma;         ///< sqrt(2 eps) / N
  double forward_prob;  ///< p_f in (0, 1]
  Index dim;
  bool exact = true;    ///< false: without the backward component's -d log beta

  /// log q_I(x -> x') for backward noise scale beta >= 1: the two Gaussian
  /// components with their full normalising constants (the backward one
  /// carries -d log beta unless `exact` is false), combined by log-sum-exp.
  double log_q(const ProposalDistances& distances, double beta) const;
};

}  // namespace sgmc
