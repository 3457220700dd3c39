// sin and cos of two arguments together in SIMD lanes, inlined and without
// branches on the data: the cosine wells of nine and twentyfive (SPEC §9)
// spent most of an evaluation in two calls of libm's sincos (issue #21).
// Accurate to 2.5 ulp (libm: 1; see sin_cos): fdlibm's reduction by pi/2
// in three parts and its minimax kernels on [-pi/4, pi/4] (k_sin.c,
// k_cos.c, e_rem_pio2.c).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace sgmc {

/// Two doubles in one SSE2 register (a vector extension of GCC and Clang):
/// the two coordinates of a cosine well go through the kernel together.
typedef double Double2 __attribute__((vector_size(16)));

struct SinCos2 {
  Double2 sin;
  Double2 cos;
};

/// sin and cos by libm, for the lanes beyond the kernel's range: out of
/// line, so that the kernel's callers stay leaf functions (no registers
/// saved and restored around every evaluation for a call that never comes).
[[gnu::cold, gnu::noinline]] inline SinCos2 sin_cos_libm(Double2 a) {
  return {Double2{std::sin(a[0]), std::sin(a[1])}, Double2{std::cos(a[0]), std::cos(a[1])}};
}

/// @param[in] a  two doubles, any values.
/// @return sin(a) and cos(a) lane by lane, each within 2.5 ulp of the exact
/// value plus |a| 1e-31 (the reduction's last part of pi/2, which shows
/// only near the zeros); libm's own where a lane has |a| > 1e6, and NaN in
/// a lane whose a is not finite.
inline SinCos2 sin_cos(Double2 a) {
  if (!(std::abs(a[0]) <= 1e6 && std::abs(a[1]) <= 1e6)) [[unlikely]] return sin_cos_libm(a);
  typedef std::int64_t Int2 __attribute__((vector_size(16)));
  // n = round(a 2/pi) by the 1.5 * 2^52 shift, which leaves n mod 4 in the
  // low bits of the shifted double; r = a - n pi/2 with pi/2 split in two
  // 33-bit parts (n times each is exact for |n| < 2^20) and a tail.
  constexpr double kShift = 0x1.8p52;
  const Double2 shifted = a * 0x1.45f306dc9c883p-1 + kShift;
  const Double2 n = shifted - kShift;
  const Int2 quadrant = std::bit_cast<Int2>(shifted) & 3;
  const Double2 r = ((a - n * 0x1.921fb544p+0) - n * 0x1.0b4611a6p-34) - n * 0x1.3198a2e037073p-69;
  const Double2 z = r * r;
  // fdlibm __kernel_sin and __kernel_cos (no tail of r).
  constexpr double kS1 = -1.66666666666666324348e-01, kS2 = 8.33333333332248946124e-03,
                   kS3 = -1.98412698298579493134e-04, kS4 = 2.75573137070700676789e-06,
                   kS5 = -2.50507602534068634195e-08, kS6 = 1.58969099521155010221e-10;
  constexpr double kC1 = 4.16666666666666019037e-02, kC2 = -1.38888888888741095749e-03,
                   kC3 = 2.48015872894767294178e-05, kC4 = -2.75573143513906633035e-07,
                   kC5 = 2.08757232129817482790e-09, kC6 = -1.13596475577881948265e-11;
  // The polynomials by Estrin's scheme, in powers z and z^2 taken in
  // parallel: three dependent multiply-adds where Horner's rule takes
  // six, which were a third of the kernel's latency (issue #21).
  const Double2 z2 = z * z;
  const Double2 s_poly = (kS1 + z * kS2) + z2 * ((kS3 + z * kS4) + z2 * (kS5 + z * kS6));
  const Double2 sin_r = r + z * r * s_poly;
  const Double2 c_poly = z * ((kC1 + z * kC2) + z2 * ((kC3 + z * kC4) + z2 * (kC5 + z * kC6)));
  const Double2 half_z = 0.5 * z;
  const Double2 w = 1.0 - half_z;
  const Double2 cos_r = w + (((1.0 - w) - half_z) + z * c_poly);
  // sin(r + n pi/2) and cos(r + n pi/2) by n mod 4: odd quadrants swap
  // the two, and the signs follow; selected with masks, not branches.
  const Int2 swap = -(quadrant & 1);
  const Int2 s_bits = std::bit_cast<Int2>(sin_r), c_bits = std::bit_cast<Int2>(cos_r);
  const Int2 sin_bits = ((c_bits & swap) | (s_bits & ~swap)) ^ ((quadrant & 2) << 62);
  const Int2 cos_bits = ((s_bits & swap) | (c_bits & ~swap)) ^ (((quadrant + 1) & 2) << 62);
  return {std::bit_cast<Double2>(sin_bits), std::bit_cast<Double2>(cos_bits)};
}

}  // namespace sgmc
