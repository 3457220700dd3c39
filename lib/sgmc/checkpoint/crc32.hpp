// CRC-32 (IEEE 802.3, the checksum of zip and PNG) of a checkpoint's
// payload: any burst error of up to 32 bits, and all but one in 2^32 other
// corruptions, change it.
#pragma once

#include <cstdint>
#include <span>

namespace sgmc {

std::uint32_t crc32(std::span<const std::uint8_t> bytes) noexcept;

}  // namespace sgmc
