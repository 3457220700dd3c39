// A step never allocates (STYLE.md "Inside the engine"): this test binary
// replaces the global allocator with a counting one and steps chains of
// every sampler, with and without data, with and without injected noise,
// the replica-exchange swap and the interacting contour step.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include "sgmc/chain/chain.hpp"
#include "sgmc/chain/preconditioner.hpp"
#include "sgmc/chain/stages/warm_up_stage.hpp"
#include "sgmc/drivers/chain_exchange.hpp"
#include "sgmc/drivers/hosted_run.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
#include "support/faulty_model.hpp"
#include "support/toy_models.hpp"

namespace {
std::atomic<long> allocations{0};
}

// GCC 12 inlines these into std::allocator and then takes the malloc/free
// pair for a mismatch with new/delete (a false positive).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

// Eigen takes the buffers of a large matrix product from malloc, not from
// operator new: with glibc, malloc itself is counted too, but not under a
// sanitizer, which defines its own malloc and fails to start beside this one
// (GCC says so with __SANITIZE_*__, clang 14 only through __has_feature).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define SGMC_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SGMC_SANITIZED 1
#endif
#if defined(__GLIBC__) && !defined(SGMC_SANITIZED)
#define SGMC_COUNTS_MALLOC 1
namespace {
std::atomic<long> mallocs{0};
}
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) {
  mallocs.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
#endif

namespace sgmc {
namespace {

TEST(NoAllocation, StepsOfEverySamplerAllocateNothing) {
  testing::QuadraticDataModel data_model(Eigen::MatrixXd::Random(700, 300), 5.0);
  testing::QuadraticDataModel free_model(Eigen::MatrixXd::Zero(700, 0), 5.0);
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc,
                          SamplerKind::kCycSgld, SamplerKind::kCycSghmc, SamplerKind::kCsgld,
                          SamplerKind::kCsghmc, SamplerKind::kPcsgld, SamplerKind::kKsgld}) {
    for (const double tau : {1.0, 0.0}) {
      for (const Model* model : {static_cast<const Model*>(&data_model),
                                 static_cast<const Model*>(&free_model)}) {
        SamplerConfig config;
        config.kind = kind;
        config.temperature = tau;
        config.batch_size = model->data_size() > 0 ? 32 : 0;
        if (is_cyclical(kind)) {  // both stages within the 150 steps measured
          config.schedule = {.kind = ScheduleKind::kCyclical, .total = 200, .cycles = 4,
                             .exploration = 0.5};
        }
        config.contour.theta_thin = 7;  // theta trajectory and draw weights are recorded too
        config.contour.rho = 0.5;
        config.contour.vr_period = model->data_size() > 0 ? 4 : 0;  // with its full passes
        Chain chain(config, {200, 10, 3}, model->dim(), model->data_size(),
                    Vec::Zero(model->dim()), {7, 0});
        chain.advance(*model, nullptr);
        const long before = allocations.load();
        for (int s = 0; s < 150; ++s) chain.advance(*model, nullptr);
        EXPECT_EQ(allocations.load() - before, 0)
            << sampler_name(kind) << " tau " << tau << " N " << model->data_size();
      }
    }
  }
}

TEST(NoAllocation, AutomaticWarmUpAllocatesOnlyAtItsStagesEnds) {
  // docs/warm_up.md: the search's and each window's end choose (and may
  // rebuild the kernel); every other iteration of the warm-up, and every one
  // after it, allocates nothing.
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(5, 300), 5.0);
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc,
                          SamplerKind::kMhbt}) {
    for (const auto precondition : {PreconditionKind::kNone, PreconditionKind::kDiag,
                                    PreconditionKind::kDense}) {
      SamplerConfig config;
      config.kind = kind;
      config.batch_size = 32;
      config.precondition = {precondition, 0};
      config.warm_up = {true, true, kDefaultStepBias};
      // MHBT as options.cpp sets it up without a step size.
      config.mhbt.proposal = MhbtProposal::kRandomWalk;
      config.mhbt.search = kind == SamplerKind::kMhbt;
      const Index burn_in = 400;
      Chain chain(config, {600, burn_in, 3}, model.dim(), model.data_size(), Vec::Zero(model.dim()),
                  {7, 0});
      std::vector<long> per_step(600, 0);
      for (std::size_t k = 0; k < per_step.size(); ++k) {
        const long before = allocations.load();
        chain.advance(model, nullptr);
        per_step[k] = allocations.load() - before;
      }
      std::vector<Index> ends{chain.warm_up()->report().search_steps, burn_in};
      // (MHBT rebuilds its kernel with its scale at each of its windows' ends.)
      const auto& warm_up_ends = chain.warm_up()->window_ends();
      ends.insert(ends.end(), warm_up_ends.begin(), warm_up_ends.end());
      if (chain.preconditioner() != nullptr) {
        const auto& windows = chain.preconditioner()->window_ends();
        ends.insert(ends.end(), windows.begin(), windows.end());
      }
      for (std::size_t k = 0; k < per_step.size(); ++k) {
        const Index iteration = static_cast<Index>(k) + 1;
        const bool an_end = std::find(ends.begin(), ends.end(), iteration) != ends.end();
        if (!an_end) {
          EXPECT_EQ(per_step[k], 0) << sampler_name(kind) << " precondition "
                                    << static_cast<int>(precondition) << " iteration " << iteration;
        }
      }
    }
  }
}

// reSGLD's swap exchanges positions and evaluations in place.
TEST(NoAllocation, PreconditionedStepsAllocateNothingBetweenWindows) {
  // docs/preconditioning.md: only a window's end allocates (its estimate and
  // the kernel's restart); the steps after the warm-up allocate nothing.
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(5, 300), 5.0);
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc,
                          SamplerKind::kCsgld, SamplerKind::kMhbt}) {
    for (const auto precondition : {PreconditionKind::kDiag, PreconditionKind::kDense}) {
      SamplerConfig config;
      config.kind = kind;
      config.batch_size = 32;
      config.precondition = {precondition, 100};
      Chain chain(config, {300, 100, 3}, model.dim(), model.data_size(), Vec::Zero(model.dim()),
                  {7, 0});
      for (int s = 0; s < 110; ++s) chain.advance(model, nullptr);  // past the warm-up
      ASSERT_EQ(chain.preconditioner()->windows_done(),
                static_cast<Index>(chain.preconditioner()->window_ends().size()))
          << sampler_name(kind);
      const long before = allocations.load();
      for (int s = 0; s < 150; ++s) chain.advance(model, nullptr);
      EXPECT_EQ(allocations.load() - before, 0) << sampler_name(kind);
    }
  }
}

TEST(NoAllocation, ReplicaExchangeSwapsAllocateNothing) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(700, 300), 5.0);
  SamplerConfig config;
  config.batch_size = 32;
  Chain low(config, {200, 0, 1}, model.dim(), model.data_size(), Vec::Zero(model.dim()), {7, 0});
  config.temperature = 3.0;
  Chain high(config, {200, 0, 1}, model.dim(), model.data_size(), Vec::Ones(model.dim()), {7, 1});
  low.advance(model, nullptr);
  high.advance(model, nullptr);
  const long before = allocations.load();
  for (int s = 0; s < 50; ++s) {
    low.evaluate(model, nullptr);
    high.evaluate(model, nullptr);
    low.exchange(high);
    low.tell();
    high.tell();
  }
  EXPECT_EQ(allocations.load() - before, 0);
}

// ICSGLD (SPEC §5): the indices of all chains, their exchange, the shared
// theta update and every chain's tell.
TEST(NoAllocation, InteractingContourStepsAllocateNothing) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(700, 300), 5.0);
  for (const auto kind : {SamplerKind::kIcsgld, SamplerKind::kIcsghmc, SamplerKind::kPicsgld}) {
    SamplerConfig config;
    config.kind = kind;
    config.batch_size = 32;
    config.contour.theta_thin = 7;
    config.contour.vr_period = 4;
    const RunConfig run{3, 1, 1000, 7};
    auto theta = std::make_shared<Theta>(config.contour);
    auto chains = make_chains(model, [&](Index) { return config; }, {200, 10, 3}, run,
                              Vec::Zero(model.dim()), {0, 3}, theta);
    LocalExchange exchange;
    std::vector<Index> local(3), all(3);
    const long before = allocations.load();
    for (Index k = 1; k <= 150; ++k) {
      for (std::size_t c = 0; c < 3; ++c) {
        chains[c]->evaluate(model, nullptr);
        local[c] = config.contour.partition.index(chains[c]->index_energy());
      }
      exchange.gather_indices(local, all);
      theta->update(all, config.contour.sa.at(k));
      for (const auto& chain : chains) chain->tell();
    }
    EXPECT_EQ(allocations.load() - before, 0) << sampler_name(kind);
  }
}

// A run answered by its host (HostedRun, behind sgmc_run_*): once past
// its first rounds, asking, telling and the drivers' shared updates
// (replica swaps, the interacting theta, control points) allocate nothing.
TEST(NoAllocation, HostedRunsAllocateNothingBetweenRounds) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(3, 200), 5.0);
  const auto answer = [&](HostedRun& run, ModelTerms& terms, Index asks) {
    for (Index a = 0; a < asks; ++a) {
      const auto evaluations = run.ask();
      for (std::size_t i = 0; i < evaluations.size(); ++i) {
        const auto& e = evaluations[i];
        model.evaluate({Eigen::Map<const Vec>(e.x, 3), e.batch, e.gradient, e.chain, nullptr,
                        nullptr},
                       terms);
        run.tell(static_cast<Index>(i), terms.batch_energy,
                 {terms.batch_grad.data(), 3}, terms.prior_energy, {terms.prior_grad.data(), 3});
      }
    }
  };
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kResgld, SamplerKind::kIcsgld}) {
    SamplerConfig config;
    config.kind = kind;
    config.batch_size = 16;
    config.resgld.temperature_max = 4.0;
    config.contour.partition = {20, 0.0, 50.0};
    config.contour.vr_period = 4;
    const RunConfig run_config{3, 1, 1000, 7};
    HostedRun run(std::make_unique<sgmc::Run>(
        make_driver({3, 200}, config, {5000, 0, 1}, run_config, Vec::Zero(3), false), 5000,
        run_config));
    Vec batch_grad = Vec::Zero(3), prior_grad = Vec::Zero(3);
    ModelTerms terms{0.0, 0.0, batch_grad, prior_grad};
    answer(run, terms, 30);
    const long before = allocations.load();
    answer(run, terms, 500);  // within the first round of 1000 iterations
    EXPECT_EQ(allocations.load() - before, 0) << sampler_name(kind);
  }
}

// The built-in models with data: the MLP's workspace grows on the first
// evaluation only.
TEST(NoAllocation, StepsOnTheModelsWithDataAllocateNothing) {
  const Eigen::MatrixXd a = Eigen::MatrixXd::Random(500, 6);
  std::vector<double> features(a.size()), labels(500), responses(500);
  for (Index i = 0; i < 500; ++i) {
    for (Index j = 0; j < 6; ++j) features[static_cast<std::size_t>(i * 6 + j)] = a(i, j);
    labels[static_cast<std::size_t>(i)] = a(i, 0) > 0 ? 1.0 : 0.0;
    responses[static_cast<std::size_t>(i)] = a(i, 1) + a(i, 2);
  }
  const auto classes = Dataset::borrow(500, 6, features.data(), labels.data());
  const auto reals = Dataset::borrow(500, 6, features.data(), responses.data());
  const LogisticRegression logistic(classes, 1.0);
  const LinearRegression linear(reals, 1.0, 0.0, 1.0);
  const Mlp classifier(classes, 8, MlpOutput::kSoftmax, 2, 1.0, 0.0);
  const Mlp regression(reals, 8, MlpOutput::kGaussian, 0, 1.0, 0.5);
  // On float32 features the MLP computes in float: its other workspace.
  const Mlp classifier32(Dataset::with_float32_features(classes), 8, MlpOutput::kSoftmax, 2, 1.0, 0.0);
  // No intercept, flat coefficients and a half-Cauchy sigma: the other path.
  const LinearRegression linear_priors(
      reals, LinearPriors{false, CoefPrior::kFlat, 1.0, NoisePrior::kHalfCauchy, 2.5});
  for (const Model* model : {static_cast<const Model*>(&logistic), static_cast<const Model*>(&linear),
                             static_cast<const Model*>(&linear_priors),
                             static_cast<const Model*>(&classifier),
                             static_cast<const Model*>(&regression),
                             static_cast<const Model*>(&classifier32)}) {
    SamplerConfig config;
    config.schedule.step_size = 1e-4;
    config.batch_size = 50;
    Chain chain(config, {200, 10, 3}, model->dim(), model->data_size(), Vec::Zero(model->dim()),
                {7, 0});
    const auto workspace = model->make_workspace();
    chain.advance(*model, workspace.get());
    const long before = allocations.load();
    for (int s = 0; s < 150; ++s) chain.advance(*model, workspace.get());
    EXPECT_EQ(allocations.load() - before, 0) << "d " << model->dim();
  }
}

// An MLP whose matrix products are past Eigen's stack limit (128 KiB of
// packed blocks): its workspace owns their buffers.
TEST(NoAllocation, StepsOfALargeMlpCallNoMalloc) {
#ifndef SGMC_COUNTS_MALLOC
  GTEST_SKIP() << "malloc is not counted here";
#else
  const Index n = 2000, p = 64;
  const Eigen::MatrixXd a = Eigen::MatrixXd::Random(n, p);
  std::vector<double> features(a.size()), labels(static_cast<std::size_t>(n));
  Eigen::Map<RowMatrix>(features.data(), n, p) = a;
  for (Index i = 0; i < n; ++i) labels[static_cast<std::size_t>(i)] = static_cast<double>(i % 10);
  const auto data = Dataset::borrow(n, p, features.data(), labels.data());
  // In double, and in float on float32 features.
  for (const auto& table : {data, Dataset::with_float32_features(data)}) {
    const Mlp model(table, 100, MlpOutput::kSoftmax, 10, 1.0, 0.0);
    SamplerConfig config;
    config.schedule.step_size = 1e-6;
    config.batch_size = 1000;
    Chain chain(config, {20, 0, 1}, model.dim(), model.data_size(), Vec::Zero(model.dim()), {7, 0});
    const auto workspace = model.make_workspace();
    chain.advance(model, workspace.get());
    const long before = mallocs.load();
    for (int s = 0; s < 5; ++s) chain.advance(model, workspace.get());
    EXPECT_EQ(mallocs.load() - before, 0) << (table->float32_features() ? "float" : "double");
  }
#endif
}

TEST(NoAllocation, MhbtStepsAndAdjustmentPhasesAllocateNothing) {
  testing::QuadraticDataModel model(Eigen::MatrixXd::Random(700, 300), 5.0);
  for (const auto proposal : {MhbtProposal::kRandomWalk, MhbtProposal::kSgld, MhbtProposal::kRsgld}) {
    SamplerConfig config;
    config.kind = SamplerKind::kMhbt;
    config.batch_size = 100;  // epochs of 3 iterations
    config.schedule.step_size = 1e-6;
    config.mhbt.proposal = proposal;
    config.mhbt.adaptive_beta = proposal == MhbtProposal::kRsgld;
    config.mhbt.forward_prob = 0.9;
    config.mhbt.c_n = 1e-3;  // hot enough for the acceptance that starts adjustment phases
    Chain chain(config, {200, 10, 3}, model.dim(), model.data_size(), Vec::Zero(model.dim()),
                {7, 0});
    chain.advance(model, nullptr);
    const long before = allocations.load();
    for (int s = 0; s < 150; ++s) chain.advance(model, nullptr);
    EXPECT_EQ(allocations.load() - before, 0) << proposal_name(proposal);
    if (config.mhbt.adaptive_beta) {  // adjustment phases have run
      EXPECT_LT(dynamic_cast<const Mhbt&>(chain.kernel()).beta(), config.mhbt.beta_start);
    }
  }
}

// Rejected faults of the model (docs/faults.md): a NaN energy or an
// infinite gradient is caught, counted and retried on a fresh batch without
// allocating (a model that throws allocates its exception; that path is not
// measured). The FaultyModel's workspace is made before the count starts.
TEST(NoAllocation, RejectedFaultsAllocateNothing) {
  const testing::QuadraticDataModel data(Eigen::MatrixXd::Random(50, 300), 5.0);
  std::vector<testing::InjectedFault> faults;
  for (Index e = 3; e < 600; e += 5) {  // never every evaluation of a retry
    faults.push_back({0, e, e % 2 == 0 ? testing::Inject::kNanEnergy : testing::Inject::kInfGradient});
  }
  const testing::FaultyModel model(data, faults);
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc,
                          SamplerKind::kCsgld, SamplerKind::kMhbt}) {
    SamplerConfig config;
    config.kind = kind;
    config.batch_size = 32;
    config.schedule.step_size = kind == SamplerKind::kMhbt ? 1e-6 : 1e-4;
    config.contour.vr_period = kind == SamplerKind::kCsgld ? 4 : 0;  // control-point faults too
    config.faults = {true, 5};
    Chain chain(config, {200, 10, 3}, model.dim(), model.data_size(), Vec::Zero(model.dim()),
                {7, 0});
    const auto workspace = model.make_workspace();
    chain.advance(model, workspace.get());
    const long before = allocations.load();
    for (int s = 0; s < 150; ++s) chain.advance(model, workspace.get());
    EXPECT_EQ(allocations.load() - before, 0) << sampler_name(kind);
    EXPECT_GT(chain.faults(), 30) << sampler_name(kind);
  }
}

}  // namespace
}  // namespace sgmc
