#include "sgmc/storage/draw_store.hpp"

#include "sgmc/core/error.hpp"

namespace sgmc {

void RecordPolicy::validate() const {
  require(n_steps >= 1, "n_steps", n_steps, "must be >= 1");
  require(burn_in >= 0 && burn_in < n_steps, "burn_in", burn_in,
          ("must be in [0, n_steps) with n_steps = " + show(n_steps)).c_str());
  require(thin >= 1, "thin", thin, "must be >= 1");
}

DrawStore::DrawStore(Index dim, Index capacity) : draws_(dim, capacity), energies_(capacity) {
  steps_.reserve(static_cast<std::size_t>(capacity));
}

DrawStore DrawStore::trimmed() const {
  DrawStore copy(dim(), size_);
  copy.draws_ = draws();
  copy.energies_ = energies();
  copy.steps_ = steps_;
  copy.size_ = size_;
  return copy;
}

void DrawStore::push(ConstVecRef x, double energy, Index k) {
  draws_.col(size_) = x;
  energies_[size_] = energy;
  steps_.push_back(k);
  ++size_;
}

}  // namespace sgmc
