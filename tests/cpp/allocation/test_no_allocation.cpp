// A step never allocates (STYLE.md "Inside the engine"): this test binary
// replaces the global allocator with a counting one and steps chains of
// every sampler, with and without data, with and without injected noise.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "sgmc/chain/chain.hpp"
#include "support/toy_models.hpp"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace sgmc {
namespace {

TEST(NoAllocation, StepsOfEverySamplerAllocateNothing) {
  testing::QuadraticDataModel data_model(Eigen::MatrixXd::Random(700, 300), 5.0);
  testing::QuadraticDataModel free_model(Eigen::MatrixXd::Zero(700, 0), 5.0);
  for (const auto kind : {SamplerKind::kSgld, SamplerKind::kPsgld, SamplerKind::kSghmc}) {
    for (const double tau : {1.0, 0.0}) {
      for (const Model* model : {static_cast<const Model*>(&data_model),
                                 static_cast<const Model*>(&free_model)}) {
        SamplerConfig config;
        config.kind = kind;
        config.temperature = tau;
        config.batch_size = model->data_size() > 0 ? 32 : 0;
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

}  // namespace
}  // namespace sgmc
