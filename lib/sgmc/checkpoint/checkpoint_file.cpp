#include "sgmc/checkpoint/checkpoint_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "sgmc/checkpoint/crc32c.hpp"
#include "sgmc/core/error.hpp"

namespace sgmc {
namespace {

constexpr std::string_view kMagic = "SGMCCKPT";
constexpr std::size_t kHeaderSize = 32;

[[noreturn]] void throw_io(const std::string& what, const std::string& path, int error) {
  throw Error(ErrorKind::kIo, "cannot " + what + " checkpoint '" + path + "': " + std::strerror(error));
}

void put_u64(std::uint8_t* out, std::uint64_t value) { std::memcpy(out, &value, 8); }
std::uint64_t get_u64(const std::uint8_t* in) {
  std::uint64_t value;
  std::memcpy(&value, in, 8);
  return value;
}

/// A file descriptor closed on every path out of scope.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  /// Closes now, reporting the error a delayed write may only show here.
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }

 private:
  int fd_;
};

void write_all(int fd, const std::uint8_t* data, std::size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      throw_io("write", path, errno);
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

std::string directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

void write_checkpoint_file(const std::string& path, std::span<const std::uint8_t> payload) {
  std::uint8_t header[kHeaderSize];
  std::memcpy(header, kMagic.data(), 8);
  put_u64(header + 8, kCheckpointFormat);
  put_u64(header + 16, payload.size());
  put_u64(header + 24, crc32c(payload));

  // A name no other writer uses: this process, and a counter across threads.
  static std::atomic<std::uint64_t> counter{0};
  const std::string temporary =
      path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  try {
    Descriptor fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
    if (fd.get() < 0) throw_io("create the temporary file of", path, errno);
    write_all(fd.get(), header, kHeaderSize, path);
    write_all(fd.get(), payload.data(), payload.size(), path);
    if (::fsync(fd.get()) != 0) throw_io("flush", path, errno);
    if (fd.close() != 0) throw_io("close", path, errno);
    if (::rename(temporary.c_str(), path.c_str()) != 0) throw_io("rename the temporary file to", path, errno);
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  // The rename itself is durable once the directory is flushed.
  Descriptor directory(::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() >= 0) ::fsync(directory.get());
}

std::vector<std::uint8_t> checked_payload(std::span<const std::uint8_t> file, const std::string& name) {
  const auto fail = [&](ErrorKind kind, const std::string& problem) {
    throw Error(kind, "checkpoint '" + name + "' " + problem);
  };
  if (file.size() < kMagic.size() ||
      std::string_view(reinterpret_cast<const char*>(file.data()), kMagic.size()) != kMagic) {
    fail(ErrorKind::kFormat, "is not an sgmc checkpoint (it does not start with \"SGMCCKPT\")");
  }
  if (file.size() < kHeaderSize) {
    fail(ErrorKind::kFormat, "is truncated: " + show(file.size()) + " bytes, shorter than its " +
                                 show(kHeaderSize) + "-byte header");
  }
  const std::uint64_t format = get_u64(file.data() + 8);
  if (format > kCheckpointFormat) {
    fail(ErrorKind::kUnsupported, "has format version " + show(format) +
                                      ", written by a newer sgmc; this build reads versions up to " +
                                      show(kCheckpointFormat));
  }
  if (format == 0) fail(ErrorKind::kFormat, "is damaged: format version 0");
  // Version 2 added the contour samplers' multipliers, late theta and
  // automatic partition (SPEC §4.4); version 3 keeps MHBT's energy U_hat in
  // place of mu = -U_hat/N; version 4 the preconditioner window's
  // gradient-position products; version 5 the automatic warm-up's state and
  // each chain's step size and friction in its record; version 6 the sums of
  // the step-size bias check (docs/verdict.md); version 7 those sums for the
  // contour samplers' chains too; version 8 their weights; version 9 where
  // the warm-up's short window ends. Earlier files
  // cannot be read into it.
  if (format < kCheckpointFormat) {
    fail(ErrorKind::kUnsupported, "has format version " + show(format) +
                                      ", written by an older sgmc; this build reads version " +
                                      show(kCheckpointFormat));
  }
  const std::uint64_t length = get_u64(file.data() + 16);
  const std::uint64_t present = file.size() - kHeaderSize;
  if (length != present) {
    fail(ErrorKind::kFormat, (length > present ? "is truncated: " : "has trailing bytes: ") +
                                 show(present) + " payload bytes where the header says " + show(length));
  }
  const auto payload = file.subspan(kHeaderSize);
  const std::uint64_t stored = get_u64(file.data() + 24);
  if (stored != crc32c(payload)) {
    fail(ErrorKind::kFormat, "is corrupt: its CRC-32C does not match its contents");
  }
  return {payload.begin(), payload.end()};
}

std::vector<std::uint8_t> read_checkpoint_file(const std::string& path) {
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw_io("open", path, errno);
  std::vector<std::uint8_t> file;
  std::uint8_t chunk[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd.get(), chunk, sizeof chunk);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw_io("read", path, errno);
    }
    if (got == 0) break;
    file.insert(file.end(), chunk, chunk + got);
  }
  return checked_payload(file, path);
}

}  // namespace sgmc
