#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/random/batch_selector.hpp"

namespace sgmc {
namespace {

/// Chi-square of the ordered batches in `draws` draws of BatchSelector(N, n)
/// against the uniform law on `cells` ordered n-subsets; sets *seen to the
/// number of distinct batches drawn.
double chi_square_of_batches(Index data_size, Index batch_size, int draws, double cells,
                             std::size_t* seen) {
  BatchSelector selector(data_size, batch_size);
  Rng rng(17);
  std::map<std::vector<Index>, double> counts;
  for (int i = 0; i < draws; ++i) {
    selector.next(rng);
    const auto b = selector.current();
    counts[std::vector<Index>(b.begin(), b.end())] += 1;
  }
  *seen = counts.size();
  double chi2 = 0;
  const double expected = draws / cells;
  for (const auto& [batch, c] : counts) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}

TEST(BatchSelector, EveryOrderedPairIsEquallyLikely) {
  // N = 4, n = 2 (the bitset path): 12 ordered pairs, each 1/12.
  std::size_t seen = 0;
  const double chi2 = chi_square_of_batches(4, 2, 60000, 12, &seen);
  EXPECT_EQ(seen, 12u);   // no pair with a repeat
  EXPECT_LT(chi2, 31.3);  // chi-square, 11 degrees of freedom, 0.999 quantile
}

TEST(BatchSelector, EveryOrderedTripleIsEquallyLikelyWhenNExceedsHalf) {
  // N = 4, n = 3 (the permutation shuffle): 24 ordered triples, each 1/24.
  std::size_t seen = 0;
  const double chi2 = chi_square_of_batches(4, 3, 48000, 24, &seen);
  EXPECT_EQ(seen, 24u);
  EXPECT_LT(chi2, 49.7);  // chi-square, 23 degrees of freedom, 0.999 quantile
}

TEST(BatchSelector, LargeDataBatchesAreDistinctAndUniform) {
  // N = 1000, n = 400 (the bitset path): no repeats within a batch, and
  // every index drawn with probability n/N = 0.4 per batch.
  BatchSelector selector(1000, 400);
  Rng rng(19);
  std::vector<double> hits(1000, 0.0);
  const int draws = 2000;
  for (int i = 0; i < draws; ++i) {
    selector.next(rng);
    const auto b = selector.current();
    ASSERT_EQ(std::set<Index>(b.begin(), b.end()).size(), 400u);
    for (const Index j : b) hits[static_cast<std::size_t>(j)] += 1;
  }
  // Binomial(2000, 0.4): sd 21.9; 5 sd over 1000 indices.
  for (const double h : hits) EXPECT_NEAR(h, 800.0, 110.0);
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
