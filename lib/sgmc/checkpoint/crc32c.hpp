// CRC-32C (Castagnoli; iSCSI, ext4, SCTP) of a checkpoint's payload: every
// burst error of up to 32 bits, and all but one in 2^32 other corruptions,
// change it. x86's SSE4.2 computes it in hardware, 8 bytes per instruction,
// so checking a checkpoint of every draw costs little next to writing it.
#pragma once

#include <cstdint>
#include <span>

namespace sgmc {

std::uint32_t crc32c(std::span<const std::uint8_t> bytes) noexcept;

}  // namespace sgmc
