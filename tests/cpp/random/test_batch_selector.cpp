#include <gtest/gtest.h>

#include <map>
#include <set>

#include "sgmc/core/error.hpp"
#include "sgmc/random/batch_selector.hpp"

namespace sgmc {
namespace {

TEST(BatchSelector, EveryOrderedPairIsEquallyLikely) {
  // N = 4, n = 2: 12 ordered pairs, each with probability 1/12.
  BatchSelector selector(4, 2);
  Rng rng(17);
  std::map<std::pair<Index, Index>, double> counts;
  const int draws = 60000;
  for (int i = 0; i < draws; ++i) {
    selector.next(rng);
    const auto b = selector.current();
    ASSERT_NE(b[0], b[1]);
    counts[{b[0], b[1]}] += 1;
  }
  ASSERT_EQ(counts.size(), 12u);
  double chi2 = 0;
  const double expected = draws / 12.0;
  for (const auto& [pair, c] : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 31.3);  // chi-square, 11 degrees of freedom, 0.999 quantile
}

TEST(BatchSelector, FullDataAndDataFree) {
  BatchSelector full(5, 0);
  Rng rng(1);
  full.next(rng);
  EXPECT_EQ(std::set<Index>(full.current().begin(), full.current().end()),
            (std::set<Index>{0, 1, 2, 3, 4}));
  EXPECT_EQ(rng.state(), Rng(1).state());  // nothing to draw
  BatchSelector none(0, 10);
  none.next(rng);
  EXPECT_EQ(none.size(), 0);
}

TEST(BatchSelector, RejectsBatchLargerThanData) {
  try {
    BatchSelector(10, 11);
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "argument 'batch_size' = 11: must not exceed the data size N = 10");
  }
  EXPECT_THROW(BatchSelector(10, -1), Error);
}

}  // namespace
}  // namespace sgmc
