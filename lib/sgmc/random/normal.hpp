// Fast standard-normal generation for the injected noise of every sampler.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sgmc/random/rng.hpp"

namespace sgmc {

/// Exact N(0, 1) variates (up to double rounding), drawn from one Rng stream.
/// `fill` is the fast path used by every step; it never allocates.
/// The output sequence is a deterministic function of the Rng it is built from,
/// and does not depend on how it is split into `fill` and `next` calls.
class NormalSource {
 public:
  explicit NormalSource(Rng rng);

  /// Writes n independent N(0, 1) variates to out.
  void fill(double* out, std::size_t n) noexcept;
  /// One N(0, 1) variate.
  double next() noexcept;

  /// The stream the source was built from. The variates come from
  /// sub-streams 2^96 draws and more ahead of it, so drawing from it (say,
  /// for accept/reject uniforms) does not change them.
  Rng& rng() noexcept { return rng_; }

  /// Checkpoints: the stream, the lane states and the unread variates.
  void save(ByteWriter& out) const;
  void load(ByteReader& in);

 private:
  /// xoshiro256++ lanes advanced together: two AVX-512 vectors.
  static constexpr std::size_t kLanes = 16;

  /// Writes groups * kLanes variates, one per lane per group.
  void generate(double* out, std::size_t groups) noexcept;

  Rng rng_;
  std::array<std::array<std::uint64_t, kLanes>, 4> lanes_{};  ///< lane states, word-major
  std::array<std::uint64_t, 4> slow_{};  ///< xoshiro256++ state of the rare slow path
  std::array<double, kLanes> buffer_{};  ///< one group, for next() and ragged ends
  std::size_t buffered_ = 0;             ///< unread variates at the end of buffer_
};

}  // namespace sgmc
