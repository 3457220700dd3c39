// R-hat and ESS against R's `posterior` on the same draws, to 1e-6
// relative. The draws and posterior's values come from
// tests/data/diagnostics/make_reference.R: the copies kept in the repo by
// default, or a fresh run of the script in the folder named by the
// environment variable SGMC_DIAGNOSTICS_REFERENCE (CTest's R check).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sgmc/diagnostics/convergence.hpp"

namespace sgmc {
namespace {

std::string reference_dir() {
  const char* dir = std::getenv("SGMC_DIAGNOSTICS_REFERENCE");
  return dir != nullptr ? dir : SGMC_SOURCE_DIR "/tests/data/diagnostics";
}

std::vector<std::vector<std::string>> read_csv(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::stringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    rows.push_back(fields);
  }
  return rows;
}

double number(const std::string& text) {
  return text == "NA" ? std::nan("") : std::stod(text);
}

ChainDraws read_draws(const std::string& name) {
  const auto rows = read_csv(reference_dir() + "/" + name + ".csv");
  ChainDraws draws(static_cast<Index>(rows.size()), static_cast<Index>(rows.front().size()));
  for (Index i = 0; i < draws.rows(); ++i) {
    for (Index c = 0; c < draws.cols(); ++c) draws(i, c) = number(rows[i][c]);
  }
  return draws;
}

TEST(ConvergenceReference, AgreesWithPosteriorToOneMillionth) {
  const auto expected = read_csv(reference_dir() + "/expected.csv");
  ASSERT_GT(expected.size(), 1u);
  const ConvergenceStat stats[] = {ConvergenceStat::kRhat, ConvergenceStat::kRhatBasic,
                                   ConvergenceStat::kEssBulk, ConvergenceStat::kEssTail,
                                   ConvergenceStat::kEssBasic};
  for (std::size_t row = 1; row < expected.size(); ++row) {
    const auto& fields = expected[row];
    const auto draws = read_draws(fields[0]);
    for (std::size_t k = 0; k < std::size(stats); ++k) {
      const double want = number(fields[k + 1]), got = convergence(draws, stats[k]);
      SCOPED_TRACE(fields[0] + ", " + expected[0][k + 1]);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << got;
      } else {
        EXPECT_NEAR(got, want, 1e-6 * std::fabs(want));
      }
    }
  }
}

}  // namespace
}  // namespace sgmc
