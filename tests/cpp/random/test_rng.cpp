// xoshiro256++ against the reference algorithm (Blackman & Vigna), jumps
// against powers of the generator's transition matrix over GF(2), stream
// layout, and the distributions of below() and uniform().
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <vector>

#include "sgmc/random/rng.hpp"

namespace sgmc {
namespace {

using State = std::array<std::uint64_t, 4>;

std::uint64_t ref_rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// Reference xoshiro256++ (prng.di.unimi.it/xoshiro256plusplus.c).
std::uint64_t ref_next(State& s) {
  const std::uint64_t result = ref_rotl(s[0] + s[3], 23) + s[0];
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = ref_rotl(s[3], 45);
  return result;
}

// Reference SplitMix64 (prng.di.unimi.it/splitmix64.c).
std::uint64_t ref_splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The state transition as a 256 x 256 matrix over GF(2), stored by columns:
// column j is the image of the state with only bit j set.
struct Gf2Matrix {
  std::array<State, 256> column{};

  static Gf2Matrix transition() {
    Gf2Matrix m;
    for (int j = 0; j < 256; ++j) {
      State s{};
      s[j / 64] = std::uint64_t{1} << (j % 64);
      ref_next(s);
      m.column[j] = s;
    }
    return m;
  }
  State apply(const State& v) const {
    State r{};
    for (int j = 0; j < 256; ++j) {
      if ((v[j / 64] >> (j % 64)) & 1) {
        for (int w = 0; w < 4; ++w) r[w] ^= column[j][w];
      }
    }
    return r;
  }
  Gf2Matrix squared() const {
    Gf2Matrix m;
    for (int j = 0; j < 256; ++j) m.column[j] = apply(column[j]);
    return m;
  }
};

// T^(2^128) and T^(2^192) by repeated squaring.
std::array<Gf2Matrix, 2> jump_matrices() {
  Gf2Matrix m = Gf2Matrix::transition();
  for (int i = 0; i < 128; ++i) m = m.squared();
  Gf2Matrix long_m = m;
  for (int i = 0; i < 64; ++i) long_m = long_m.squared();
  return {m, long_m};
}

// Upper quantile of chi-square with df degrees of freedom at normal quantile
// z (Wilson & Hilferty 1931; within 1% of the exact value for df >= 3).
double chi_square_quantile(int df, double z) {
  const double k = df;
  const double c = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - c + z * std::sqrt(c), 3);
}
constexpr double kZ1e6 = 4.753;  // upper 1e-6 point of N(0, 1)

TEST(Rng, SeedsThroughSplitMix64) {
  // Published first outputs of SplitMix64 from seed 0.
  const State expected = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL,
                          0xf88bb8a8724c81ecULL};
  EXPECT_EQ(Rng{0}.state(), expected);
  std::uint64_t x = 12345;
  const State other = {ref_splitmix(x), ref_splitmix(x), ref_splitmix(x), ref_splitmix(x)};
  EXPECT_EQ(Rng{12345}.state(), other);
}

TEST(Rng, MatchesReferenceXoshiro256PlusPlus) {
  Rng rng(42);
  State s = rng.state();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(rng.next(), ref_next(s)) << "draw " << i;
  EXPECT_EQ(rng.state(), s);
  // The first output for state {1, 2, 3, 4}: rotl(1 + 4, 23) + 1.
  State small = {1, 2, 3, 4};
  EXPECT_EQ(ref_next(small), 41943041u);
}

TEST(Rng, JumpsEqualMatrixPowers) {
  const auto [jump, long_jump] = jump_matrices();
  for (const std::uint64_t seed : {1u, 77u}) {
    Rng a(seed);
    const State start = a.state();
    a.jump();
    EXPECT_EQ(a.state(), jump.apply(start));
    Rng b(seed);
    b.long_jump();
    EXPECT_EQ(b.state(), long_jump.apply(start));
  }
}

TEST(Rng, JumpCommutesWithNext) {
  Rng a(9);
  Rng b(9);
  a.next();
  a.jump();
  b.jump();
  b.next();
  EXPECT_EQ(a.state(), b.state());
  a.long_jump();
  a.next();
  b.next();
  b.long_jump();
  EXPECT_EQ(a.state(), b.state());
}

TEST(Rng, StreamsAreJumpsFromTheSeed) {
  EXPECT_EQ(Rng::stream(5, 0, StreamPurpose::kMoves).state(), Rng{5}.state());
  Rng expected(5);
  expected.long_jump();
  expected.long_jump();
  for (int i = 0; i < 3; ++i) expected.jump();
  EXPECT_EQ(Rng::stream(5, 3, StreamPurpose::kTargetNoise).state(), expected.state());
}

TEST(Rng, ManyJumpsEqualJumpsOneByOne) {
  // jump(n) switches from n single jumps to matrix powers above 512.
  for (const std::uint64_t n : {0u, 1u, 512u, 513u, 700u, 1024u, 1500u}) {
    Rng one_by_one(21);
    for (std::uint64_t i = 0; i < n; ++i) one_by_one.jump();
    Rng at_once(21);
    at_once.jump(n);
    EXPECT_EQ(at_once.state(), one_by_one.state()) << n << " jumps";
  }
  EXPECT_EQ(Rng::stream(8, 1000, StreamPurpose::kBatches).state(), [] {
    Rng r(8);
    r.long_jump();
    for (int i = 0; i < 1000; ++i) r.jump();
    return r.state();
  }());
}

TEST(Rng, HugeJumpCountsEqualMatrixPowers) {
  // 2^40 + 5 jumps (a chain index far beyond one-by-one jumps) against
  // J^(2^40) J^5, with J = T^(2^128) made from the transition matrix T.
  const auto [jump, long_jump] = jump_matrices();
  Gf2Matrix j40 = jump;
  for (int i = 0; i < 40; ++i) j40 = j40.squared();
  Rng rng(4);
  State expected = j40.apply(rng.state());
  for (int i = 0; i < 5; ++i) expected = jump.apply(expected);
  rng.jump((std::uint64_t{1} << 40) + 5);
  EXPECT_EQ(rng.state(), expected);
}

TEST(Rng, StreamsDifferAndReproduce) {
  std::set<State> seen;
  for (std::uint64_t chain = 0; chain < 4; ++chain) {
    for (const auto purpose : {StreamPurpose::kMoves, StreamPurpose::kBatches, StreamPurpose::kTargetNoise}) {
      const Rng rng = Rng::stream(11, chain, purpose);
      EXPECT_EQ(rng.state(), Rng::stream(11, chain, purpose).state());
      EXPECT_TRUE(seen.insert(rng.state()).second);
    }
  }
  EXPECT_NE(Rng::stream(11, 0, StreamPurpose::kMoves).state(),
            Rng::stream(12, 0, StreamPurpose::kMoves).state());
}

TEST(Rng, UniformInUnitIntervalWith53Bits) {
  Rng rng(3);
  constexpr int n = 1'000'000;
  double sum = 0.0;
  double lo = 1.0;
  double hi = 0.0;
  for (int i = 0; i < n; ++i) {
    const double u = rng.uniform();
    ASSERT_EQ(u * 0x1.0p53, std::floor(u * 0x1.0p53));
    lo = std::min(lo, u);
    hi = std::max(hi, u);
    sum += u;
  }
  EXPECT_GE(lo, 0.0);
  EXPECT_LT(hi, 1.0);
  EXPECT_LT(lo, 1e-5);
  EXPECT_GT(hi, 1.0 - 1e-5);
  EXPECT_NEAR(sum / n, 0.5, 5.0 * std::sqrt(1.0 / 12.0 / n));
}

// Pearson's statistic of counts against equal expected frequencies.
double chi_square(const std::vector<double>& counts, double draws) {
  const double expected = draws / static_cast<double>(counts.size());
  double stat = 0.0;
  for (const double c : counts) stat += (c - expected) * (c - expected) / expected;
  return stat;
}

TEST(Rng, BelowSmallBoundIsUniform) {
  Rng rng(17);
  constexpr int n = 600'000;
  std::vector<double> counts(6, 0.0);
  for (int i = 0; i < n; ++i) {
    const std::uint64_t v = rng.below(6);
    ASSERT_LT(v, 6u);
    counts[v] += 1.0;
  }
  EXPECT_LT(chi_square(counts, n), chi_square_quantile(5, kZ1e6));
}

TEST(Rng, BelowLargeBoundHasNoModuloOrMultiplyBias) {
  // bound = 3 * 2^62: `next() % bound` puts half the mass in [0, 2^62), and
  // the multiply-shift without rejection puts half of it on multiples of 3.
  // Cells (v / 2^62, v mod 3) are all 1/9 only for an unbiased method.
  const std::uint64_t bound = 3ULL << 62;
  Rng rng(23);
  constexpr int n = 90'000;
  std::vector<double> counts(9, 0.0);
  for (int i = 0; i < n; ++i) {
    const std::uint64_t v = rng.below(bound);
    ASSERT_LT(v, bound);
    counts[(v >> 62) * 3 + v % 3] += 1.0;
  }
  EXPECT_LT(chi_square(counts, n), chi_square_quantile(8, kZ1e6));
}

TEST(Rng, BelowEdgeBounds) {
  Rng rng(29);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
  const std::uint64_t top = ~std::uint64_t{0};
  bool high = false;
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t v = rng.below(top);
    EXPECT_LT(v, top);
    high = high || v > (top >> 1);
  }
  EXPECT_TRUE(high);
}

}  // namespace
}  // namespace sgmc
