// Phi^-1 agrees with R's qnorm() in all three ranges of AS 241.
#include <gtest/gtest.h>

#include <cmath>

#include "sgmc/diagnostics/normal_quantile.hpp"

namespace sgmc {
namespace {

TEST(NormalQuantile, AgreesWithRsQnorm) {
  // qnorm() of R 4.2, printed with 17 digits.
  const struct {
    double p, z;
  } cases[] = {{0.5, 0.0},
               {0.975, 1.95996398454005361},
               {0.3, -0.52440051270804067},
               {0.02, -2.05374891063182252},
               {1e-10, -6.36134090240405570},
               {1e-300, -37.04709629936120052}};
  for (const auto& c : cases) EXPECT_NEAR(normal_quantile(c.p), c.z, 4e-16 * (1 + std::fabs(c.z))) << c.p;
  EXPECT_NEAR(normal_quantile(0.2), -normal_quantile(0.8), 1e-15);
}

}  // namespace
}  // namespace sgmc
