// A checkpoint file: a 32-byte header, then the payload.
//
//   bytes  0..7   magic "SGMCCKPT"
//   bytes  8..15  format version (little-endian u64; kCheckpointFormat)
//   bytes 16..23  payload length in bytes
//   bytes 24..31  CRC-32C of the payload (in the low 32 bits)
//
// Writing is atomic: the file is written under a temporary name in the same
// directory, flushed to disk, and renamed over `path`, so a crash or a full
// disk during a write leaves the previous checkpoint as it was.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sgmc {

/// The format this build writes, and the only one it reads.
inline constexpr std::uint64_t kCheckpointFormat = 9;

/// Writes header and payload to `path` atomically; throws Error(kIo)
/// naming the path and the system's reason. On failure `path` is untouched
/// and no temporary file is left behind.
void write_checkpoint_file(const std::string& path, std::span<const std::uint8_t> payload);

/// The payload of the checkpoint at `path`, checked: Error(kIo) when it
/// cannot be read, Error(kFormat) when it is not a checkpoint, truncated or
/// corrupt (checksum), Error(kUnsupported) when another sgmc format wrote it.
std::vector<std::uint8_t> read_checkpoint_file(const std::string& path);

/// The same checks on the bytes of a whole file (`name` is used in messages).
std::vector<std::uint8_t> checked_payload(std::span<const std::uint8_t> file, const std::string& name);

}  // namespace sgmc
