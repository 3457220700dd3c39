// Fuzzes what `sgmc run CONFIG.json --set key=value ...` makes of its input
// (apps/sgmc/job.hpp): the JSON config, the flags over it, the sampler, record
// and run settings, the model and, when the job is tiny, the run itself.
//
// Input: the config text, then optionally flags, each after a NUL byte:
// "key=value" is a --set, "--target=", "--response=", "--model=", "--draws="
// and "--summary=" set those flags. A config file is thus a seed as it is.
// Every failure must be an sgmc::app::Failure with a message; another exception, a
// crash, a sanitizer report or a leak is a finding. Nothing is written: the
// draws and summary files are only named, and data files are never read.
// With SGMC_FUZZ_VERBOSE set in the environment, errors are printed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "draws_view.hpp"
#include "job.hpp"
#include "run.hpp"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_config: invariant broken: %s\n", what);
    std::abort();
  }
}

sgmc::app::RunFlags parse_flags(std::string_view rest) {
  sgmc::app::RunFlags flags;
  while (!rest.empty()) {
    const auto nul = rest.find('\0');
    const std::string piece(rest.substr(0, nul));
    rest = nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1);
    const auto flag = [&](std::string_view name, std::string& into) {
      if (!piece.starts_with(name)) return false;
      into = piece.substr(name.size());
      return true;
    };
    if (!flag("--target=", flags.target) && !flag("--response=", flags.response) &&
        !flag("--model=", flags.model) && !flag("--draws=", flags.draws) &&
        !flag("--summary=", flags.summary)) {
      flags.sets.push_back(piece);
    }
  }
  return flags;
}

/// Small enough to sample within milliseconds (and the model to build fast).
bool tiny(const sgmc::app::Job& job) {
  const auto& o = job.options;
  return job.model.data.empty() && job.model.mean.size() <= 8 && o.get_int("n_steps") <= 64 &&
         o.get_int("n_chains") <= 4 && o.get_int("threads") <= 2 &&
         o.get_int("contour_pilot_steps") <= 64 && o.get_int("contour_m") <= 1000;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto nul = input.find('\0');
  const auto text = input.substr(0, nul);
  try {
    sgmc::app::Job job;
    sgmc::app::parse_job(text, "fuzz/config.json", job);
    sgmc::app::apply_flags(
        parse_flags(nul == std::string_view::npos ? std::string_view() : input.substr(nul + 1)),
        job);
    if (job.model.data.empty() && job.model.mean.size() <= 64) {
      check(sgmc::app::make_model(job.model) != nullptr, "a model");
    }
    if (tiny(job)) {
      std::ostringstream err;
      const auto result = sgmc::app::run_job(job, err);
      check(sgmc::app::DrawsView(result.draws.get()).n_chains() > 0, "a run has chains");
    }
  } catch (const sgmc::app::Failure& e) {
    check(e.what()[0] != '\0', "an error message");
    if (std::getenv("SGMC_FUZZ_VERBOSE") != nullptr) std::fprintf(stderr, "error: %s\n", e.what());
  }
  return 0;
}
