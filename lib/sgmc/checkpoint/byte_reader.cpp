#include "sgmc/checkpoint/byte_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sgmc/core/error.hpp"

namespace sgmc {

void ByteReader::fail(std::string_view what, const std::string& problem) const {
  throw Error(ErrorKind::kFormat, std::string(source_) + " damaged at byte " + show(offset_) + " (" +
                                      std::string(what) + "): " + problem);
}

void ByteReader::raw(std::string_view what, void* out, std::size_t size) {
  if (size > bytes_.size() - offset_) {
    fail(what, "needs " + show(size) + " bytes, only " + show(bytes_.size() - offset_) + " left");
  }
  // An empty array's out may be null, which memcpy must never see, even
  // with size 0.
  if (size == 0) return;
  std::memcpy(out, bytes_.data() + offset_, size);
  offset_ += size;
}

std::uint64_t ByteReader::u64(std::string_view what) {
  std::uint64_t value;
  raw(what, &value, sizeof value);
  return value;
}

std::int64_t ByteReader::i64(std::string_view what) {
  std::int64_t value;
  raw(what, &value, sizeof value);
  return value;
}

double ByteReader::f64(std::string_view what) {
  double value;
  raw(what, &value, sizeof value);
  return value;
}

bool ByteReader::flag(std::string_view what) {
  const std::uint64_t value = u64(what);
  if (value > 1) fail(what, "a flag must be 0 or 1, not " + show(value));
  return value == 1;
}

Index ByteReader::index(std::string_view what, Index lo, Index hi) {
  const Index value = i64(what);
  if (value < lo || value > hi) {
    fail(what, show(value) + " is outside [" + show(lo) + ", " + show(hi) + "]");
  }
  return value;
}

double ByteReader::finite(std::string_view what) {
  const double value = f64(what);
  if (!std::isfinite(value)) fail(what, "must be finite, not " + show(value));
  return value;
}

void ByteReader::section(std::string_view tag) {
  char found[4];
  raw(tag, found, 4);
  if (std::string_view(found, 4) != tag) {
    offset_ -= 4;
    fail(tag, "expected section '" + std::string(tag) + "'");
  }
}

Index ByteReader::length(std::string_view what, Index max) {
  const std::uint64_t value = u64(what);
  if (value > static_cast<std::uint64_t>(max)) {
    fail(what, "length " + show(value) + " exceeds " + show(max));
  }
  return static_cast<Index>(value);
}

void ByteReader::expect_length(std::string_view what, std::size_t expected) {
  const std::uint64_t value = u64(what);
  if (value != expected) fail(what, "length " + show(value) + ", expected " + show(expected));
}

std::string ByteReader::text(std::string_view what, std::size_t max_length) {
  const auto size = static_cast<std::size_t>(length(what, static_cast<Index>(max_length)));
  std::string value(size, '\0');
  raw(what, value.data(), size);
  return value;
}

void ByteReader::doubles(std::string_view what, std::span<double> out) {
  expect_length(what, out.size());
  raw(what, out.data(), out.size_bytes());
}

std::vector<double> ByteReader::double_array(std::string_view what, Index max) {
  const Index n = length(what, std::min<Index>(max, static_cast<Index>((bytes_.size() - offset_) / 8)));
  std::vector<double> out(static_cast<std::size_t>(n));
  raw(what, out.data(), out.size() * sizeof(double));
  return out;
}

void ByteReader::values(std::string_view what, std::span<double> out) {
  doubles(what, out);
  for (const double v : out) {
    if (!std::isfinite(v)) fail(what, "holds a non-finite value " + show(v));
  }
}

void ByteReader::indices(std::string_view what, std::span<Index> out, Index lo, Index hi) {
  expect_length(what, out.size());
  raw(what, out.data(), out.size_bytes());
  for (const Index v : out) {
    if (v < lo || v > hi) fail(what, "holds " + show(v) + ", outside [" + show(lo) + ", " + show(hi) + "]");
  }
}

void ByteReader::words(std::string_view what, std::span<std::uint64_t> out) {
  expect_length(what, out.size());
  raw(what, out.data(), out.size_bytes());
}

void ByteReader::finish() {
  if (offset_ != bytes_.size()) {
    fail("end", show(bytes_.size() - offset_) + " bytes left over after the last section");
  }
}

}  // namespace sgmc
