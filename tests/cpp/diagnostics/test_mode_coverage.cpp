// Mode coverage (SPEC §8): a mode is covered when at least nbar draws lie
// within radius r of its centre, the boundary included.
#include <gtest/gtest.h>

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/mode_coverage.hpp"

namespace sgmc {
namespace {

TEST(ModeCoverage, CountsDrawsWithinRadiusOfEachCentre) {
  Eigen::MatrixXd centres(2, 3);
  centres << 0, 2, 4, 0, 0, 0;
  Eigen::MatrixXd draws(2, 6);
  // Two draws at mode 0 (one on the boundary), three at mode 1, one far off.
  draws << 0.1, 0.25, 2.0, 2.1, 1.9, 10, 0.0, 0.0, 0.1, -0.1, 0.0, 10;
  const auto c = mode_coverage(draws, centres, 0.25, 2);
  EXPECT_EQ(c.counts, (std::vector<Index>{2, 3, 0}));
  EXPECT_EQ(c.covered, 2);
  EXPECT_EQ(mode_coverage(draws, centres, 0.25, 3).covered, 1);
  EXPECT_EQ(mode_coverage(draws.leftCols(0), centres, 0.25, 1).covered, 0);
}

TEST(ModeCoverage, RejectsBadArgumentsNamingThem) {
  const Eigen::MatrixXd centres = Eigen::MatrixXd::Zero(2, 1);
  const Eigen::MatrixXd draws = Eigen::MatrixXd::Zero(2, 4);
  EXPECT_THROW(mode_coverage(draws, centres, 0.0, 1), Error);
  EXPECT_THROW(mode_coverage(draws, centres, 0.25, 0), Error);
  try {
    mode_coverage(draws, Eigen::MatrixXd::Zero(3, 1), 0.25, 1);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'centres'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sgmc
