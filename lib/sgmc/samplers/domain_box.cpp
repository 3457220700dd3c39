#include "sgmc/samplers/domain_box.hpp"

#include <cmath>

#include "sgmc/core/error.hpp"

namespace sgmc {

void DomainBox::validate() const {
  require(!std::isnan(lo) && !std::isnan(hi) && lo < hi, "domain_lo", lo,
          ("must be < domain_hi = " + show(hi)).c_str());
}

}  // namespace sgmc
