#include "sgmc/checkpoint/byte_writer.hpp"

#include <cstring>

namespace sgmc {

void ByteWriter::raw(const void* data, std::size_t size) {
  const auto* begin = static_cast<const std::uint8_t*>(data);
  bytes_.insert(bytes_.end(), begin, begin + size);
}

void ByteWriter::section(std::string_view tag) { raw(tag.data(), 4); }

void ByteWriter::text(std::string_view value) {
  u64(value.size());
  raw(value.data(), value.size());
}

void ByteWriter::values(std::span<const double> values) {
  u64(values.size());
  raw(values.data(), values.size_bytes());
}

void ByteWriter::indices(std::span<const Index> values) {
  u64(values.size());
  raw(values.data(), values.size_bytes());
}

void ByteWriter::words(std::span<const std::uint64_t> values) {
  u64(values.size());
  raw(values.data(), values.size_bytes());
}

}  // namespace sgmc
