// Reads what ByteWriter wrote, checking as it goes: a read past the end,
// a length beyond what is left or allowed, an unexpected section tag or a
// value out of its range throws Error(kFormat) naming the byte offset and
// the field, so that a damaged file never becomes a damaged sampler.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgmc/core/types.hpp"

namespace sgmc {

class ByteReader {
 public:
  /// `source` names what the bytes are in the errors ("draws bytes"):
  /// a checkpoint's unless said.
  explicit ByteReader(std::span<const std::uint8_t> bytes, std::string_view source = "checkpoint")
      : bytes_(bytes), source_(source) {}

  std::uint64_t u64(std::string_view what);
  std::int64_t i64(std::string_view what);
  double f64(std::string_view what);
  bool flag(std::string_view what);
  /// An integer in [lo, hi].
  Index index(std::string_view what, Index lo, Index hi);
  /// A finite double.
  double finite(std::string_view what);
  /// Requires the section tag `tag` next.
  void section(std::string_view tag);
  /// A string of at most max_length bytes.
  std::string text(std::string_view what, std::size_t max_length = 4096);
  /// Reads an array of exactly out.size() doubles into out, unchecked
  /// (values a later step checks itself, such as an evaluation).
  void doubles(std::string_view what, std::span<double> out);
  void doubles(std::string_view what, VecRef out) {
    doubles(what, std::span<double>(out.data(), static_cast<std::size_t>(out.size())));
  }
  /// Reads an array of exactly out.size() finite doubles into out.
  void values(std::string_view what, std::span<double> out);
  void values(std::string_view what, VecRef out) {
    values(what, std::span<double>(out.data(), static_cast<std::size_t>(out.size())));
  }
  /// An array of at most max doubles, unchecked.
  std::vector<double> double_array(std::string_view what, Index max);
  /// Reads an array of exactly out.size() indices, each in [lo, hi].
  void indices(std::string_view what, std::span<Index> out, Index lo, Index hi);
  void words(std::string_view what, std::span<std::uint64_t> out);
  /// The length of the next array, read and required to be in [0, max].
  Index length(std::string_view what, Index max);
  /// Requires every byte to have been read.
  void finish();

  std::size_t offset() const { return offset_; }
  /// True when every byte has been read.
  bool at_end() const { return offset_ == bytes_.size(); }
  /// The doubles (8-byte values) the unread bytes can hold at most: a bound
  /// on any count about to be read, before memory is set aside for it.
  Index doubles_left() const { return static_cast<Index>((bytes_.size() - offset_) / 8); }
  /// Throws Error(kFormat): "<source> damaged at byte N (what): problem".
  [[noreturn]] void fail(std::string_view what, const std::string& problem) const;

 private:
  void raw(std::string_view what, void* out, std::size_t size);
  void expect_length(std::string_view what, std::size_t expected);

  std::span<const std::uint8_t> bytes_;
  std::string_view source_;  ///< a literal: static storage
  std::size_t offset_ = 0;
};

}  // namespace sgmc
