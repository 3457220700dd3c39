// Issue #32 part 2: how often the verdict (docs/verdict.md) flags a run
// whose estimates are right (false alarms) and a run whose estimates are
// wrong (detections), per sampler family and per check, over a corpus with
// known answers (corpus.hpp). Prints one line per run as it finishes, then
// the tables of README.md; writes runs.csv in the corpus's order. The runs
// go side by side (a run's own work, its verdict's statistics and the
// bench's over millions of draws, keeps about one core busy): a run is the
// same bit for bit whichever runs beside it. --quick runs the CTest subset
// and exits 1 unless every expectation holds (77: no posteriordb beside the
// checkout, which CTest reports as skipped).
#include <tbb/parallel_for_each.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>

#include "../common/command_line.hpp"
#include "sgmc/core/shown.hpp"
#include "corpus.hpp"
#include "tally.hpp"

namespace {

using sgmc::bench::Expectation;
using sgmc::bench::RunRow;

/// Whether every expectation holds, with a line for each.
bool expectations_hold(const std::vector<Expectation>& expected, const std::vector<RunRow>& rows) {
  bool ok = true;
  for (const auto& e : expected) {
    const sgmc::Check* check = nullptr;
    for (const auto& r : rows) {
      if (r.config->name != e.config || r.config->family != e.family) continue;
      for (const auto& c : r.outcome.verdict.checks) {
        if (c.name == e.check) check = &c;
      }
      break;
    }
    const bool holds = check != nullptr && check->passed() != e.fails;
    ok = ok && holds;
    const std::string seen = check == nullptr ? std::string("missing from the verdict")
                                              : (check->passed() ? "passes at " : "fails at ") + sgmc::shown(check->value);
    std::printf("%s %s %s: %s %s (expected to %s)\n", holds ? "ok" : "FAIL", e.config.c_str(), e.family.c_str(),
                e.check.c_str(), seen.c_str(), e.fails ? "fail" : "pass");
  }
  std::printf(ok ? "verdict calibration check passed\n" : "verdict calibration check FAILED\n");
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  sgmc::bench::CommandLine app{"The verdict's false alarms and detections over a corpus with known answers"};
  sgmc::bench::Budget budget{SGMC_POSTERIORDB_DIR, 50000, 1000000, 6, 1};
  std::string csv_path = "runs.csv";
  std::vector<std::string> parts{"posteriordb", "mixtures", "bad"};
  const std::vector<std::string> all_families{"sgld",   "sghmc",  "psgld",  "mhbt",    "cycsgld",
                                              "cycsghmc", "resgld", "csgld", "csghmc", "pcsgld",
                                              "icsgld", "icsghmc", "picsgld"};
  std::vector<std::string> families = all_families;
  bool quick = false;
  app.option("--posteriordb", budget.posteriordb, "the posteriordb folder (default ../shared/posteriordb)");
  app.option("--posterior-steps", budget.posterior_steps, "iterations per chain of a posteriordb run",
             sgmc::bench::Check::kPositive);
  app.option("--mixture-steps", budget.mixture_steps, "iterations per chain of a mixture run",
             sgmc::bench::Check::kPositive);
  app.option("--seeds", budget.seeds, "seeds per configuration",
             sgmc::bench::Check::kPositive);
  app.option("--first-seed", budget.first_seed, "the first seed: seeds first-seed .. first-seed + seeds - 1",
             sgmc::bench::Check::kPositive);
  app.choice("--parts", parts, "parts of the corpus", {"posteriordb", "mixtures", "bad"});
  app.choice("--families", families, "sampler families (the sampler of each run)", all_families);
  app.option("--csv", csv_path, "one row per run");
  app.flag("--quick", quick, "the CTest subset: a few runs with fixed seeds, and what each must show");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;

  std::vector<Expectation> expected;
  if (quick && !std::filesystem::exists(budget.posteriordb)) {
    std::printf("no posteriordb at %s: skipped\n", budget.posteriordb.c_str());
    return 77;
  }
  const auto configs = quick ? sgmc::bench::quick_corpus(budget.posteriordb, expected)
                             : sgmc::bench::full_corpus(budget);
  std::vector<RunRow> rows;
  for (const auto& config : configs) {
    if (std::find(parts.begin(), parts.end(), config.part) == parts.end()) continue;
    if (std::find(families.begin(), families.end(), config.family) == families.end()) continue;
    for (const auto seed : config.seeds) rows.push_back({&config, seed, {}});
  }
  std::mutex printing;
  tbb::parallel_for_each(rows.begin(), rows.end(), [&](RunRow& row) {
    row.outcome = row.config->run(row.seed);
    const auto& o = row.outcome;
    const std::lock_guard lock(printing);
    std::printf("%-40s %-7s seed %ld  %-9s error %.3f (se %.3f)  %s  %.1f s\n", row.config->name.c_str(),
                row.config->family.c_str(), static_cast<long>(row.seed), sgmc::bench::status_name(o.status), o.error,
                o.se, o.verdict.trusted() ? "trusted" : ("flagged: " + sgmc::bench::failed_checks(o.verdict)).c_str(),
                o.seconds);
    std::fflush(stdout);
  });
  std::ofstream csv(csv_path);
  sgmc::bench::write_csv(csv, rows);
  sgmc::bench::print_tables(std::cout, rows);
  if (quick) return expectations_hold(expected, rows) ? 0 : 1;
  return 0;
}
