#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sgmc/core/error.hpp"
#include "sgmc/schedules/sa_schedule.hpp"
#include "sgmc/schedules/step_schedule.hpp"

namespace sgmc {
namespace {

TEST(StepSchedule, ConstantIsConstant) {
  StepSchedule s{.kind = ScheduleKind::kConstant, .step_size = 0.25};
  EXPECT_EQ(s.at(1), 0.25);
  EXPECT_EQ(s.at(1000000), 0.25);
}

TEST(StepSchedule, PolynomialDecay) {
  StepSchedule s{.kind = ScheduleKind::kPolynomial, .step_size = 0.05, .offset = 0, .power = 0.55};
  EXPECT_DOUBLE_EQ(s.at(1), 0.05);
  EXPECT_DOUBLE_EQ(s.at(100), 0.05 * std::pow(100.0, -0.55));
  s.offset = 10;
  EXPECT_DOUBLE_EQ(s.at(5), 0.05 * std::pow(15.0, -0.55));
}

TEST(StepSchedule, CyclicalAtCycleStartsEndsAndInside) {
  // K = 100, M = 4: L = 25; r(1) = 0 gives eps0, the last iteration of a
  // cycle r = 24/25, the next iteration restarts at eps0.
  StepSchedule s{.kind = ScheduleKind::kCyclical, .step_size = 0.09, .total = 100, .cycles = 4};
  EXPECT_EQ(s.cycle_length(), 25);
  EXPECT_DOUBLE_EQ(s.at(1), 0.09);
  EXPECT_DOUBLE_EQ(s.at(26), 0.09);
  EXPECT_DOUBLE_EQ(s.at(25), 0.045 * (std::cos(std::numbers::pi * 24.0 / 25.0) + 1.0));
  EXPECT_DOUBLE_EQ(s.cycle_position(13), 12.0 / 25.0);
  EXPECT_EQ(s.cycle_of(25), 0);
  EXPECT_EQ(s.cycle_of(26), 1);
  EXPECT_EQ(s.cycle_of(100), 3);
}

TEST(StepSchedule, CyclicalWhenKNotDivisibleByM) {
  // K = 10, M = 3: L = ceil(10/3) = 4, cycles start at k = 1, 5, 9; the last
  // cycle is cut short after two iterations.
  StepSchedule s{.kind = ScheduleKind::kCyclical, .step_size = 1.0, .total = 10, .cycles = 3};
  EXPECT_EQ(s.cycle_length(), 4);
  EXPECT_DOUBLE_EQ(s.at(5), 1.0);
  EXPECT_DOUBLE_EQ(s.at(9), 1.0);
  EXPECT_DOUBLE_EQ(s.at(10), 0.5 * (std::cos(std::numbers::pi / 4.0) + 1.0));
  EXPECT_EQ(s.cycle_of(10), 2);
}

TEST(StepSchedule, RejectsBadValuesNamingThem) {
  StepSchedule s{.step_size = -1};
  try {
    s.validate();
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("'step_size' = -1"), std::string::npos) << e.what();
  }
  s = {.kind = ScheduleKind::kPolynomial, .step_size = 1, .power = 0.5};
  EXPECT_THROW(s.validate(), Error);
  s = {.kind = ScheduleKind::kCyclical, .step_size = 1, .total = 3, .cycles = 5};
  EXPECT_THROW(s.validate(), Error);
  s = {.kind = ScheduleKind::kConstant, .step_size = std::nan("")};
  EXPECT_THROW(s.validate(), Error);
}

TEST(SaSchedule, DecayIsCappedAndConstantIsConstant) {
  SaSchedule s{.omega_max = 3e-3, .scale = 1.0, .power = 0.6, .offset = 100};
  EXPECT_DOUBLE_EQ(s.at(1), 3e-3);  // 1/101 > 3e-3
  const double k = 1e6;
  EXPECT_DOUBLE_EQ(s.at(1000000), 1.0 / (std::pow(k, 0.6) + 100));
  SaSchedule c{.constant = true, .omega = 0.02};
  EXPECT_EQ(c.at(7), 0.02);
  c.omega = 0;
  EXPECT_THROW(c.validate(), Error);
}

}  // namespace
}  // namespace sgmc
