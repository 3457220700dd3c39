// The encoding of a checkpoint's payload: fixed-width little-endian
// integers and IEEE doubles, lengths before arrays, and four-letter section
// tags that let the reader say which part of a file is wrong. Every class
// with state to checkpoint writes itself with save(ByteWriter&) and reads
// itself back with load(ByteReader&) in the same order.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

static_assert(std::endian::native == std::endian::little,
              "checkpoints are written in the host's byte order, which must be little-endian");

class ByteWriter {
 public:
  void u64(std::uint64_t value) { raw(&value, sizeof value); }
  void i64(std::int64_t value) { raw(&value, sizeof value); }
  void f64(double value) { raw(&value, sizeof value); }
  void flag(bool value) { u64(value ? 1 : 0); }
  /// A four-letter tag opening a section.
  void section(std::string_view tag);
  void text(std::string_view value);
  /// Length, then the values.
  void values(std::span<const double> values);
  void values(ConstVecRef values) { this->values({values.data(), static_cast<std::size_t>(values.size())}); }
  void indices(std::span<const Index> values);
  void words(std::span<const std::uint64_t> values);
  /// Bytes as they are, without a length.
  void raw_bytes(std::span<const std::uint8_t> bytes) { raw(bytes.data(), bytes.size()); }

  void reserve(std::size_t bytes) { bytes_.reserve(bytes); }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  std::vector<std::uint8_t> release() { return std::move(bytes_); }

 private:
  void raw(const void* data, std::size_t size);
  std::vector<std::uint8_t> bytes_;
};

}  // namespace sgmc
