#include "sgmc/random/rng.hpp"

#include <vector>

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The jump polynomials of xoshiro256 (Blackman & Vigna).
constexpr std::array<std::uint64_t, 4> kJump = {0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL,
                                                0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
constexpr std::array<std::uint64_t, 4> kLongJump = {0x76e15d3efefdcbbfULL, 0xc5004e441c522fb3ULL,
                                                    0x77710069854ee241ULL, 0x39109bb02acbe635ULL};

using State = std::array<std::uint64_t, 4>;

/// A linear map of the state space GF(2)^256, by columns: column j is the
/// image of the state with only bit j set.
using LinearMap = std::array<State, 256>;

State apply_map(const LinearMap& map, const State& s) noexcept {
  State out{};
  for (int j = 0; j < 256; ++j) {
    if ((s[j / 64] >> (j % 64)) & 1) {
      for (int w = 0; w < 4; ++w) out[w] ^= map[j][w];
    }
  }
  return out;
}

/// Up to this many jumps are made one by one (a jump costs 256 steps of the
/// generator, a product with a matrix about as much).
constexpr std::uint64_t kDirectJumps = 512;

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

Rng Rng::stream(std::uint64_t seed, std::uint64_t chain, StreamPurpose purpose) {
  Rng rng(seed);
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(purpose); ++i) rng.long_jump();
  rng.jump(chain);
  return rng;
}

State Rng::jumped(State s, const State& polynomial) noexcept {
  // Horner's scheme over GF(2): t accumulates the states s_k at the bits k
  // set in the polynomial. Masks instead of branches: the bits are random,
  // so a branch would mispredict every other step (and a set-up makes 17 of
  // these 256-step walks per normal stream: lib/sgmc/random/normal.cpp).
  std::uint64_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
  std::uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0;
  for (const std::uint64_t word : polynomial) {
    for (int b = 0; b < 64; ++b) {
      const std::uint64_t take = 0 - ((word >> b) & 1);
      t0 ^= s0 & take;
      t1 ^= s1 & take;
      t2 ^= s2 & take;
      t3 ^= s3 & take;
      xoshiro256pp_next(s0, s1, s2, s3);
    }
  }
  return {t0, t1, t2, t3};
}

void Rng::jump() noexcept { s_ = jumped(s_, kJump); }

void Rng::jump(std::uint64_t n) {
  // One jump after another took n * 256 steps: a chain index of 2^40 (today
  // option first_chain) hung the chain's creation for days (found by
  // tests/fuzz/fuzz_capi).
  // The generator's transition is linear over GF(2), so n jumps are the n-th
  // power of the jump's 256 x 256 matrix J: the product of the J^(2^k) for the
  // bits k of n, made once by repeated squaring.
  if (n <= kDirectJumps) {
    for (std::uint64_t i = 0; i < n; ++i) jump();
    return;
  }
  static const std::vector<LinearMap> powers = [] {
    std::vector<LinearMap> p(64);
    for (int j = 0; j < 256; ++j) {
      State unit{};
      unit[j / 64] = std::uint64_t{1} << (j % 64);
      p[0][j] = jumped(unit, kJump);
    }
    for (std::size_t k = 1; k < p.size(); ++k) {
      for (int j = 0; j < 256; ++j) p[k][j] = apply_map(p[k - 1], p[k - 1][j]);
    }
    return p;
  }();
  for (std::size_t k = 0; n != 0; ++k, n >>= 1) {
    if (n & 1) s_ = apply_map(powers[k], s_);
  }
}

void Rng::long_jump() noexcept { s_ = jumped(s_, kLongJump); }

void Rng::save(ByteWriter& out) const { out.words(s_); }

void Rng::load(ByteReader& in) {
  std::array<std::uint64_t, 4> s;
  in.words("random stream", s);
  // The all-zero state is xoshiro's one fixed point: never reached, so damage.
  if (s == std::array<std::uint64_t, 4>{}) in.fail("random stream", "the all-zero state");
  s_ = s;
}

}  // namespace sgmc
