#include "sgmc/random/batch_selector.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <numeric>
#include <utility>

#include "sgmc/core/error.hpp"

namespace sgmc {

BatchSelector::BatchSelector(Index data_size, Index batch_size)
    : data_size_(data_size), size_(batch_size == 0 ? data_size : batch_size) {
  require(data_size >= 0, "data_size", data_size, "must be >= 0");
  require(batch_size >= 0, "batch_size", batch_size, "must be >= 0 (0 = full data)");
  if (data_size == 0) {
    size_ = 0;
    return;
  }
  require(size_ <= data_size, "batch_size", batch_size,
          ("must not exceed the data size N = " + show(data_size)).c_str());
  // Written not to overflow for N near 2^63 (2 * n and N + 63 did).
  const bool rejection = size_ <= data_size / 2;
  order_.resize(static_cast<std::size_t>(rejection ? size_ : data_size));
  std::iota(order_.begin(), order_.end(), Index{0});
  if (rejection) seen_.assign(static_cast<std::size_t>(data_size / 64 + 1), 0);
}

void BatchSelector::next(Rng& rng) {
  if (size_ == data_size_) return;  // the full data set: nothing to choose
  if (!seen_.empty()) {
    // The generator and the arrays in locals: stores to the bitset cannot
    // alias them, so the generator's state stays in registers (a batch of
    // 100 costs a third of what it did through rng and the members).
    Rng local = rng;
    std::uint64_t* seen = seen_.data();
    Index* order = order_.data();
    const auto n_all = static_cast<std::uint64_t>(data_size_);
    for (Index i = 0; i < size_; ++i) {
      std::uint64_t j, bit;
      do {
        j = local.below(n_all);
        bit = std::uint64_t{1} << (j % 64);
      } while (seen[j / 64] & bit);
      seen[j / 64] |= bit;
      order[i] = static_cast<Index>(j);
    }
    for (Index i = 0; i < size_; ++i) seen[order[i] / 64] = 0;
    rng = local;
    return;
  }
  for (Index i = 0; i < size_; ++i) {
    const Index j = i + static_cast<Index>(rng.below(static_cast<std::uint64_t>(data_size_ - i)));
    std::swap(order_[static_cast<std::size_t>(i)], order_[static_cast<std::size_t>(j)]);
  }
}


void BatchSelector::save(ByteWriter& out) const {
  out.section("BTCH");
  out.i64(data_size_);
  out.i64(size_);
  out.indices(order_);
}

void BatchSelector::load(ByteReader& in) {
  in.section("BTCH");
  in.index("data size N", data_size_, data_size_);
  in.index("batch size n", size_, size_);
  std::vector<Index> order(order_.size());
  in.indices("batch", order, 0, data_size_ - 1);
  // The batch must be distinct indices, and a persistent permutation one of all N.
  std::vector<bool> seen(static_cast<std::size_t>(data_size_), false);
  for (const Index j : order) {
    if (seen[static_cast<std::size_t>(j)]) in.fail("batch", "index " + show(j) + " repeats");
    seen[static_cast<std::size_t>(j)] = true;
  }
  order_ = std::move(order);
}

}  // namespace sgmc
