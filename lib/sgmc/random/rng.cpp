#include "sgmc/random/rng.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

namespace sgmc {
namespace {

__extension__ using uint128 = unsigned __int128;  // GCC/Clang; pedantic needs the marker

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

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

Rng Rng::stream(std::uint64_t seed, std::uint64_t chain, StreamPurpose purpose) {
  Rng rng(seed);
  for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(purpose); ++i) rng.long_jump();
  for (std::uint64_t i = 0; i < chain; ++i) rng.jump();
  return rng;
}

std::uint64_t Rng::below(std::uint64_t bound) noexcept {
  // Lemire (2019), "Fast random integer generation in an interval".
  uint128 m = static_cast<uint128>(next()) * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<uint128>(next()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

void Rng::apply_jump(const std::array<std::uint64_t, 4>& poly) noexcept {
  std::array<std::uint64_t, 4> t{};
  for (const std::uint64_t word : poly) {
    for (int b = 0; b < 64; ++b) {
      if (word & (std::uint64_t{1} << b)) {
        for (int i = 0; i < 4; ++i) t[i] ^= s_[i];
      }
      next();
    }
  }
  s_ = t;
}

void Rng::jump() noexcept { apply_jump(kJump); }
void Rng::long_jump() noexcept { apply_jump(kLongJump); }

void Rng::save(ByteWriter& out) const { out.words(s_); }

void Rng::load(ByteReader& in) {
  std::array<std::uint64_t, 4> s;
  in.words("random stream", s);
  // The all-zero state is xoshiro's one fixed point: never reached, so damage.
  if (s == std::array<std::uint64_t, 4>{}) in.fail("random stream", "the all-zero state");
  s_ = s;
}

}  // namespace sgmc
