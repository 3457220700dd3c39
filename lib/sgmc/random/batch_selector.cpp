#include "sgmc/random/batch_selector.hpp"

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
  order_.resize(static_cast<std::size_t>(data_size));
  std::iota(order_.begin(), order_.end(), Index{0});
}

void BatchSelector::next(Rng& rng) {
  if (size_ == data_size_) return;  // the full data set: nothing to choose
  for (Index i = 0; i < size_; ++i) {
    const Index j = i + static_cast<Index>(rng.below(static_cast<std::uint64_t>(data_size_ - i)));
    std::swap(order_[static_cast<std::size_t>(i)], order_[static_cast<std::size_t>(j)]);
  }
}

}  // namespace sgmc
