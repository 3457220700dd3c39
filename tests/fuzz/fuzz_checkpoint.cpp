// libFuzzer target: the checkpoint reader. The input is a whole checkpoint
// file (header, CRC, payload); most mutations then fail the checksum, so
// inputs whose first byte is odd skip the header and reach the payload
// parser directly, where the interesting checks are. Whatever the bytes, a
// resume either runs or throws sgmc::Error — never crashes, leaks or hangs.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/checkpoint/crc32c.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"
#include "support/toy_models.hpp"

namespace {

/// A model of the checkpoint's shape: a quadratic data model, or a
/// standard Gaussian target without data.
std::unique_ptr<sgmc::Model> model_of(sgmc::Index dim, sgmc::Index n) {
  if (n == 0) {
    return std::make_unique<sgmc::GaussianModel>(sgmc::Vec::Zero(dim),
                                                 Eigen::MatrixXd::Identity(dim, dim));
  }
  return std::make_unique<sgmc::testing::QuadraticDataModel>(
      Eigen::MatrixXd::Ones(dim, n) * 0.5, 10.0);
}

/// A whole file: the header wrapped around `payload`.
std::vector<std::uint8_t> with_header(std::span<const std::uint8_t> payload) {
  std::vector<std::uint8_t> file(32 + payload.size());
  const std::uint64_t words[4] = {0x54504B43434D4753ULL /* "SGMCCKPT" */, sgmc::kCheckpointFormat,
                                  payload.size(), sgmc::crc32c(payload)};
  std::memcpy(file.data(), words, 32);
  std::copy(payload.begin(), payload.end(), file.begin() + 32);
  return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool raw_payload = (data[0] & 1) != 0;
  const std::span<const std::uint8_t> input(data + 1, size - 1);
  const auto file = raw_payload ? with_header(input)
                                : std::vector<std::uint8_t>(input.begin(), input.end());
  try {
    // Bound the work a valid-looking preamble can ask for, as a user's
    // resources would: small shapes, short runs.
    const auto payload = sgmc::checked_payload(file, "fuzz");
    sgmc::ByteReader in(payload);
    in.section("RUN ");
    const sgmc::Index dim = in.index("dimension", 1, 6);
    const sgmc::Index n = in.index("data size", 0, 64);
    const auto options = sgmc::Options::load(in);
    if (options.get_int("n_steps") > 400 || options.get_int("n_chains") > 4 ||
        options.get_int("contour_m") > 400 || options.get_int("contour_pilot_steps") > 400) {
      return 0;
    }
    sgmc::Options placement;  // never write where the input says
    placement.set("checkpoint_file", (std::filesystem::temp_directory_path() / "sgmc-fuzz.ckpt").string());
    placement.set("threads", std::int64_t{1});
    const auto model = model_of(dim, n);
    sgmc::resume_file_bytes(*model, file, "fuzz", &placement, {});
  } catch (const sgmc::Error&) {
    // A refusal is the expected outcome for almost every input.
  }
  return 0;
}
