// The optional domain box [lo, hi]^d of SPEC §4.2: a move that leaves it is
// discarded and the chain stays where it was (the CSGLD and ICSGLD authors'
// toy scripts do this; experiment 3 runs every sampler on such a box).
#pragma once

#include <limits>

#include "sgmc/core/types.hpp"

namespace sgmc {

struct DomainBox {
  double lo = -std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();

  /// Throws sgmc::Error("domain_lo") unless lo < hi.
  void validate() const;
  /// False for the default, unbounded box.
  bool active() const { return lo > -std::numeric_limits<double>::infinity() ||
                               hi < std::numeric_limits<double>::infinity(); }
  bool contains(ConstVecRef x) const {
    return (x.array() >= lo).all() && (x.array() <= hi).all();
  }
};

}  // namespace sgmc
