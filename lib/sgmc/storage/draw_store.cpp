#include "sgmc/storage/draw_store.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

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


void DrawStore::save(ByteWriter& out) const {
  out.section("DRAW");
  out.i64(size_);
  out.values({draws_.data(), static_cast<std::size_t>(size_ * dim())});
  out.values(energies());
  out.indices(steps_);
}

void DrawStore::load(ByteReader& in, Index expected, Index last_step) {
  in.section("DRAW");
  const Index size = in.index("number of draws", expected, expected);
  Eigen::MatrixXd draws(dim(), capacity());
  in.values("draws", std::span<double>(draws.data(), static_cast<std::size_t>(size * dim())));
  Eigen::VectorXd energies(capacity());
  in.values("draw energies", energies.head(size));
  std::vector<Index> steps(static_cast<std::size_t>(size));
  in.indices("draw iterations", steps, 1, last_step);
  for (std::size_t i = 1; i < steps.size(); ++i) {
    if (steps[i] <= steps[i - 1]) in.fail("draw iterations", "not increasing");
  }
  steps.reserve(static_cast<std::size_t>(capacity()));
  draws_ = std::move(draws);
  energies_ = std::move(energies);
  steps_ = std::move(steps);
  size_ = size;
}

}  // namespace sgmc
