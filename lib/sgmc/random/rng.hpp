// Pseudo-random streams. Every chain owns independent streams keyed by
// (seed, chain index, purpose), so draws never depend on how chains are
// spread over threads or processes (DESIGN.md, "reproducibility").
#pragma once

#include <array>
#include <cstdint>

namespace sgmc {

class ByteReader;
class ByteWriter;

/// What a stream is used for; each purpose of each chain is its own stream,
/// so that e.g. the batch sequence does not change when a sampler consumes
/// more or fewer normals.
enum class StreamPurpose : std::uint64_t {
  kMoves = 0,       ///< injected noise, accept/reject, swaps
  kBatches = 1,     ///< mini-batch selection
  kTargetNoise = 2, ///< simulated gradient noise of synthetic targets
  kSwaps = 3,       ///< replica-exchange swap decisions (one stream per run, chain 0)
};

/// xoshiro256++ (Blackman & Vigna 2019). Streams are separated by jumps:
/// the (seed, chain, purpose) stream starts `purpose` long-jumps (2^192) and
/// `chain` jumps (2^128) after the state seeded from `seed`, so streams never
/// overlap for fewer than 2^64 chains and 2^128 draws per stream.
/// One step of xoshiro256++ on a bare state: returns the output and
/// advances (s0, s1, s2, s3). Rng::next, the jumps and the lanes of the
/// vectorised normal generator (normal.cpp) all step through it.
inline std::uint64_t xoshiro256pp_next(std::uint64_t& s0, std::uint64_t& s1, std::uint64_t& s2,
                                       std::uint64_t& s3) noexcept {
  const auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
  const std::uint64_t result = rotl(s0 + s3, 23) + s0;
  const std::uint64_t t = s1 << 17;
  s2 ^= s0;
  s3 ^= s1;
  s1 ^= s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = rotl(s3, 45);
  return result;
}

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit Rng(std::uint64_t seed = 0);
  static Rng stream(std::uint64_t seed, std::uint64_t chain, StreamPurpose purpose);

  std::uint64_t next() noexcept { return xoshiro256pp_next(s_[0], s_[1], s_[2], s_[3]); }
  std::uint64_t operator()() noexcept { return next(); }
  static constexpr std::uint64_t min() { return 0; }
  static constexpr std::uint64_t max() { return ~std::uint64_t{0}; }

  /// Uniform double in [0, 1) with 53 random bits.
  double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  /// Uniform integer in [0, bound), bound > 0, without modulo bias (Lemire
  /// 2019, "Fast random integer generation in an interval"). Inline: a
  /// batch draw calls it once per index, and a copy of the generator in a
  /// caller's local variable then stays in registers.
  std::uint64_t below(std::uint64_t bound) noexcept {
    __extension__ using uint128 = unsigned __int128;  // GCC/Clang; pedantic needs the marker
    uint128 m = static_cast<uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {  // rarely: probability bound / 2^64
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<uint128>(next()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  void jump() noexcept;       ///< advance 2^128 steps
  void long_jump() noexcept;  ///< advance 2^192 steps
  /// n jumps (advance n * 2^128 steps) in time O(log n): the state of
  /// jump() repeated n times, bit for bit. The first call with n > 512
  /// builds a table of 512 KiB (std::bad_alloc if that fails).
  void jump(std::uint64_t n);

  const std::array<std::uint64_t, 4>& state() const noexcept { return s_; }

  /// The state `s` advances to by the jump `polynomial` (its coefficients,
  /// lowest first, in four words): kJump, kLongJump, or another power of
  /// the transition reduced modulo the characteristic polynomial.
  static std::array<std::uint64_t, 4> jumped(std::array<std::uint64_t, 4> s,
                                             const std::array<std::uint64_t, 4>& polynomial) noexcept;

  /// Checkpoints (lib/sgmc/checkpoint): the four state words.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace sgmc
