#include "sgmc/samplers/mhbt_proposals.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace sgmc {

std::string_view proposal_name(MhbtProposal proposal) {
  switch (proposal) {
    case MhbtProposal::kRandomWalk: return "random_walk";
    case MhbtProposal::kSgld: return "sgld";
    case MhbtProposal::kRsgld: return "rsgld";
  }
  return "unknown";
}

double log_gaussian(double squared_norm, double variance, Index dim) {
  return -0.5 * squared_norm / variance -
         0.5 * static_cast<double>(dim) * std::log(2.0 * std::numbers::pi * variance);
}

double GradientProposalDensity::log_q(const ProposalDistances& distances, double beta) const {
  const double variance = sigma * sigma;
  // MHBT eq. (7): p_f phi(.; sigma^2 I) + (1 - p_f) phi(.; beta^2 sigma^2 I).
  const double forward = std::log(forward_prob) + log_gaussian(distances.forward, variance, dim);
  if (forward_prob == 1.0) return forward;
  // The authors' script (exact = false) normalises the backward component
  // as if its variance were sigma^2: d log beta too much.
  const double authors = exact ? 0.0 : static_cast<double>(dim) * std::log(beta);
  const double backward = std::log1p(-forward_prob) +
                          log_gaussian(distances.backward, beta * beta * variance, dim) + authors;
  const double top = std::max(forward, backward);
  return top + std::log1p(std::exp(std::min(forward, backward) - top));
}

}  // namespace sgmc
