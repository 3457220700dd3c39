#include <gtest/gtest.h>

#include "sgmc/config/options.hpp"
#include "sgmc/core/error.hpp"
#include "support/error_message.hpp"

namespace sgmc {
namespace {

using testing::message_of;

TEST(Options, DefaultsBuildValidConfigs) {
  Options o;
  const auto s = sampler_config(o);
  EXPECT_EQ(s.kind, SamplerKind::kSgld);
  EXPECT_EQ(s.temperature, 1.0);
  EXPECT_EQ(record_policy(o).n_steps, 1000);
  EXPECT_EQ(run_config(o).n_chains, 4);
}

TEST(Options, SetValuesReachTheConfigs) {
  Options o;
  o.set("sampler", std::string("sghmc"));
  o.set("friction", 0.3);
  o.set("schedule", std::string("polynomial"));
  o.set("step_power", 0.75);
  o.set("n_steps", std::int64_t{50});
  o.set("seed", std::int64_t{-3});
  o.set("step_size", 1e-3);  // 50 iterations are too few for the automatic warm-up
  const auto s = sampler_config(o);
  EXPECT_EQ(s.kind, SamplerKind::kSghmc);
  EXPECT_EQ(s.sghmc.friction, 0.3);
  EXPECT_EQ(s.schedule.kind, ScheduleKind::kPolynomial);
  EXPECT_EQ(s.schedule.power, 0.75);
  EXPECT_EQ(record_policy(o).n_steps, 50);
  EXPECT_EQ(run_config(o).seed, static_cast<std::uint64_t>(-3));
}

TEST(Options, BadValuesAreRejectedWithKeyAndValueAndChangeNothing) {
  Options o;
  o.set("step_size", 0.5);
  EXPECT_EQ(message_of([&] { o.set("step_size", -1.0); }),
            "option 'step_size' = -1: must be in (0, inf)");
  EXPECT_EQ(o.get_double("step_size"), 0.5);
  EXPECT_EQ(message_of([&] { o.set("step_size", std::nan("")); }),
            "option 'step_size' = nan: must be in (0, inf)");
  EXPECT_EQ(message_of([&] { o.set("n_steps", 1.5); }), "option 'n_steps' = 1.5: has type int");
  // A prefix: every new sampler appends its name to the list.
  EXPECT_EQ(message_of([&] { o.set("sampler", std::string("hmc")); })
                .rfind("option 'sampler' = \"hmc\": must be one of sgld|psgld|sghmc|", 0),
            0u);
  EXPECT_NE(message_of([&] { o.set("stepsize", 1.0); }).find("option 'stepsize' is unknown"),
            std::string::npos);
  EXPECT_EQ(message_of([&] { o.set("rms_decay", 1.0); }),
            "option 'rms_decay' = 1: must be in [0, 1)");
}

TEST(Options, CrossOptionConstraintsAreCheckedWhenBuilding) {
  Options o;
  o.set("sampler", std::string("sghmc"));
  o.set("friction", 0.1);
  o.set("noise_estimate", 0.2);
  EXPECT_NE(message_of([&] { sampler_config(o); }).find("'noise_estimate' = 0.2"), std::string::npos);
  o.set("n_steps", std::int64_t{10});
  o.set("burn_in", std::int64_t{10});
  EXPECT_NE(message_of([&] { record_policy(o); }).find("'burn_in' = 10"), std::string::npos);
}

TEST(Options, EverySpecDefaultPassesItsOwnCheck) {
  for (const auto& spec : option_specs()) {
    EXPECT_NO_THROW(spec.check(spec.default_value)) << spec.name;
    EXPECT_FALSE(spec.doc.empty()) << spec.name;
  }
}

}  // namespace
}  // namespace sgmc

#include <fstream>
#include <sstream>

namespace sgmc {
namespace {

TEST(OptionsDoc, EveryOptionIsInTheUserGuide) {
  std::ifstream file(SGMC_SOURCE_DIR "/docs/options.md");
  ASSERT_TRUE(file) << "docs/options.md not found";
  std::stringstream text;
  text << file.rdbuf();
  for (const auto& spec : option_specs()) {
    EXPECT_NE(text.str().find("| `" + std::string(spec.name) + "` |"), std::string::npos)
        << spec.name << " is missing from docs/options.md";
  }
}

}  // namespace
}  // namespace sgmc
