// Prints a hash of the bits of N(0, 1) variates that NormalSource draws in
// fills of assorted sizes (inside a group of 16 lanes, across groups, one at
// a time), 10^6 variates in all, enough to take the rare slow path (0.15% of
// variates) often. Built once against the baseline engine and once against
// the copy for this machine's instruction-set level (the AVX2 or AVX-512
// path, not the portable one), so that the test normal_bits_agree can check
// that every copy of libsgmc injects the same noise (random/normal.cpp).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "sgmc/random/normal.hpp"

int main() {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over the bytes
  std::vector<double> out(7510);
  for (const std::uint64_t seed : {1ull, 42ull}) {
    sgmc::NormalSource normal(sgmc::Rng{seed});
    std::size_t drawn = 0;
    for (std::size_t round = 0; drawn < 500000; ++round) {
      const std::size_t n = round % 5 == 4 ? 1 : std::size_t{1} + (round * 37) % out.size();
      if (n == 1) {
        out[0] = normal.next();
      } else {
        normal.fill(out.data(), n);
      }
      for (std::size_t i = 0; i < n; ++i) {
        std::uint64_t bits;
        std::memcpy(&bits, &out[i], sizeof bits);
        for (int b = 0; b < 64; b += 8) hash = (hash ^ ((bits >> b) & 0xff)) * 1099511628211ull;
      }
      drawn += n;
    }
  }
  std::printf("%016llx\n", static_cast<unsigned long long>(hash));
}
