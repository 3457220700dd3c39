// Faults of the model in whole runs of every sampler family (docs/faults.md):
// under "error" the run stops with the fault of the lowest chain and keeps
// the draws made before it (a prefix of the fault-free run's, bitwise);
// under "reject" the run completes, counts every injected fault, and is
// reproducible for any number of threads.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sgmc/config/options.hpp"
#include "sgmc/drivers/driver.hpp"
#include "support/faulty_model.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

using testing::FaultyModel;
using testing::Inject;
using testing::InjectedFault;

constexpr Index kSteps = 60;

const testing::QuadraticDataModel& data() {
  static const testing::QuadraticDataModel model(Eigen::MatrixXd::Random(2, 80), 4.0);
  return model;
}

bool lockstep(const std::string& sampler) { return sampler == "resgld" || sampler == "icsgld"; }

struct RunSpec {
  std::string sampler = "sgld";
  std::vector<InjectedFault> faults = {};
  bool reject = false;
  Index threads = 1;
  Index max_consecutive = 10;
  Index progress_every = 1000;
  Index pilot_steps = 0;
};

SampleResult run(const RunSpec& spec) {
  Options o;
  o.set("sampler", spec.sampler);
  o.set("n_steps", std::int64_t{kSteps});
  o.set("step_size", spec.sampler == "mhbt" ? 1e-3 : 2e-3);
  o.set("batch_size", std::int64_t{10});
  o.set("n_chains", std::int64_t{3});
  o.set("threads", std::int64_t{spec.threads});
  o.set("seed", std::int64_t{17});
  o.set("progress_every", std::int64_t{spec.progress_every});
  o.set("on_fault", std::string(spec.reject ? "reject" : "error"));
  o.set("max_consecutive_faults", std::int64_t{spec.max_consecutive});
  if (spec.sampler == "resgld") o.set("temperature_max", 3.0);
  if (spec.sampler == "csgld" || spec.sampler == "icsgld") {
    o.set("contour_m", std::int64_t{30});
    o.set("contour_u1", 50.0);
    o.set("contour_du", 20.0);
  }
  if (spec.pilot_steps > 0) o.set("contour_pilot_steps", std::int64_t{spec.pilot_steps});
  const FaultyModel model(data(), spec.faults, true);
  return sample(model, sampler_config(o), record_policy(o), run_config(o), Vec::Zero(2), nullptr);
}

/// `part` holds the first draws of `full`, bitwise.
void expect_prefix(const DrawStore& part, const DrawStore& full, const std::string& what) {
  ASSERT_LE(part.size(), full.size()) << what;
  EXPECT_EQ(0, std::memcmp(part.draws().data(), full.draws().data(),
                           sizeof(double) * static_cast<std::size_t>(part.size() * part.dim())))
      << what;
  EXPECT_EQ(part.energies(), full.energies().head(part.size())) << what;
}

const std::vector<std::string> kFamilies = {"sgld",  "psgld", "sghmc",  "cycsgld",
                                            "csgld", "mhbt",  "resgld", "icsgld"};
constexpr Inject kKinds[] = {Inject::kNanEnergy, Inject::kInfGradient, Inject::kThrow,
                             Inject::kError};

TEST(FaultRuns, ErrorStopsTheRunAndKeepsTheDrawsSoFar) {
  for (std::size_t f = 0; f < kFamilies.size(); ++f) {
    const std::string& sampler = kFamilies[f];
    const auto reference = run({.sampler = sampler});
    ASSERT_FALSE(reference.outcome.fault) << reference.outcome.fault->what();
    for (std::size_t i = 0; i < 4; ++i) {
      const Inject what = kKinds[(f + i) % 4];
      // Chain 2 fails first (evaluation 10), chain 1 later (evaluation 20).
      const std::vector<InjectedFault> faults{{1, 20, what}, {2, 10, kKinds[i]}};
      std::vector<Index> sizes;
      for (const Index threads : {1, 2}) {
        const std::string label = sampler + " kind " + show(i) + " threads " + show(threads);
        const auto result = run({.sampler = sampler, .faults = faults, .threads = threads});
        ASSERT_TRUE(result.outcome.fault) << label;
        const ModelFault& fault = *result.outcome.fault;
        // Independent chains: the lowest chain that faulted in the round;
        // coupled chains stop at the first faulty iteration.
        const Index chain = lockstep(sampler) ? 2 : 1;
        const Inject kind = chain == 1 ? what : kKinds[i];
        EXPECT_EQ(fault.chain(), chain) << label;
        const bool non_finite = kind == Inject::kNanEnergy || kind == Inject::kInfGradient;
        EXPECT_EQ(fault.kind(), non_finite ? ErrorKind::kNonFinite : ErrorKind::kCallback) << label;
        EXPECT_NE(std::string(fault.what()).find("chain " + show(chain) + ", step " + show(fault.step())),
                  std::string::npos) << label << ": " << fault.what();
        Index fewest = kSteps;
        for (std::size_t c = 0; c < 3; ++c) {
          const auto& draws = result.chains[c]->draws();
          expect_prefix(draws, reference.chains[c]->draws(), label + " chain " + show(c));
          sizes.push_back(draws.size());
          fewest = std::min(fewest, result.chains[c]->steps_done());
          EXPECT_EQ(result.chains[c]->faults(), 0) << label;
        }
        EXPECT_EQ(result.outcome.steps_done, fewest) << label;
        EXPECT_EQ(result.chains[static_cast<std::size_t>(chain)]->steps_done(), fault.step() - 1) << label;
        if (lockstep(sampler)) {
          for (const auto& c : result.chains) EXPECT_EQ(c->steps_done(), fault.step() - 1) << label;
        } else {
          EXPECT_EQ(result.chains[0]->steps_done(), kSteps) << label;  // finished the round
          EXPECT_LT(result.chains[2]->steps_done(), result.chains[1]->steps_done()) << label;
        }
      }
      // The same draws for 1 and 2 threads (bitwise, by the prefix check).
      EXPECT_EQ(std::vector<Index>(sizes.begin(), sizes.begin() + 3),
                std::vector<Index>(sizes.begin() + 3, sizes.end())) << sampler;
    }
  }
}

TEST(FaultRuns, RejectCompletesCountsAndIsThreadInvariant) {
  for (std::size_t f = 0; f < kFamilies.size(); ++f) {
    const std::string& sampler = kFamilies[f];
    const auto reference = run({.sampler = sampler});
    const std::vector<InjectedFault> faults{{0, 5, kKinds[f % 4]},
                                            {0, 6, kKinds[(f + 1) % 4]},
                                            {0, 30, kKinds[(f + 2) % 4]},
                                            {2, 12, kKinds[(f + 3) % 4]}};
    const auto one = run({.sampler = sampler, .faults = faults, .reject = true, .threads = 1});
    const auto two = run({.sampler = sampler, .faults = faults, .reject = true, .threads = 2});
    for (const auto* result : {&one, &two}) {
      ASSERT_FALSE(result->outcome.fault) << sampler << ": " << result->outcome.fault->what();
      EXPECT_EQ(result->outcome.steps_done, kSteps) << sampler;
      const std::vector<Index> expected{3, 0, 1};
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_EQ(result->chains[c]->faults(), expected[c]) << sampler << " chain " << c;
        EXPECT_EQ(result->chains[c]->steps_done(), kSteps) << sampler;
        EXPECT_EQ(result->chains[c]->draws().size(), reference.chains[c]->draws().size()) << sampler;
      }
    }
    for (std::size_t c = 0; c < 3; ++c) {
      testing::expect_same_draws(one.chains[c]->draws(), two.chains[c]->draws(),
                                 sampler + " chain " + show(c));
    }
    // An independent chain without faults is the fault-free run's chain.
    if (!lockstep(sampler)) {
      testing::expect_same_draws(one.chains[1]->draws(), reference.chains[1]->draws(), sampler);
    }
  }
}

TEST(FaultRuns, ConsecutiveFaultsStopTheRun) {
  for (const std::string sampler : {"sgld", "mhbt", "resgld", "icsgld"}) {
    std::vector<InjectedFault> faults;
    for (Index e = 10; e < 14; ++e) faults.push_back({1, e, Inject::kNanEnergy});
    for (const Index threads : {1, 2}) {
      const auto result = run({.sampler = sampler, .faults = faults, .reject = true, .threads = threads, .max_consecutive = 4});
      ASSERT_TRUE(result.outcome.fault) << sampler;
      const std::string message = result.outcome.fault->what();
      EXPECT_EQ(result.outcome.fault->chain(), 1);
      EXPECT_NE(message.find("chain 1 faulted 4 times in a row at step"), std::string::npos) << message;
      EXPECT_NE(message.find("(max_consecutive_faults = 4); the last fault: the model returned a "
                             "non-finite energy (nan) at chain 1, step"),
                std::string::npos) << message;
      EXPECT_EQ(result.chains[1]->faults(), 3) << sampler;
    }
  }
}

// The other chains finish the round of progress_every iterations in which
// a chain stopped; the run ends there.
TEST(FaultRuns, OtherChainsFinishTheRound) {
  const auto result = run({.sampler = "sghmc", .faults = {{1, 5, Inject::kThrow}}, .threads = 2, .progress_every = 20});
  ASSERT_TRUE(result.outcome.fault);
  EXPECT_EQ(result.chains[0]->steps_done(), 20);
  EXPECT_EQ(result.chains[1]->steps_done(), 4);
  EXPECT_EQ(result.chains[2]->steps_done(), 20);
  EXPECT_EQ(result.outcome.steps_done, 4);
  EXPECT_EQ(std::string(result.outcome.fault->what()),
            "the model failed at chain 1, step 5: injected fault");
}

TEST(FaultRuns, PilotFaultStopsTheInteractingRunBeforeAnyDraw) {
  const auto result = run({.sampler = "icsgld", .faults = {{0, 3, Inject::kError}}, .threads = 2, .pilot_steps = 10});
  ASSERT_TRUE(result.outcome.fault);
  const std::string message = result.outcome.fault->what();
  EXPECT_NE(message.find("the SGLD pilot (contour_pilot_steps) stopped: the model failed at chain 0, "
                         "step 3: the model callback returned 3"),
            std::string::npos) << message;
  EXPECT_EQ(result.outcome.fault->kind(), ErrorKind::kCallback);
  ASSERT_EQ(result.chains.size(), 3U);
  for (const auto& c : result.chains) EXPECT_EQ(c->draws().size(), 0);
}

}  // namespace
}  // namespace sgmc
