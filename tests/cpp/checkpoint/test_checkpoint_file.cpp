// The checkpoint file: atomic writes, and every damaged, truncated, foreign
// or newer file rejected with a clear error.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/checkpoint/crc32c.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                               static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::uint8_t> payload(std::size_t n) {
  std::vector<std::uint8_t> bytes(n);
  for (std::size_t i = 0; i < n; ++i) bytes[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return bytes;
}

/// Expects reading `path` to throw `kind` with `words` in the message.
void expect_rejected(const std::string& path, ErrorKind kind, const std::string& words) {
  try {
    read_checkpoint_file(path);
    FAIL() << "accepted " << path;
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

class CheckpointFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("ckpt-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    path_ = (dir_ / "run.ckpt").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
  std::string path_;
};

TEST(Crc32c, MatchesTheStandardCheckValue) {
  const std::string check = "123456789";  // the CRC-32C (iSCSI) check value
  EXPECT_EQ(crc32c({reinterpret_cast<const std::uint8_t*>(check.data()), check.size()}), 0xE3069283u);
  // The word-at-a-time path and a bit-by-bit reference agree on every length.
  const auto bytes = payload(100);
  for (std::size_t n = 0; n < 40; ++n) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (std::size_t i = 0; i < n; ++i) {
      c ^= bytes[i];
      for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? 0x82F63B78u ^ (c >> 1) : c >> 1;
    }
    EXPECT_EQ(crc32c({bytes.data(), n}), c ^ 0xFFFFFFFFu) << n;
  }
}

TEST_F(CheckpointFile, RoundTrips) {
  const auto bytes = payload(1000);
  write_checkpoint_file(path_, bytes);
  EXPECT_EQ(read_checkpoint_file(path_), bytes);
  write_checkpoint_file(path_, {});  // replaces it
  EXPECT_TRUE(read_checkpoint_file(path_).empty());
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(CheckpointFile, EveryTruncationIsRejected) {
  write_checkpoint_file(path_, payload(300));
  const auto file = slurp(path_);
  const std::string cut = (dir_ / "cut.ckpt").string();
  for (std::size_t n = 0; n < file.size(); ++n) {
    spit(cut, {file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n)});
    expect_rejected(cut, ErrorKind::kFormat, n < 8 ? "not an sgmc checkpoint" : "truncated");
  }
}

TEST_F(CheckpointFile, EveryFlippedPayloadBitIsCaught) {
  write_checkpoint_file(path_, payload(120));
  const auto file = slurp(path_);
  const std::string bad = (dir_ / "bad.ckpt").string();
  for (std::size_t i = 32; i < file.size(); ++i) {
    for (int bit = 0; bit < 8; bit += 3) {
      auto damaged = file;
      damaged[i] ^= static_cast<std::uint8_t>(1u << bit);
      spit(bad, damaged);
      expect_rejected(bad, ErrorKind::kFormat, "corrupt");
    }
  }
  auto longer = file;
  longer.push_back(0);
  spit(bad, longer);
  expect_rejected(bad, ErrorKind::kFormat, "trailing bytes");
}

TEST_F(CheckpointFile, ForeignNewerAndMissingFilesAreRejected) {
  const std::string foreign = (dir_ / "data.csv").string();
  spit(foreign, {'x', ',', 'y', '\n', '1', ',', '2', '\n'});
  expect_rejected(foreign, ErrorKind::kFormat, "not an sgmc checkpoint");

  write_checkpoint_file(path_, payload(64));
  auto newer = slurp(path_);
  newer[8] = static_cast<std::uint8_t>(kCheckpointFormat + 1);
  spit(path_, newer);
  expect_rejected(path_, ErrorKind::kUnsupported, "newer sgmc");

  expect_rejected((dir_ / "missing.ckpt").string(), ErrorKind::kIo, "No such file");
  expect_rejected(dir_.string(), ErrorKind::kIo, "cannot");
}

TEST_F(CheckpointFile, AFailedWriteLeavesThePreviousCheckpoint) {
  const auto before = payload(100);
  write_checkpoint_file(path_, before);
  const auto file = slurp(path_);
  // A file-size limit makes the write of a larger checkpoint fail midway,
  // as a full disk would.
  rlimit old{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 4096;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  try {
    write_checkpoint_file(path_, payload(100000));
    ADD_FAILURE() << "the write did not fail";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kIo) << e.what();
    EXPECT_NE(std::string(e.what()).find(path_), std::string::npos) << e.what();
  }
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(slurp(path_), file);
  EXPECT_EQ(read_checkpoint_file(path_), before);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1)
      << "a temporary file was left behind";
  // Into a directory that does not exist: an error naming the path.
  EXPECT_THROW(write_checkpoint_file((dir_ / "no" / "such.ckpt").string(), before), Error);
}

}  // namespace
}  // namespace sgmc
