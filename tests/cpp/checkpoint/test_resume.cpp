// Checkpoint and resume (issue #11): for every sampler and driver, a run
// cancelled after a checkpoint and resumed from it draws bitwise what the
// uninterrupted run draws.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>

#include "sgmc/checkpoint/checkpoint_file.hpp"
#include "sgmc/config/options.hpp"
#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/synthetic.hpp"
#include "sgmc/samplers/mhbt.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

constexpr Index kSteps = 300;
constexpr Index kStopAt = 150;  // a multiple of progress_every: the run stops there

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / name).string();
}

/// Options of `sampler` on a data model with burn-in, thinning and a
/// checkpoint every 70 iterations (not a multiple of progress_every).
Options options_for(std::string_view sampler) {
  Options o;
  o.set("sampler", std::string(sampler));
  o.set("n_steps", kSteps);
  o.set("burn_in", Index{20});
  o.set("thin", Index{3});
  o.set("n_chains", Index{3});
  o.set("threads", Index{2});
  o.set("seed", Index{7});
  o.set("progress_every", Index{50});
  o.set("batch_size", Index{25});
  o.set("step_size", 2e-4);
  o.set("checkpoint_every", Index{70});
  if (sampler == "resgld") o.set("temperature_max", 5.0);
  if (sampler == "mhbt") o.set("rsgld_adaptive_beta", Index{1});
  if (sampler == "cycsgld" || sampler == "cycsghmc") o.set("cycles", Index{3});
  o.set("contour_u1", 0.0);
  o.set("contour_du", 20.0);
  o.set("contour_m", Index{50});
  o.set("theta_thin", Index{7});
  return o;
}

SampleResult run(const Model& model, const Options& o, const Checkpointing& checkpointing,
                 Index stop_at = kSteps) {
  const Vec x0 = Vec::Constant(model.dim(), 0.5);
  return sample(model, sampler_config(o), record_policy(o), run_config(o), x0,
                [&](Index done, Index) { return done < stop_at; }, checkpointing);
}

SampleResult resume(const Model& model, const Options& o, const std::string& path) {
  const auto payload = read_checkpoint_file(path);
  ByteReader in(payload);
  Checkpointing checkpointing{path, o.get_int("checkpoint_every"), {}, &in};
  return run(model, o, checkpointing);
}

void expect_same_runs(const SampleResult& a, const SampleResult& b, const std::string& what) {
  ASSERT_EQ(a.chains.size(), b.chains.size()) << what;
  EXPECT_EQ(a.outcome.steps_done, b.outcome.steps_done) << what;
  EXPECT_EQ(a.swaps.attempts, b.swaps.attempts) << what;
  EXPECT_EQ(a.swaps.accepts, b.swaps.accepts) << what;
  for (std::size_t c = 0; c < a.chains.size(); ++c) {
    const std::string chain = what + ", chain " + std::to_string(c);
    const Chain& x = *a.chains[c];
    const Chain& y = *b.chains[c];
    testing::expect_same_draws(x.draws(), y.draws(), chain);
    EXPECT_EQ(x.draws().steps(), y.draws().steps()) << chain;
    EXPECT_EQ(x.position(), y.position()) << chain;
    if (x.contour() != nullptr) {
      EXPECT_EQ(x.contour()->theta().values(), y.contour()->theta().values()) << chain;
      EXPECT_EQ(x.contour()->trace().indices(), y.contour()->trace().indices()) << chain;
      EXPECT_EQ(x.contour()->trace().log_weights(WeightKind::kInterpolated),
                y.contour()->trace().log_weights(WeightKind::kInterpolated)) << chain;
      EXPECT_EQ(x.contour()->trace().theta_trace(), y.contour()->trace().theta_trace()) << chain;
    }
    if (const auto* m = dynamic_cast<const Mhbt*>(&x.kernel())) {
      const auto& n = dynamic_cast<const Mhbt&>(y.kernel());
      EXPECT_EQ(m->stats().accepted, n.stats().accepted) << chain;
      EXPECT_EQ(m->stats().proposed, n.stats().proposed) << chain;
      EXPECT_EQ(m->beta(), n.beta()) << chain;
    }
  }
}

/// Uninterrupted vs cancelled at `stop_at` and resumed, for `o` on `model`.
void check_resume(const Model& model, const Options& o, const std::string& what,
                  Index stop_at = kStopAt) {
  const std::string path = temp_path("resume-" + what + ".ckpt");
  std::filesystem::remove(path);
  const auto whole = run(model, o, {});
  const auto first = run(model, o, {path, o.get_int("checkpoint_every"), {}, nullptr}, stop_at);
  ASSERT_TRUE(first.outcome.cancelled) << what;
  ASSERT_EQ(first.outcome.steps_done, stop_at) << what;
  const auto rest = resume(model, o, path);
  expect_same_runs(whole, rest, what);
  // The finished run checkpointed its end: resuming it changes nothing.
  expect_same_runs(whole, resume(model, o, path), what + " (resumed when finished)");
}

testing::QuadraticDataModel data_model() {
  Eigen::MatrixXd data = Eigen::MatrixXd::Random(3, 200);
  return testing::QuadraticDataModel(data, 10.0);
}

TEST(Resume, EverySamplerContinuesBitwise) {
  const auto model = data_model();
  for (const auto kind : kAllSamplers) {
    const std::string name(sampler_name(kind));
    check_resume(model, options_for(name), name);
  }
}

TEST(Resume, VarianceReducedContourAndNoisyTargets) {
  const auto model = data_model();
  auto o = options_for("csgld");
  o.set("contour_vr_period", Index{40});
  check_resume(model, o, "csgld-vr");
  o.set("sampler", std::string("icsgld"));
  o.set("contour_pilot_steps", Index{30});
  check_resume(model, o, "icsgld-vr-pilot");
  // Simulated gradient noise draws from the chains' target-noise streams.
  const auto target = make_synthetic_target("gauss25", {0.1, 0.5});
  for (const char* sampler : {"sgld", "psgld", "sghmc", "icsghmc", "resgld"}) {
    auto t = options_for(sampler);
    t.set("batch_size", Index{0});
    t.set("step_size", 1e-2);
    check_resume(*target, t, std::string("gauss25-") + sampler);
  }
}

TEST(Resume, AutomaticPartitionContinuesBitwise) {
  // SPEC §4.4: stopped in pilot stage 1 (iterations 1-50), in stage 2
  // (51-100) and after the pilot, with the partition chosen by each chain
  // (csgld, csghmc, pcsgld) or by all chains together (icsgld, icsghmc).
  const auto model = data_model();
  for (const char* sampler : {"csgld", "csghmc", "pcsgld", "icsgld", "icsghmc"}) {
    Options o;
    for (const auto& spec : option_specs()) {
      const auto keep = spec.name != "contour_u1" && spec.name != "contour_du" && spec.name != "contour_m";
      if (keep && options_for(sampler).is_set(spec.name)) o.set(spec.name, options_for(sampler).get(spec.name));
    }
    o.set("contour_pilot_steps", Index{100});
    o.set("progress_every", Index{10});
    o.set("checkpoint_every", Index{0});
    ASSERT_TRUE(sampler_config(o).contour.auto_partition) << sampler;
    for (const Index stop : {Index{30}, Index{80}, Index{150}}) {
      check_resume(model, o, std::string(sampler) + "-auto-" + std::to_string(stop), stop);
    }
  }
}

TEST(Resume, PreconditionedChainsContinueBitwise) {
  // Stopped inside the preconditioner's first window (1-33), its second
  // (34-100) and after the warm-up; the replicas of resgld carry their
  // preconditioners through swaps.
  const auto model = data_model();
  for (const char* sampler : {"sgld", "psgld", "sghmc", "mhbt", "resgld", "csgld", "icsgld"}) {
    for (const char* kind : {"dense", "diag"}) {
      auto o = options_for(sampler);
      o.set("burn_in", Index{120});
      o.set("precondition", std::string(kind));
      o.set("precondition_steps", Index{100});
      o.set("progress_every", Index{10});
      o.set("checkpoint_every", Index{0});
      for (const Index stop : {Index{20}, Index{60}, Index{150}}) {
        check_resume(model, o, std::string(sampler) + "-" + kind + "-" + std::to_string(stop), stop);
      }
    }
  }
}

TEST(Resume, AutomaticLadderContinuesBitwise) {
  // resgld with neither step_size nor temperature_max (burn_in 200): stopped
  // before the ladder's energies are measured (1-100), while they are
  // (101-150), and after the ladder was chosen at 150, whose temperatures
  // the driver sets again on resuming.
  const auto model = data_model();
  Options o;
  for (const auto& spec : option_specs()) {
    const auto keep = spec.name != "step_size" && spec.name != "temperature_max";
    if (keep && options_for("resgld").is_set(spec.name)) o.set(spec.name, options_for("resgld").get(spec.name));
  }
  o.set("burn_in", Index{200});
  o.set("progress_every", Index{10});
  o.set("checkpoint_every", Index{0});
  ASSERT_TRUE(sampler_config(o).resgld.auto_temperature);
  for (const Index stop : {Index{60}, Index{120}, Index{170}}) {
    check_resume(model, o, "resgld-auto-ladder-" + std::to_string(stop), stop);
  }
}

TEST(Resume, CheckpointsLandWhereDue) {
  // Every 70 iterations and at the stop: the file holds the state at 150.
  const auto model = data_model();
  const auto o = options_for("sgld");
  const std::string path = temp_path("due.ckpt");
  for (const Index stop : {Index{100}, Index{150}}) {
    const auto first = run(model, o, {path, 70, {}, nullptr}, stop);
    const auto payload = read_checkpoint_file(path);
    ByteReader in(payload);
    EXPECT_EQ(read_driver_section(in, DriverKind::kIndependent, kSteps), stop);
  }
}

TEST(Resume, RejectsAnotherDriversCheckpoint) {
  const auto model = data_model();
  const std::string path = temp_path("driver.ckpt");
  run(model, options_for("sgld"), {path, 0, {}, nullptr}, kStopAt);
  try {
    resume(model, options_for("resgld"), path);
    FAIL() << "an independent-chains checkpoint resumed a replica-exchange run";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kFormat);
    EXPECT_NE(std::string(e.what()).find("driver kind"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sgmc
