#include "sgmc/checkpoint/crc32c.hpp"

#include <array>
#include <cstring>

#if defined(__SSE4_2__)
#include <nmmintrin.h>
#endif

namespace sgmc {
namespace {

#if !defined(__SSE4_2__)
/// Slicing-by-8 tables of the reflected Castagnoli polynomial 0x82F63B78,
/// for builds without SSE4.2: eight bytes per step instead of one.
constexpr std::array<std::array<std::uint32_t, 256>, 8> make_tables() {
  std::array<std::array<std::uint32_t, 256>, 8> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? 0x82F63B78u ^ (c >> 1) : c >> 1;
    t[0][i] = c;
  }
  for (std::size_t s = 1; s < 8; ++s) {
    for (std::size_t i = 0; i < 256; ++i) t[s][i] = (t[s - 1][i] >> 8) ^ t[0][t[s - 1][i] & 0xFF];
  }
  return t;
}

constexpr auto kTables = make_tables();
#endif

}  // namespace

std::uint32_t crc32c(std::span<const std::uint8_t> bytes) noexcept {
  std::uint32_t c = 0xFFFFFFFFu;
  std::size_t i = 0;
#if defined(__SSE4_2__)
  std::uint64_t wide = c;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    wide = _mm_crc32_u64(wide, word);
  }
  c = static_cast<std::uint32_t>(wide);
  for (; i < bytes.size(); ++i) c = _mm_crc32_u8(c, bytes[i]);
#else
  for (; i + 8 <= bytes.size(); i += 8) {
    const std::uint32_t lo = c ^ (bytes[i] | bytes[i + 1] << 8 | bytes[i + 2] << 16 |
                                  static_cast<std::uint32_t>(bytes[i + 3]) << 24);
    c = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^ kTables[5][(lo >> 16) & 0xFF] ^
        kTables[4][lo >> 24] ^ kTables[3][bytes[i + 4]] ^ kTables[2][bytes[i + 5]] ^
        kTables[1][bytes[i + 6]] ^ kTables[0][bytes[i + 7]];
  }
  for (; i < bytes.size(); ++i) c = kTables[0][(c ^ bytes[i]) & 0xFF] ^ (c >> 8);
#endif
  return c ^ 0xFFFFFFFFu;
}

}  // namespace sgmc
