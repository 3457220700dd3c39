// Every fact about an option is in its row of the option table: the engine's
// own defaults agree with the rows, and the resumable options and the
// samplers that read an option come from them (docs/options.md's table is
// the one the rows print through the C API: tests/cli, cli_options_doc).
#include <gtest/gtest.h>

#include "sgmc/config/options.hpp"

namespace sgmc {
namespace {

/// The table's defaults with a step size set: the engine's structs describe
/// a run whose step the user chose (no automatic warm-up).
Options with_step_size() {
  Options options;
  options.set("step_size", 1e-3);
  return options;
}

// The engine's structs keep member initialisers for code that builds them
// directly (tests, benchmarks); these must be the table's defaults.
TEST(OptionTable, EngineDefaultsAreTheTablesDefaults) {
  const SamplerConfig engine;
  const SamplerConfig table = sampler_config(with_step_size());
#define EXPECT_SAME(field) EXPECT_EQ(engine.field, table.field) << #field
  EXPECT_SAME(kind);
  EXPECT_SAME(temperature);
  EXPECT_SAME(batch_size);
  EXPECT_SAME(schedule.kind);
  EXPECT_SAME(schedule.step_size);
  EXPECT_SAME(schedule.offset);
  EXPECT_SAME(schedule.power);
  EXPECT_SAME(schedule.cycles);
  EXPECT_SAME(psgld.rms_decay);
  EXPECT_SAME(psgld.rms_epsilon);
  EXPECT_SAME(sghmc.friction);
  EXPECT_SAME(sghmc.noise_estimate);
  EXPECT_SAME(mhbt.proposal);
  EXPECT_SAME(mhbt.c_n);
  EXPECT_SAME(mhbt.rw_scale);
  EXPECT_SAME(mhbt.beta);
  EXPECT_SAME(mhbt.forward_prob);
  EXPECT_SAME(mhbt.adaptive_beta);
  EXPECT_SAME(mhbt.beta_start);
  EXPECT_SAME(resgld.temperature_max);
  EXPECT_SAME(resgld.step_size_max);
  EXPECT_SAME(resgld.swap_every);
  EXPECT_SAME(resgld.correction);
  EXPECT_SAME(resgld.variance_kind);
  EXPECT_SAME(resgld.variance);
  EXPECT_SAME(contour.partition.m);
  EXPECT_SAME(contour.partition.u1);
  EXPECT_SAME(contour.partition.du);
  EXPECT_SAME(contour.zeta);
  EXPECT_SAME(contour.field);
  EXPECT_SAME(contour.stencil);
  EXPECT_SAME(contour.rho);
  EXPECT_SAME(contour.clip_lo);
  EXPECT_SAME(contour.clip_hi);
  EXPECT_SAME(contour.sa.constant);
  EXPECT_SAME(contour.sa.omega);
  EXPECT_SAME(contour.sa.omega_max);
  EXPECT_SAME(contour.sa.scale);
  EXPECT_SAME(contour.sa.power);
  EXPECT_SAME(contour.sa.offset);
  EXPECT_SAME(contour.theta_thin);
  EXPECT_SAME(contour.vr_period);
  EXPECT_SAME(contour.pilot_steps);
  EXPECT_SAME(domain.lo);
  EXPECT_SAME(domain.hi);
  EXPECT_SAME(faults.reject);
  EXPECT_SAME(faults.max_consecutive);
  EXPECT_SAME(precondition.kind);
  EXPECT_SAME(precondition.steps);
  EXPECT_SAME(warm_up.automatic);
#undef EXPECT_SAME

  const Options defaults = with_step_size();
  EXPECT_EQ(RecordPolicy{}.n_steps, record_policy(defaults).n_steps);
  EXPECT_EQ(RecordPolicy{}.burn_in, record_policy(defaults).burn_in);
  EXPECT_EQ(RecordPolicy{}.thin, record_policy(defaults).thin);
  EXPECT_EQ(RunConfig{}.n_chains, run_config(defaults).n_chains);
  EXPECT_EQ(RunConfig{}.threads, run_config(defaults).threads);
  EXPECT_EQ(RunConfig{}.progress_every, run_config(defaults).progress_every);
  EXPECT_EQ(RunConfig{}.seed, run_config(defaults).seed);
  EXPECT_EQ(RunConfig{}.first_chain, run_config(defaults).first_chain);
  EXPECT_EQ(Checkpointing{}.path, checkpointing(defaults).path);
  EXPECT_EQ(Checkpointing{}.every, checkpointing(defaults).every);
}

// sampler_config() reads a string option as the position of its value among
// the row's choices: every choice must reach the engine.
TEST(OptionTable, EveryChoiceOfAStringOptionBuildsAConfig) {
  Options base;
  base.set("sampler", std::string("csgld"));
  base.set("contour_partition", std::string("fixed"));
  for (const auto& spec : option_specs()) {
    if (spec.type != OptionType::kString || spec.choices.empty() || spec.name == "sampler" ||
        spec.name == "schedule") {
      continue;
    }
    std::string_view choices = spec.choices;
    while (!choices.empty()) {
      const auto bar = choices.find('|');
      Options o = base;
      o.set(spec.name, std::string(choices.substr(0, bar)));
      EXPECT_NO_THROW(sampler_config(o)) << spec.name << " = " << choices.substr(0, bar);
      choices.remove_prefix(bar == std::string_view::npos ? choices.size() : bar + 1);
    }
  }
  Options o;
  o.set("schedule", std::string("polynomial"));
  EXPECT_EQ(sampler_config(o).schedule.kind, ScheduleKind::kPolynomial);
  o.set("precondition", std::string("dense"));
  EXPECT_EQ(sampler_config(o).precondition.kind, PreconditionKind::kDense);
  o.set("on_fault", std::string("reject"));
  EXPECT_TRUE(sampler_config(o).faults.reject);
}

TEST(OptionTable, ARunMovesButDoesNotChangeWhenResumed) {
  std::vector<std::string_view> resumable;
  for (const auto& spec : option_specs()) {
    if (spec.resumable) resumable.push_back(spec.name);
  }
  EXPECT_EQ(resumable, (std::vector<std::string_view>{"threads", "progress_every",
                                                      "checkpoint_file", "checkpoint_every"}));
  EXPECT_EQ(resumable_options_text(),
            "threads, progress_every, checkpoint_file and checkpoint_every");
}

TEST(OptionTable, RowsSayWhichSamplersReadThem) {
  EXPECT_EQ(option_spec("n_steps").read_by, SamplerSet::all());
  EXPECT_EQ(option_spec("contour_zeta").read_by, family_samplers(SamplerFamily::kContour));
  EXPECT_EQ(option_spec("exploration").read_by, family_samplers(SamplerFamily::kCyclical));
  EXPECT_EQ(option_spec("swap_every").read_by, family_samplers(SamplerFamily::kReplicaExchange));
  EXPECT_EQ(option_spec("c_n").read_by, family_samplers(SamplerFamily::kMhbt));
  const auto& friction = option_spec("friction").read_by;
  for (const SamplerKind kind : kAllSamplers) {
    EXPECT_EQ(friction.contains(kind), dynamics(kind) == SamplerKind::kSghmc) << sampler_name(kind);
  }
  EXPECT_FALSE(option_spec("temperature").read_by.contains(SamplerKind::kMhbt));
  EXPECT_EQ(describe(option_spec("temperature").read_by), "all but mhbt");
  EXPECT_EQ(describe(option_spec("rms_decay").read_by), "psgld, pcsgld, picsgld");
  EXPECT_EQ(describe(family_samplers(SamplerFamily::kInteracting)), "interacting");
}

TEST(OptionTable, SamplerChoicesAreTheSamplers) {
  std::string names;
  for (const SamplerKind kind : kAllSamplers) {
    if (!names.empty()) names += '|';
    names += sampler_name(kind);
  }
  EXPECT_EQ(option_spec("sampler").choices, names);
}

}  // namespace
}  // namespace sgmc

namespace sgmc {
namespace {

// Without a step size the warm-up chooses it (docs/warm_up.md): half the run
// is its burn-in, the metric is chosen by the dimension and SGHMC's friction
// with the step; what the user sets stays.
TEST(OptionTable, AnUnsetStepSizeMeansTheAutomaticWarmUp) {
  Options options;
  options.set("n_steps", std::int64_t{4000});
  const SamplerConfig config = sampler_config(options);
  EXPECT_TRUE(config.warm_up.automatic);
  EXPECT_EQ(config.warm_up.bias, kDefaultStepBias);
  EXPECT_TRUE(config.precondition.by_dimension);
  EXPECT_EQ(record_policy(options).burn_in, 2000);
  options.set("sampler", std::string("sghmc"));
  EXPECT_TRUE(sampler_config(options).warm_up.auto_friction);
  options.set("friction", 0.2);
  options.set("burn_in", std::int64_t{300});
  options.set("precondition", std::string("none"));
  const SamplerConfig kept = sampler_config(options);
  EXPECT_FALSE(kept.warm_up.auto_friction);
  EXPECT_EQ(kept.sghmc.friction, 0.2);
  EXPECT_EQ(kept.precondition.kind, PreconditionKind::kNone);
  EXPECT_EQ(record_policy(options).burn_in, 300);
  Options ladder;  // reSGLD's hottest step is the warm-up's too: a set one is refused
  ladder.set("sampler", std::string("resgld"));
  ladder.set("temperature_max", 3.0);
  ladder.set("step_size_max", 1e-2);
  EXPECT_THROW(sampler_config(ladder), Error);
  ladder.set("step_size", 1e-3);
  EXPECT_FALSE(sampler_config(ladder).warm_up.automatic);
    options.set("sampler", std::string("mhbt"));  // MHBT warms up too, unless rw_scale is set
  EXPECT_TRUE(sampler_config(options).warm_up.automatic);
  options.set("rw_scale", 0.1);
  EXPECT_FALSE(sampler_config(options).warm_up.automatic);
  // Too short a run for a warm-up is refused by the argument the user gave.
  Options short_run;
  short_run.set("n_steps", std::int64_t{150});
  EXPECT_THROW(record_policy(short_run), Error);
  short_run.set("burn_in", std::int64_t{99});
  EXPECT_THROW(record_policy(short_run), Error);
  short_run.set("step_size", 1e-3);
  EXPECT_EQ(record_policy(short_run).burn_in, 99);
}

}  // namespace
}  // namespace sgmc
