// SPEC §9 experiment 10 (MHBT §3.2 analogue): the 64-100-10 tanh softmax
// MLP on the 8x8 digits (digits_mlp.hpp). Methods over a log grid of
// learning rates, several rounds (seeds) each:
//   - SGD: "sgld" at temperature 0, predicting with its final iterate;
//   - SGLD: "sgld";
//   - RSGLD: "mhbt" with the "rsgld" proposal as MHBT §3.2 ran it: beta
//     adapted per epoch from a large start (SPEC §7, default 1000), c_n
//     around the batch size (100; the paper found 50 and 200 "very
//     similar"), SPEC's exact proposal density;
//   - RSGLD-authors: the same with the authors' script's density, without
//     the backward component's -d log beta (MhbtSettings::exact_density),
//     to show what the paper's result rests on;
// the samplers predicting with the posterior-mean predictive (class
// probabilities averaged over the draws recorded in the second half).
//
// The learning rate lr is on the scale of the mean loss, as SGD on a mean
// loss takes it: MHBT's eps already is (its drift is eps times the mean
// log-likelihood gradient), SGD and SGLD move by eps grad U_hat with U_hat
// the full-data scale energy, so they run at eps = lr / N.
//
// Output CSV (--out): method, c_n, lr, seed, test_error, acceptance,
// forward_acceptance, backward_acceptance, final_beta (RSGLD; empty
// otherwise), diverged (1 when the run stopped on a non-finite energy; its
// error is then counted as 0.9, chance), seconds. With --beta-out, RSGLD's
// beta and acceptance at the end of every epoch.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "../common/bench_io.hpp"
#include "digits_mlp.hpp"
#include "sgmc/chain/chain.hpp"
#include "sgmc/core/error.hpp"
#include "sgmc/samplers/mhbt.hpp"

namespace sgmc::bench {
namespace {

struct Method {
  std::string name;
  SamplerConfig config;
  bool final_iterate;  ///< predict with the last iterate (SGD), not the draws
};

Method method(const std::string& name, double lr, double c_n, Index n) {
  SamplerConfig config;
  config.batch_size = kBatch;
  config.schedule.step_size = lr / static_cast<double>(n);
  if (name == "SGD") {
    config.temperature = 0.0;
    return {name, config, true};
  }
  if (name == "SGLD") return {name, config, false};
  config.kind = SamplerKind::kMhbt;
  config.schedule.step_size = lr;
  config.mhbt.proposal = MhbtProposal::kRsgld;
  config.mhbt.c_n = c_n;
  config.mhbt.adaptive_beta = true;
  config.mhbt.exact_density = name == "RSGLD";
  return {name, config, false};
}

struct Rates {
  double all, forward, backward;
};

Rates rates(const MhbtStats& s) {
  const auto ratio = [](Index a, Index b) {
    return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
  };
  return {ratio(s.accepted, s.proposed), ratio(s.forward_accepted, s.forward_proposed),
          ratio(s.accepted - s.forward_accepted, s.proposed - s.forward_proposed)};
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc;
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"SPEC §9 experiment 10: MLP test error vs learning rate on the 8x8 digits"};
  BenchIo io;
  Index epochs = 100, seeds = 10, hidden = 100;
  std::vector<double> rates_grid{0.01, 0.1, 1.0, 3.0, 10.0, 30.0, 100.0};
  std::vector<double> c_ns{50.0, 100.0, 200.0};
  std::vector<std::string> methods{"SGD", "SGLD", "RSGLD", "RSGLD-authors"};
  std::string beta_path;
  io.add_options(app);
  app.option("--epochs", epochs, "passes over the training rows per run");
  app.option("--seeds", seeds, "rounds (seeds) per method and learning rate");
  app.option("--rates", rates_grid, "learning rates (mean-loss scale)");
  app.option("--c-n", c_ns, "RSGLD's c_n values (RSGLD-authors runs the middle one)");
  app.option("--methods", methods, "of SGD SGLD RSGLD RSGLD-authors");
  app.option("--hidden", hidden, "hidden units");
  app.option("--beta-out", beta_path, "CSV of RSGLD's beta per epoch");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;

  try {
    const DigitsMlp digits(io.data_dir, hidden);
    const Mlp& model = digits.model;
    const Index n = model.data_size();
    const Index epoch = (n + kBatch - 1) / kBatch;
    const Index steps = epochs * epoch;
    // The second half of the run, 50 draws: enough for the predictive mean.
    const RecordPolicy record{steps, steps / 2, std::max<Index>(1, steps / 100)};
    const auto workspace = model.make_workspace();

    std::ostream& out = io.out();
    std::ofstream betas;
    if (!beta_path.empty()) {
      betas.open(beta_path);
      betas << "method,c_n,lr,seed,epoch,beta,acceptance\n";
    }
    out << "method,c_n,lr,seed,test_error,acceptance,forward_acceptance,backward_acceptance,"
           "final_beta,diverged,seconds\n";
    for (const std::string& name : methods) {
      const bool rsgld = name.rfind("RSGLD", 0) == 0;
      std::vector<double> c_values{0.0};
      if (name == "RSGLD") c_values = c_ns;
      if (name == "RSGLD-authors") c_values = {c_ns[c_ns.size() / 2]};
      for (const double c_n : c_values) {
        for (const double lr : rates_grid) {
          for (Index seed = 1; seed <= seeds; ++seed) {
            const Method m = method(name, lr, c_n, n);
            const auto start = std::chrono::steady_clock::now();
            double error = 0.9;
            bool diverged = false;
            Chain chain(m.config, record, model.dim(), n, digits.start(static_cast<std::uint64_t>(seed)),
                        {static_cast<std::uint64_t>(seed), 0});
            const auto* mhbt = dynamic_cast<const Mhbt*>(&chain.kernel());
            try {
              for (Index e = 1; e <= epochs; ++e) {
                const MhbtStats before = mhbt ? mhbt->stats() : MhbtStats{};
                for (Index s = 0; s < epoch; ++s) chain.advance(model, workspace.get());
                if (mhbt && betas.is_open()) {
                  const MhbtStats& now = mhbt->stats();
                  betas << name << ',' << c_n << ',' << lr << ',' << seed << ',' << e << ','
                        << now.beta << ','
                        << static_cast<double>(now.accepted - before.accepted) /
                               static_cast<double>(now.proposed - before.proposed)
                        << '\n';
                }
              }
              error = m.final_iterate ? digits.test_error(chain.position())
                                      : digits.test_error(chain.draws().draws());
            } catch (const Error& e) {
              if (e.kind() != ErrorKind::kNonFinite) throw;
              diverged = true;
            }
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            char line[320];
            if (rsgld) {
              const Rates r = rates(mhbt->stats());
              std::snprintf(line, sizeof line, "%s,%g,%g,%lld,%.4f,%.4f,%.4f,%.4f,%.4g,%d,%.2f\n",
                            name.c_str(), c_n, lr, static_cast<long long>(seed), error, r.all,
                            r.forward, r.backward, mhbt->stats().beta, diverged ? 1 : 0, seconds);
            } else {
              std::snprintf(line, sizeof line, "%s,,%g,%lld,%.4f,,,,,%d,%.2f\n", name.c_str(), lr,
                            static_cast<long long>(seed), error, diverged ? 1 : 0, seconds);
            }
            out << line;
            out.flush();
          }
        }
      }
    }
  } catch (const std::exception& e) {
    std::cerr << "mlp_digits: " << e.what() << "\n";
    return 1;
  }
}
