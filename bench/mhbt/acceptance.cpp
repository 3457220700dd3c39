// SPEC §9 experiment 8 (MHBT §2.3, Fig. 1): data y_i ~ N(0, I_d), N = 1e4,
// l_i(x) = -|x - y_i|^2 / (2 c_n) (the tempered target is close to N(0, I_d)),
// batch 1000, c_n = 20, d in {1, 10, 100, 1000}. Mean acceptance over the
// first 2000 iterations from the origin (2 chains) for the SGLD proposal and
// RSGLD with beta = 1 and 2, over learning rates eps = a d^(-1/4) / N.
// Output (stdout, CSV): d,proposal,beta,a,eps,acceptance,forward_acceptance,backward_acceptance
#include <cmath>
#include <cstdio>
#include <random>

#include "models.hpp"
#include "tune.hpp"

namespace sgmc::bench {
namespace {

constexpr Index kData = 10000;
constexpr double kCn = 20.0;
constexpr Index kSteps = 2000;

void run(Index d, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::MatrixXd data(d, kData);
  for (Index j = 0; j < kData; ++j) {
    for (Index i = 0; i < d; ++i) data(i, j) = normal(rng);
  }
  const GaussianDataModel model(std::move(data), 1.0 / kCn, 0.0);
  struct Proposal {
    MhbtProposal kind;
    double beta;
  };
  for (const double a : {1e-3, 1e-2, 1e-1, 1.0, 10.0, 100.0}) {
    const double eps = a * std::pow(static_cast<double>(d), -0.25) / kData;
    for (const Proposal p : {Proposal{MhbtProposal::kSgld, 1.0}, Proposal{MhbtProposal::kRsgld, 1.0},
                             Proposal{MhbtProposal::kRsgld, 2.0}}) {
      SamplerConfig config;
      config.kind = SamplerKind::kMhbt;
      config.batch_size = 1000;
      config.schedule.step_size = eps;
      config.mhbt.proposal = p.kind;
      config.mhbt.c_n = kCn;
      config.mhbt.beta = p.beta;
      const auto result = sample(model, config, {kSteps, kSteps - 1, 1}, {2, 0, kSteps, 8},
                                 Vec::Zero(d), nullptr);
      result.outcome.throw_if_fault();
      double forward = 0, forward_accepted = 0, all = 0, accepted = 0;
      for (const auto& chain : result.chains) {
        const auto& s = dynamic_cast<const Mhbt&>(chain->kernel()).stats();
        forward += static_cast<double>(s.forward_proposed);
        forward_accepted += static_cast<double>(s.forward_accepted);
        all += static_cast<double>(s.proposed);
        accepted += static_cast<double>(s.accepted);
      }
      const double backward = all - forward;
      std::printf("%lld,%s,%g,%g,%.4e,%.4f,%.4f,%.4f\n", static_cast<long long>(d),
                  std::string(proposal_name(p.kind)).c_str(), p.beta, a, eps, accepted / all,
                  forward_accepted / forward,
                  backward > 0 ? (accepted - forward_accepted) / backward : NAN);
      std::fflush(stdout);
    }
  }
}

}  // namespace
}  // namespace sgmc::bench

int main() {
  std::mt19937_64 rng(8);
  std::printf("d,proposal,beta,a,eps,acceptance,forward_acceptance,backward_acceptance\n");
  for (const sgmc::Index d : {1, 10, 100, 1000}) sgmc::bench::run(d, rng);
}
