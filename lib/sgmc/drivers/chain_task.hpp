// What a driver needs done to one of its chains before it can go on: the
// unit of work a Run hands to whoever evaluates the model — worker threads
// (execute.hpp) or a host that evaluates the model itself (hosted_run.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "sgmc/core/types.hpp"

namespace sgmc {

struct ChainTask {
  enum class Then : std::uint8_t {
    kNothing,   ///< only the tell
    kEvaluate,  ///< one evaluation that check_evaluation() takes, left in terms() untold
    kAdvance,   ///< evaluations and tells until steps_done() == advance_to
  };
  std::size_t chain = 0;    ///< index into the driver's chains()
  bool tell_first = false;  ///< tell() the evaluation held in terms() before anything else
  Then then = Then::kNothing;
  Index advance_to = 0;     ///< for kAdvance
};

}  // namespace sgmc
