// What checkpoints cost: a run of SGHMC chains on a Gaussian target
// (d = 100, 4 chains) timed without checkpoints and with
// one every n_steps/10 iterations, side by side; then the time to write and
// to read back (resume up to the driver) one checkpoint, and its size.
// Usage: bench_checkpoint [n_steps] [dim] [thin] [dir]
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/launch/options_run.hpp"
#include "sgmc/models/gaussian.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point start) {
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const sgmc::Index steps = argc > 1 ? std::stoll(argv[1]) : 20000;
  const sgmc::Index dim = argc > 2 ? std::stoll(argv[2]) : 100;
  const sgmc::Index thin = argc > 3 ? std::stoll(argv[3]) : 1;
  const std::string dir = argc > 4 ? argv[4] : std::filesystem::temp_directory_path().string();
  const std::string path = dir + "/bench-checkpoint.ckpt";
  const sgmc::GaussianModel model(sgmc::Vec::Zero(dim), Eigen::MatrixXd::Identity(dim, dim),
                                  {0.0, 0.1});
  sgmc::Options options;
  options.set("sampler", std::string("sghmc"));
  options.set("n_steps", steps);
  options.set("n_chains", std::int64_t{4});
  options.set("threads", std::int64_t{2});
  options.set("step_size", 0.01);
  options.set("thin", thin);
  const sgmc::Vec x0 = sgmc::Vec::Zero(dim);

  std::printf("n_steps,dim,thin,chains,plain_s,checkpointed_s,checkpoints,overhead,file_mb,write_s,"
              "write_mb_per_s,resume_s\n");
  auto start = clock_type::now();
  sgmc::sample(model, options, x0, {});
  const double plain = seconds_since(start);

  options.set("checkpoint_file", path);
  options.set("checkpoint_every", steps / 10);
  start = clock_type::now();
  sgmc::sample(model, options, x0, {});
  const double checkpointed = seconds_since(start);
  const double megabytes = static_cast<double>(std::filesystem::file_size(path)) / 1e6;

  // One more write of the final state, and a resume of the finished run
  // (reads, checks and loads everything; no iterations are left).
  const auto payload = sgmc::checked_payload(
      [&] {
        std::FILE* f = std::fopen(path.c_str(), "rb");
        std::vector<std::uint8_t> bytes(std::filesystem::file_size(path));
        const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
        bytes.resize(got);
        return bytes;
      }(),
      path);
  start = clock_type::now();
  sgmc::write_checkpoint_file(path, payload);
  const double write = seconds_since(start);
  start = clock_type::now();
  sgmc::resume(model, path, nullptr, {});
  const double resume = seconds_since(start);
  std::printf("%lld,%lld,%lld,4,%.3f,%.3f,10,%.3f,%.1f,%.3f,%.0f,%.3f\n", static_cast<long long>(steps),
              static_cast<long long>(dim), static_cast<long long>(thin), plain, checkpointed, checkpointed / plain - 1.0, megabytes,
              write, megabytes / write, resume);
  std::filesystem::remove(path);
  return 0;
}
