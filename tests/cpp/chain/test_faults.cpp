// Faults of the model in one chain (docs/faults.md): the policies "error"
// and "reject", the consecutive limit, the ask/tell host's tell_fault(),
// and what a fault leaves of the chain.
#include <gtest/gtest.h>

#include <string>

#include "sgmc/chain/chain.hpp"
#include "sgmc/config/options.hpp"
#include "support/error_message.hpp"
#include "support/faulty_model.hpp"
#include "support/same_draws.hpp"
#include "support/toy_models.hpp"

namespace sgmc {
namespace {

using testing::FaultyModel;
using testing::Inject;
using testing::InjectedFault;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// U0(x) = |x|^2 / 2, no data: no batch, no target noise, so a retried
/// evaluation gives exactly what the first would have.
class Quadratic final : public Model {
 public:
  explicit Quadratic(Index dim) : dim_(dim) {}
  Index dim() const override { return dim_; }
  Index data_size() const override { return 0; }
  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    out.prior_energy = 0.5 * request.x.squaredNorm();
    if (request.want_gradient) out.prior_grad = request.x;
  }

 private:
  Index dim_;
};

SamplerConfig config_of(const std::string& sampler, Index n_steps, Index batch_size = 0) {
  Options options;
  options.set("sampler", sampler);
  options.set("n_steps", std::int64_t{n_steps});
  options.set("step_size", 0.01);
  options.set("batch_size", std::int64_t{batch_size});
  if (sampler == "mhbt") options.set("step_size", 1e-3);
  if (sampler == "csgld" || sampler == "csghmc" || sampler == "pcsgld") {
    options.set("contour_m", std::int64_t{20});
    options.set("contour_du", 0.5);
  }
  return sampler_config(options);
}

FaultPolicy reject(Index max_consecutive = 10) { return {true, max_consecutive}; }

TEST(FaultOptions, ReachTheSamplerConfigAndAreChecked) {
  Options options;
  EXPECT_FALSE(sampler_config(options).faults.reject);
  EXPECT_EQ(sampler_config(options).faults.max_consecutive, 10);
  options.set("on_fault", std::string("reject"));
  options.set("max_consecutive_faults", std::int64_t{3});
  EXPECT_TRUE(sampler_config(options).faults.reject);
  EXPECT_EQ(sampler_config(options).faults.max_consecutive, 3);
  EXPECT_TRUE(contains(testing::message_of([&] { options.set("on_fault", std::string("ignore")); }),
                       "option 'on_fault' = \"ignore\": must be one of error|reject"));
  EXPECT_TRUE(contains(
      testing::message_of([&] { options.set("max_consecutive_faults", std::int64_t{0}); }),
      "option 'max_consecutive_faults' = 0: must be in [1,"));
  EXPECT_TRUE(contains(testing::message_of([] { FaultPolicy{true, 0}.validate(); }),
                       "'max_consecutive_faults' = 0"));
}

// A fault under "error" throws ModelFault naming chain, step and cause, and
// leaves the chain as it was: continuing with a good model gives the draws
// of a run that never faulted, bitwise (the target-noise stream included).
TEST(ChainFaults, ErrorStopsTheChainAndChangesNothing) {
  const testing::QuadraticDataModel data(Eigen::MatrixXd::Random(2, 50), 4.0);
  for (const auto what : {Inject::kNanEnergy, Inject::kInfGradient, Inject::kThrow, Inject::kError}) {
    for (const std::string sampler : {"sgld", "sghmc", "psgld", "csgld", "mhbt"}) {
      const FaultyModel good(data, {}, true);
      const FaultyModel bad(data, {{0, 7, what}}, true);
      const auto config = config_of(sampler, 20, 10);
      Chain a(config, {20, 0, 1}, 2, 50, Vec::Zero(2), {4, 0});
      Chain b(config, {20, 0, 1}, 2, 50, Vec::Zero(2), {4, 0});
      auto wa = bad.make_workspace();
      auto wb = good.make_workspace();
      Index made = 0;
      try {
        for (;; ++made) a.advance(bad, wa.get());
      } catch (const ModelFault& e) {
        EXPECT_EQ(e.chain(), 0);
        EXPECT_EQ(e.step(), a.steps_done() + 1);
        const bool non_finite = what == Inject::kNanEnergy || what == Inject::kInfGradient;
        EXPECT_EQ(e.kind(), non_finite ? ErrorKind::kNonFinite : ErrorKind::kCallback);
        const std::string message = e.what();
        EXPECT_TRUE(contains(message, "chain 0, step " + show(e.step()))) << message;
        if (what == Inject::kThrow) {
          EXPECT_TRUE(contains(message, "the model failed at chain 0, step " + show(e.step()) +
                                            ": injected fault")) << message;
        }
        if (what == Inject::kError) {
          EXPECT_TRUE(contains(message, "callback returned 3")) << message;
        }
        if (what == Inject::kNanEnergy) {
          EXPECT_TRUE(contains(message, "non-finite energy (nan)")) << message;
        }
      }
      EXPECT_EQ(a.faults(), 0);
      // The faulty evaluation left no trace: a second try (the model now
      // good: evaluation 8 onwards) continues the fault-free run exactly.
      while (a.steps_done() < 20) a.advance(bad, wa.get());
      while (b.steps_done() < 20) b.advance(good, wb.get());
      testing::expect_same_draws(a.draws(), b.draws(), sampler);
    }
  }
}

// Under "reject" a data-free target without target noise gives the draws
// of a fault-free run, bitwise: a rejected evaluation changes no state of
// the kernel (momentum, preconditioner, theta), records nothing and does
// not advance the iteration count.
TEST(ChainFaults, RejectedEvaluationsChangeNoState) {
  const Quadratic target(2);
  for (const std::string sampler : {"sgld", "psgld", "sghmc", "cycsgld", "cycsghmc", "csgld",
                                    "csghmc", "pcsgld", "ksgld"}) {
    const FaultyModel good(target, {});
    const FaultyModel bad(target, {{0, 3, Inject::kNanEnergy},
                                   {0, 4, Inject::kThrow},
                                   {0, 9, Inject::kInfGradient},
                                   {0, 40, Inject::kError}});
    const auto config = config_of(sampler, 50);
    Chain a(config, {50, 5, 2}, 2, 0, Vec::Ones(2), {8, 0});
    Chain b(config, {50, 5, 2}, 2, 0, Vec::Ones(2), {8, 0});
    a.set_fault_policy(reject(3));
    auto wa = bad.make_workspace();
    auto wb = good.make_workspace();
    for (int s = 0; s < 50; ++s) {
      a.advance(bad, wa.get());
      b.advance(good, wb.get());
      ASSERT_EQ(a.steps_done(), b.steps_done());
    }
    EXPECT_EQ(a.faults(), 4) << sampler;
    testing::expect_same_draws(a.draws(), b.draws(), sampler);
    if (a.contour() != nullptr) {
      EXPECT_EQ(a.contour()->theta().values(), b.contour()->theta().values()) << sampler;
    }
  }
}

// With data, a rejection redraws the batch; the iteration is retried at the
// same point, nothing is recorded.
TEST(ChainFaults, RejectionRedrawsTheBatchAtTheSamePoint) {
  Chain chain(config_of("sghmc", 10, 5), {10, 0, 1}, 2, 100, Vec::Ones(2), {2, 0});
  chain.set_fault_policy(reject(3));
  const Vec x = chain.query();
  const std::vector<Index> batch(chain.batch().begin(), chain.batch().end());
  chain.terms().prior_energy = std::nan("");
  chain.tell();  // rejected
  EXPECT_EQ(chain.faults(), 1);
  EXPECT_EQ(chain.steps_done(), 0);
  EXPECT_EQ(chain.draws().size(), 0);
  EXPECT_EQ(chain.query(), x);
  EXPECT_NE(std::vector<Index>(chain.batch().begin(), chain.batch().end()), batch);
  chain.tell_fault("the host's model failed");  // rejected too
  EXPECT_EQ(chain.faults(), 2);
  // The third in a row is the limit: nothing changes, and the message says so.
  const std::vector<Index> before(chain.batch().begin(), chain.batch().end());
  try {
    chain.tell_fault("the host's model failed");
    FAIL();
  } catch (const ModelFault& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kCallback);
    const std::string message = e.what();
    EXPECT_TRUE(contains(message, "chain 0 faulted 3 times in a row at step 1 "
                                  "(max_consecutive_faults = 3); the last fault: the model failed "
                                  "at chain 0, step 1: the host's model failed")) << message;
  }
  EXPECT_EQ(chain.faults(), 2);
  EXPECT_EQ(std::vector<Index>(chain.batch().begin(), chain.batch().end()), before);
  // A good evaluation then makes the iteration and resets the run of faults.
  chain.terms().prior_energy = 1.0;
  chain.terms().prior_grad.setZero();
  chain.terms().batch_energy = 1.0;
  chain.terms().batch_grad.setZero();
  chain.tell();
  EXPECT_EQ(chain.steps_done(), 1);
  chain.terms().prior_energy = std::nan("");
  chain.tell();
  chain.tell_fault("again");
  EXPECT_EQ(chain.faults(), 4);
  EXPECT_EQ(chain.steps_done(), 1);
}

TEST(ChainFaults, TellFaultUnderErrorChangesNothing) {
  Chain chain(config_of("sgld", 3, 5), {3, 0, 1}, 2, 100, Vec::Ones(2), {2, 0});
  const std::vector<Index> batch(chain.batch().begin(), chain.batch().end());
  try {
    chain.tell_fault("boom");
    FAIL();
  } catch (const ModelFault& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kCallback);
    EXPECT_EQ(std::string(e.what()), "the model failed at chain 0, step 1: boom");
  }
  EXPECT_EQ(std::vector<Index>(chain.batch().begin(), chain.batch().end()), batch);
  EXPECT_EQ(chain.faults(), 0);
  const testing::QuadraticDataModel data(Eigen::MatrixXd::Random(2, 100), 4.0);
  for (int s = 0; s < 3; ++s) chain.advance(data, nullptr);
  EXPECT_THROW(chain.tell_fault("late"), Error);  // n_steps reached: kState
}

// The variance-reduced energy's control-point evaluations fail like any
// other; a rejection forgets the control energy of the old batch.
TEST(ChainFaults, ControlPointFaultsAreFaults) {
  const testing::QuadraticDataModel data(Eigen::MatrixXd::Random(2, 60), 4.0);
  auto config = config_of("csgld", 30, 6);
  config.contour.vr_period = 4;
  // Evaluation 1 and 2 are the control point's (full pass, then the batch).
  const FaultyModel bad(data, {{0, 1, Inject::kInfGradient}, {0, 5, Inject::kNanEnergy}});
  Chain chain(config, {30, 0, 1}, 2, 60, Vec::Zero(2), {3, 0});
  chain.set_fault_policy(reject());
  auto w = bad.make_workspace();
  for (int s = 0; s < 30; ++s) chain.advance(bad, w.get());
  EXPECT_EQ(chain.faults(), 2);
  EXPECT_EQ(chain.draws().size(), 30);
  Chain stops(config, {30, 0, 1}, 2, 60, Vec::Zero(2), {3, 0});
  auto w2 = bad.make_workspace();
  const std::string message =
      testing::message_of([&] { stops.advance(bad, w2.get()); }, ErrorKind::kNonFinite);
  EXPECT_TRUE(contains(message, "non-finite variance-reduced energy (inf) at chain 0, step 1")) << message;
}

// MHBT: a rejected evaluation of a proposal leaves its statistics and its
// state alone; the proposal is evaluated again on a fresh batch.
TEST(ChainFaults, MhbtRejectionKeepsItsState) {
  const testing::QuadraticDataModel data(Eigen::MatrixXd::Random(2, 100), 4.0);
  const FaultyModel bad(data, {{0, 1, Inject::kThrow}, {0, 6, Inject::kNanEnergy}});
  Chain chain(config_of("mhbt", 40, 10), {40, 0, 1}, 2, 100, Vec::Zero(2), {5, 0});
  chain.set_fault_policy(reject());
  auto w = bad.make_workspace();
  for (int s = 0; s < 40; ++s) chain.advance(bad, w.get());
  EXPECT_EQ(chain.faults(), 2);
  EXPECT_EQ(chain.draws().size(), 40);
  const auto& stats = dynamic_cast<const Mhbt&>(chain.kernel()).stats();
  EXPECT_EQ(stats.proposed, 40);  // rejected evaluations are no proposals
}

}  // namespace
}  // namespace sgmc
