// Modified ziggurat (McFarland 2016, "A modified ziggurat algorithm for
// generating exponentially and normally distributed pseudorandom numbers",
// J. Stat. Comput. Simul. 86(7)). The half-normal density f(x) = exp(-x^2/2)
// is cut into K = 2045 rectangles [0, x_{j+1}) x [f(x_j), f(x_{j+1})) that lie
// under f and hold exactly 1/2048 of its area each; the remainder (the wedges
// between the rectangles and f, and the tail beyond x_1) holds the last
// 3/2048. One 64-bit word gives a slot (11 bits) and a signed uniform u (53
// bits): a slot j < K returns u x_{j+1}, one table lookup and no comparison,
// 99.85% of the time. The remainder is sampled exactly: an alias table
// (Walker 1977, Vose 1991) picks the tail or a wedge with probability equal
// to its area, a wedge is sampled by rejection from its bounding box (with
// chord squeezes, so exp is seldom evaluated), the tail by Marsaglia's
// (1964) method.
//
// Why this method: with 16 xoshiro256++ lanes in two AVX-512 vectors, fill()
// takes ~0.49 ns per variate on a Sapphire Rapids core, 0.19 ns of it the
// generator itself. Vectorised Box–Muller (Eigen's log, vsqrtpd, a polynomial
// sincos) measured ~1.5 ns, and the classic Marsaglia–Tsang ziggurat needs a
// second table lookup and a comparison per variate (~1.2 ns). With AVX2
// (the x86-64-v3 copy) four registers of four lanes run it (~1.5 ns on a
// Zen 3 core), otherwise a portable path; every path gives the same bits.
#include "sgmc/random/normal.hpp"

#include "sgmc/checkpoint/byte_reader.hpp"
#include "sgmc/checkpoint/byte_writer.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>

#if defined(__AVX512F__) && defined(__AVX512DQ__)
#define SGMC_NORMAL_AVX512 1
#include <immintrin.h>
#elif defined(__AVX2__)
#define SGMC_NORMAL_AVX2 1
#include <immintrin.h>
#endif

namespace sgmc {
namespace {

constexpr int kSlotBits = 11;
constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;
constexpr std::uint64_t kSlotMask = kSlots - 1;

// x^(2^96) mod the characteristic polynomial of xoshiro256, in the layout of
// Rng's jump polynomials (the same computation reproduces those). Lane j
// starts (j + 1) 2^96 draws after the source's Rng, the slow path 17 2^96:
// all far inside the 2^128 draws that separate two chains' streams.
constexpr std::array<std::uint64_t, 4> kSubJump = {0x148c356c3114b7a9ULL, 0xcdb45d7def42c317ULL,
                                                   0xb27c05962ea56a13ULL, 0x31eebb6c82a9615fULL};

using State = std::array<std::uint64_t, 4>;

// The recurrence of Rng::next, on a bare state.
std::uint64_t xoshiro_next(State& s) { return xoshiro256pp_next(s[0], s[1], s[2], s[3]); }

double uniform(std::uint64_t word) { return static_cast<double>(word >> 11) * 0x1.0p-53; }  // [0, 1)
double uniform_nonzero(std::uint64_t word) {                                                // (0, 1]
  return (static_cast<double>(word >> 11) + 1.0) * 0x1.0p-53;
}
double density(double x) { return std::exp(-0.5 * x * x); }

// The point where h changes sign, to the last bit; h(lo) > 0 >= h(hi).
template <typename F>
double bisect(F h, double lo, double hi) {
  for (;;) {
    const double mid = lo + 0.5 * (hi - lo);
    if (mid <= lo || mid >= hi) return lo;
    (h(mid) > 0.0 ? lo : hi) = mid;
  }
}

// Integral of f(t) - floor over [lo, hi]: 5-point Gauss–Legendre, exact to
// ~1e-12 relative on these short intervals.
double wedge_area(double lo, double hi, double floor) {
  constexpr std::array<double, 3> kNode = {0.0, 0.5384693101056831, 0.9061798459386640};
  constexpr std::array<double, 3> kWeight = {0.5688888888888889, 0.4786286704993665, 0.2369268850561891};
  const double half = 0.5 * (hi - lo);
  const double mid = 0.5 * (hi + lo);
  double sum = kWeight[0] * (density(mid) - floor);
  for (int i = 1; i < 3; ++i) {
    sum += kWeight[i] * (density(mid - half * kNode[i]) + density(mid + half * kNode[i]) - 2.0 * floor);
  }
  return half * sum;
}

// A wedge between the rectangles and f: left <= x < left + width,
// floor <= y < f(x), with f falling by `rise` across it. In units u = (x - left) / width,
// v = (y - floor) / rise the chord of f is v = 1 - u, and f lies within
// [1 - u - over, 1 - u + under]: most points are decided without exp.
struct Wedge {
  double left = 0.0;
  double width = 0.0;
  double floor = 0.0;
  double rise = 0.0;
  double over = 0.0;
  double under = 0.0;
  bool convex = false;  ///< under = 0: the wedge lies under its chord

  Wedge() = default;
  Wedge(double lo, double hi);
  double sample(State& s) const;
};

Wedge::Wedge(double lo, double hi)
    : left(lo), width(hi - lo), floor(density(hi)), rise(density(lo) - density(hi)), convex(lo >= 1.0) {
  // f is convex beyond 1 and concave below: on each side the chord strays
  // furthest from f where f' equals its slope. The margin covers rounding,
  // so the bounds never decide a point the exact test would not.
  constexpr double kMargin = 1e-9;
  const double slope = -rise / width;
  const auto deviation = [&](double x) {
    return std::abs(density(left) + slope * (x - left) - density(x)) / rise;
  };
  if (convex) {
    over = deviation(bisect([&](double x) { return slope + x * density(x); }, lo, hi)) + kMargin;
  } else if (hi <= 1.0) {
    under = deviation(bisect([&](double x) { return -x * density(x) - slope; }, lo, hi)) + kMargin;
  } else {  // the one wedge across the inflection point: always the exact test
    over = under = HUGE_VAL;
  }
}

// Uniform in the bounding box, reflected into the triangle under the chord
// when the wedge lies in it; accepted if under f.
double Wedge::sample(State& s) const {
  for (;;) {
    double u = uniform(xoshiro_next(s));
    double v = uniform(xoshiro_next(s));
    if (convex && u + v > 1.0) {
      u = 1.0 - u;
      v = 1.0 - v;
    }
    const double x = left + u * width;
    if (v < 1.0 - u - over) return x;
    if (v < 1.0 - u + under && floor + v * rise < density(x)) return x;
  }
}

struct Ziggurat {
  /// Slot j < rectangles: x_{j+1} 2^-53, so that x = ((w >> 10) | 1) scale[slot].
  std::array<double, kSlots> scale{};
  std::uint64_t rectangles = 0;
  double tail_start = 0.0;  ///< x_1
  /// Alias table over the remainder: component 0 is the tail, component
  /// c = 1..K the wedge over [x_{c+1}, x_c).
  struct Alias {
    double prob = 1.0;
    std::uint32_t other = 0;
  };
  std::array<Alias, kSlots> alias{};
  std::array<Wedge, kSlots> wedge{};

  Ziggurat();
  double remainder(State& s, std::uint64_t word) const;
};

Ziggurat::Ziggurat() {
  const double share = std::sqrt(0.5 * std::numbers::pi) / kSlots;  // area of each rectangle
  // edge[j] = x_j, height[j] = f(x_j); rectangle j spans [0, x_{j+1}) x [f(x_j), f(x_{j+1})).
  std::array<double, kSlots + 1> edge{};
  std::array<double, kSlots + 1> height{};
  edge[0] = 40.0;  // stands for x_0 = infinity: f(40) underflows to 0
  height[0] = density(edge[0]);
  std::size_t k = 0;
  for (;; ++k) {
    // t (f(t) - f(x_k)) rises on [0, peak], then falls to 0 at x_k; the next
    // edge is where it falls back to `share`.
    const double floor = height[k];
    const double peak =
        bisect([&](double t) { return density(t) * (1.0 - t * t) - floor; }, 0.0, std::min(edge[k], 1.0));
    const auto excess = [&](double t) { return t * (density(t) - floor) - share; };
    if (excess(peak) <= 0.0) break;
    edge[k + 1] = bisect(excess, peak, edge[k]);
    height[k + 1] = density(edge[k + 1]);
    scale[k] = std::ldexp(edge[k + 1], -53);
  }
  rectangles = k;
  tail_start = edge[1];
  edge[k + 1] = 0.0;
  for (std::size_t c = 1; c <= k; ++c) wedge[c] = Wedge(edge[c + 1], edge[c]);

  // Vose's alias method over k + 1 components, padded with empty ones.
  std::array<double, kSlots> mass{};
  mass[0] = std::sqrt(0.5 * std::numbers::pi) * std::erfc(tail_start / std::numbers::sqrt2);
  for (std::size_t c = 1; c <= k; ++c) mass[c] = wedge_area(edge[c + 1], edge[c], height[c]);
  double total = 0.0;
  for (const double m : mass) total += m;
  std::array<std::uint32_t, kSlots> small{};
  std::array<std::uint32_t, kSlots> large{};
  std::size_t n_small = 0;
  std::size_t n_large = 0;
  for (std::uint32_t c = 0; c < kSlots; ++c) {
    mass[c] *= static_cast<double>(kSlots) / total;
    (mass[c] < 1.0 ? small[n_small++] : large[n_large++]) = c;
  }
  while (n_small > 0 && n_large > 0) {
    const std::uint32_t s = small[--n_small];
    const std::uint32_t l = large[--n_large];
    alias[s] = {mass[s], l};
    mass[l] = (mass[l] + mass[s]) - 1.0;
    (mass[l] < 1.0 ? small[n_small++] : large[n_large++]) = l;
  }
}

double Ziggurat::remainder(State& s, std::uint64_t word) const {
  const std::uint64_t pick = xoshiro_next(s);
  const std::size_t slot = pick & kSlotMask;
  const std::size_t c = uniform(pick) < alias[slot].prob ? slot : alias[slot].other;
  double x = 0.0;
  if (c == 0) {  // the tail beyond x_1
    double a = 0.0;
    double b = 0.0;
    do {
      a = -std::log(uniform_nonzero(xoshiro_next(s))) / tail_start;
      b = -std::log(uniform_nonzero(xoshiro_next(s)));
    } while (b + b < a * a);
    x = tail_start + a;
  } else {
    x = wedge[c].sample(s);
  }
  return (word >> 63) != 0 ? -x : x;  // a bit the slot did not use
}

const Ziggurat& ziggurat() {
  static const Ziggurat tables;
  return tables;
}

// A word's bits 0..10 are its slot; bits 11..63 as an odd integer in
// (-2^53, 2^53), (w >> 10) | 1, times 2^-53 are a uniform on (-1, 1) that is
// symmetric, independent of the slot and exact as a double.
#ifdef SGMC_NORMAL_AVX512
// Zero-masked forms with a full mask: the plain shift, rotate and gather
// intrinsics trip GCC 12's -Wuninitialized (GCC bug 105593).
constexpr __mmask8 kAll = 0xFF;

struct LaneVector {
  __m512i s0, s1, s2, s3;
};

__m512i xoshiro_next(LaneVector& v) {
  const __m512i sum = _mm512_add_epi64(v.s0, v.s3);
  const __m512i result = _mm512_add_epi64(_mm512_maskz_rol_epi64(kAll, sum, 23), v.s0);
  const __m512i t = _mm512_maskz_slli_epi64(kAll, v.s1, 17);
  v.s2 = _mm512_xor_si512(v.s2, v.s0);
  v.s3 = _mm512_xor_si512(v.s3, v.s1);
  v.s1 = _mm512_xor_si512(v.s1, v.s2);
  v.s0 = _mm512_xor_si512(v.s0, v.s3);
  v.s2 = _mm512_xor_si512(v.s2, t);
  v.s3 = _mm512_maskz_rol_epi64(kAll, v.s3, 45);
  return result;
}

// ((w >> 10) | 1) * scale[w & kSlotMask], lane by lane.
__m512d rectangle_sample(__m512i w, __m512i slot, const double* scale) {
  const __m512i odd = _mm512_or_si512(_mm512_maskz_srai_epi64(kAll, w, 10), _mm512_set1_epi64(1));
  const __m512d edge = _mm512_mask_i64gather_pd(_mm512_setzero_pd(), kAll, slot, scale, 8);
  return _mm512_mul_pd(_mm512_cvtepi64_pd(odd), edge);
}
#elif defined(SGMC_NORMAL_AVX2)
// The same on four lanes per register. Without AVX-512, GCC leaves the
// portable loop's conversion of 64-bit integers scalar, and with it the
// loop: here a fill of 7510 variates (an MLP step's noise) is a quarter
// faster, 10% of that step before (issue #21).
struct LaneVector {
  __m256i s0, s1, s2, s3;
};

template <int K>
__m256i rotl(__m256i x) {
  return _mm256_or_si256(_mm256_slli_epi64(x, K), _mm256_srli_epi64(x, 64 - K));
}

__m256i xoshiro_next(LaneVector& v) {
  const __m256i result = _mm256_add_epi64(rotl<23>(_mm256_add_epi64(v.s0, v.s3)), v.s0);
  const __m256i t = _mm256_slli_epi64(v.s1, 17);
  v.s2 = _mm256_xor_si256(v.s2, v.s0);
  v.s3 = _mm256_xor_si256(v.s3, v.s1);
  v.s1 = _mm256_xor_si256(v.s1, v.s2);
  v.s0 = _mm256_xor_si256(v.s0, v.s3);
  v.s2 = _mm256_xor_si256(v.s2, t);
  v.s3 = rotl<45>(v.s3);
  return result;
}

// ((w >> 10) | 1) * scale[w & kSlotMask], lane by lane. AVX2 has neither a
// 64-bit arithmetic shift nor a 64-bit integer conversion: the odd integer
// is h 2^32 + l, h = w >> 42 (a 32-bit arithmetic shift of the word's upper
// half) and l its low 32 bits, each made exact as a double by writing it
// into the mantissa of 2^52 (h offset by 2^31); h 2^32 + l is exact too,
// being below 2^53, so the product is the other paths' to the bit.
__m256d rectangle_sample(__m256i w, __m256i slot, const double* scale) {
  const __m256i exponent = _mm256_set1_epi64x(0x4330000000000000LL);
  const __m256i high_bits = _mm256_srli_epi64(_mm256_srai_epi32(w, 10), 32);
  const __m256i offset_high = _mm256_xor_si256(high_bits, _mm256_set1_epi64x(0x80000000LL));
  const __m256d high = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(offset_high, exponent)),
                                     _mm256_set1_pd(0x1p52 + 0x1p31));
  const __m256i low_bits = _mm256_or_si256(
      _mm256_and_si256(_mm256_srli_epi64(w, 10), _mm256_set1_epi64x(0xffffffffLL)), _mm256_set1_epi64x(1));
  const __m256d low =
      _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(low_bits, exponent)), _mm256_set1_pd(0x1p52));
  const __m256d odd = _mm256_add_pd(_mm256_mul_pd(high, _mm256_set1_pd(0x1p32)), low);
  // The masked gather with a full mask, as above (GCC bug 105593).
  const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
  const __m256d edge = _mm256_mask_i64gather_pd(_mm256_setzero_pd(), scale, slot, all, 8);
  return _mm256_mul_pd(odd, edge);
}
#else
std::int64_t signed_uniform_bits(std::uint64_t word) { return (static_cast<std::int64_t>(word) >> 10) | 1; }
#endif

}  // namespace

NormalSource::NormalSource(Rng rng) : rng_(rng) {
  ziggurat();  // build the tables here rather than inside a step
  State s = rng.state();
  for (std::size_t lane = 0; lane < kLanes; ++lane) {
    s = Rng::jumped(s, kSubJump);
    for (std::size_t w = 0; w < 4; ++w) lanes_[w][lane] = s[w];
  }
  s = Rng::jumped(s, kSubJump);
  slow_ = s;
}

void NormalSource::generate(double* out, std::size_t groups) noexcept {
  const Ziggurat& z = ziggurat();
#ifdef SGMC_NORMAL_AVX512
  static_assert(kLanes == 16);
  LaneVector a{_mm512_loadu_si512(lanes_[0].data()), _mm512_loadu_si512(lanes_[1].data()),
               _mm512_loadu_si512(lanes_[2].data()), _mm512_loadu_si512(lanes_[3].data())};
  LaneVector b{_mm512_loadu_si512(lanes_[0].data() + 8), _mm512_loadu_si512(lanes_[1].data() + 8),
               _mm512_loadu_si512(lanes_[2].data() + 8), _mm512_loadu_si512(lanes_[3].data() + 8)};
  const __m512i slot_mask = _mm512_set1_epi64(static_cast<long long>(kSlotMask));
  const __m512i rectangles = _mm512_set1_epi64(static_cast<long long>(z.rectangles));
  for (std::size_t g = 0; g < groups; ++g, out += kLanes) {
    const __m512i wa = xoshiro_next(a);
    const __m512i wb = xoshiro_next(b);
    const __m512i slot_a = _mm512_and_si512(wa, slot_mask);
    const __m512i slot_b = _mm512_and_si512(wb, slot_mask);
    _mm512_storeu_pd(out, rectangle_sample(wa, slot_a, z.scale.data()));
    _mm512_storeu_pd(out + 8, rectangle_sample(wb, slot_b, z.scale.data()));
    const unsigned rest = _mm512_cmpge_epu64_mask(slot_a, rectangles) |
                          (static_cast<unsigned>(_mm512_cmpge_epu64_mask(slot_b, rectangles)) << 8);
    if (rest != 0) [[unlikely]] {
      std::array<std::uint64_t, kLanes> words;
      _mm512_storeu_si512(words.data(), wa);
      _mm512_storeu_si512(words.data() + 8, wb);
      for (unsigned m = rest; m != 0; m &= m - 1) {
        const auto lane = static_cast<std::size_t>(std::countr_zero(m));
        out[lane] = z.remainder(slow_, words[lane]);
      }
    }
  }
  _mm512_storeu_si512(lanes_[0].data(), a.s0);
  _mm512_storeu_si512(lanes_[1].data(), a.s1);
  _mm512_storeu_si512(lanes_[2].data(), a.s2);
  _mm512_storeu_si512(lanes_[3].data(), a.s3);
  _mm512_storeu_si512(lanes_[0].data() + 8, b.s0);
  _mm512_storeu_si512(lanes_[1].data() + 8, b.s1);
  _mm512_storeu_si512(lanes_[2].data() + 8, b.s2);
  _mm512_storeu_si512(lanes_[3].data() + 8, b.s3);
#elif defined(SGMC_NORMAL_AVX2)
  static_assert(kLanes == 16);
  constexpr std::size_t kVectors = kLanes / 4;
  std::array<LaneVector, kVectors> v;
  const auto load = [&](std::size_t w, std::size_t q) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lanes_[w].data() + 4 * q));
  };
  for (std::size_t q = 0; q < kVectors; ++q) v[q] = {load(0, q), load(1, q), load(2, q), load(3, q)};
  const __m256i slot_mask = _mm256_set1_epi64x(static_cast<long long>(kSlotMask));
  const __m256i last_rectangle = _mm256_set1_epi64x(static_cast<long long>(z.rectangles) - 1);
  for (std::size_t g = 0; g < groups; ++g, out += kLanes) {
    __m256i words[kVectors];
    unsigned rest = 0;
    for (std::size_t q = 0; q < kVectors; ++q) {
      words[q] = xoshiro_next(v[q]);
      const __m256i slot = _mm256_and_si256(words[q], slot_mask);
      _mm256_storeu_pd(out + 4 * q, rectangle_sample(words[q], slot, z.scale.data()));
      const __m256i beyond = _mm256_cmpgt_epi64(slot, last_rectangle);
      rest |= static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(beyond))) << (4 * q);
    }
    if (rest != 0) [[unlikely]] {
      std::array<std::uint64_t, kLanes> lane_words;
      for (std::size_t q = 0; q < kVectors; ++q) {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(lane_words.data() + 4 * q), words[q]);
      }
      for (unsigned m = rest; m != 0; m &= m - 1) {
        const auto lane = static_cast<std::size_t>(std::countr_zero(m));
        out[lane] = z.remainder(slow_, lane_words[lane]);
      }
    }
  }
  const auto store = [&](std::size_t w, std::size_t q, __m256i value) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(lanes_[w].data() + 4 * q), value);
  };
  for (std::size_t q = 0; q < kVectors; ++q) {
    store(0, q, v[q].s0);
    store(1, q, v[q].s1);
    store(2, q, v[q].s2);
    store(3, q, v[q].s3);
  }
#else
  // Same variates as the AVX-512 path; written so that compilers vectorise
  // the first two loops.
  for (std::size_t g = 0; g < groups; ++g, out += kLanes) {
    std::array<std::uint64_t, kLanes> words;
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      words[lane] = xoshiro256pp_next(lanes_[0][lane], lanes_[1][lane], lanes_[2][lane], lanes_[3][lane]);
    }
    bool rest = false;
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      const std::uint64_t slot = words[lane] & kSlotMask;
      out[lane] = static_cast<double>(signed_uniform_bits(words[lane])) * z.scale[slot];
      rest = rest || slot >= z.rectangles;
    }
    if (rest) [[unlikely]] {
      for (std::size_t lane = 0; lane < kLanes; ++lane) {
        if ((words[lane] & kSlotMask) >= z.rectangles) out[lane] = z.remainder(slow_, words[lane]);
      }
    }
  }
#endif
}

void NormalSource::fill(double* out, std::size_t n) noexcept {
  const std::size_t from_buffer = std::min(n, buffered_);
  std::copy_n(buffer_.data() + (kLanes - buffered_), from_buffer, out);
  buffered_ -= from_buffer;
  out += from_buffer;
  n -= from_buffer;
  const std::size_t groups = n / kLanes;
  generate(out, groups);
  const std::size_t rest = n % kLanes;
  if (rest != 0) {
    generate(buffer_.data(), 1);
    std::copy_n(buffer_.data(), rest, out + groups * kLanes);
    buffered_ = kLanes - rest;
  }
}

double NormalSource::next() noexcept {
  if (buffered_ == 0) {
    generate(buffer_.data(), 1);
    buffered_ = kLanes;
  }
  return buffer_[kLanes - buffered_--];
}

void NormalSource::save(ByteWriter& out) const {
  out.section("NORM");
  rng_.save(out);
  for (const auto& word : lanes_) out.words(word);
  out.words(slow_);
  out.values(std::span<const double>(buffer_));
  out.u64(buffered_);
}

void NormalSource::load(ByteReader& in) {
  in.section("NORM");
  Rng rng = rng_;
  rng.load(in);
  decltype(lanes_) lanes;
  for (auto& word : lanes) in.words("normal lanes", word);
  decltype(slow_) slow;
  in.words("normal slow path", slow);
  decltype(buffer_) buffer;
  in.values("normal buffer", std::span<double>(buffer));
  const auto buffered = static_cast<std::size_t>(in.index("normal buffered", 0, kLanes));
  rng_ = rng;
  lanes_ = lanes;
  slow_ = slow;
  buffer_ = buffer;
  buffered_ = buffered;
}

}  // namespace sgmc
