// Why RSGLD accepts what it accepts on the digits MLP (SPEC §9 experiment
// 10): the terms of its log acceptance ratio (SPEC §7, MHBT eq. 8)
//   log r = log q_J(x' -> x) - log q_I(x -> x') + c_n (mu_J(x') - mu_I(x))
// measured on proposals from two states (the starting weights, and SGD's
// after 100 epochs at lr = 1), per learning rate, beta and direction:
//   - gain: c_n (mu_J(x') - mu_I(x)), the tempered change of the target;
//   - mismatch / noise: the reverse move lands on x through the backward
//     component of q_J(x' -> .) (the forward one is beta^2 d / 2 away); its
//     exponent is |m - z|^2 / 2 with the drift mismatch
//     m = eps |g_J(x') - g_I(x)| / (beta sigma) after a forward proposal and
//     eps |g_J(x') + g_I(x)| / (beta sigma) after a backward one, against
//     the noise |z| ~ sqrt(d) (/ beta after a forward proposal);
//   - the mean acceptance probability min(1, r) with SPEC's exact density
//     and with the authors' script's (without the backward component's
//     -d log beta, MhbtSettings::exact_density).
// Prints a markdown table (medians over the proposals).
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

#include "../common/bench_io.hpp"
#include "digits_mlp.hpp"
#include "sgmc/chain/chain.hpp"
#include "sgmc/samplers/mhbt_proposals.hpp"

namespace sgmc::bench {
namespace {

/// mu_I(x) = -U_hat_I(x) / N and g_I(x) = grad mu_I(x) (SPEC §7).
struct MeanLogLik {
  double mu;
  Vec g;
};

MeanLogLik mean_log_lik(const Mlp& model, ModelWorkspace* ws, ConstVecRef x,
                        std::span<const Index> batch) {
  const Index d = model.dim();
  const double n_data = static_cast<double>(model.data_size());
  const double scale = n_data / static_cast<double>(batch.size());
  Vec batch_grad(d), prior_grad(d);
  ModelTerms t{0.0, 0.0, batch_grad, prior_grad};
  model.evaluate({x, batch, true, 0, nullptr, ws}, t);
  return {-(t.prior_energy + scale * t.batch_energy) / n_data,
          -(prior_grad + scale * batch_grad) / n_data};
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

double mean(const std::vector<double>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

}  // namespace
}  // namespace sgmc::bench

int main(int argc, char** argv) {
  using namespace sgmc;
  using namespace sgmc::bench;
  sgmc::bench::CommandLine app{"The terms of RSGLD's acceptance ratio on the digits MLP"};
  BenchIo io;
  Index proposals = 100, train_epochs = 100;
  double c_n = 100.0;
  std::vector<double> lrs{0.01, 0.1, 1.0, 10.0}, betas{1.0, 1000.0};
  io.add_options(app);
  app.option("--proposals", proposals, "proposals per state, lr, beta and direction");
  app.option("--train-epochs", train_epochs, "SGD epochs (lr = 1) to the trained state");
  app.option("--rates", lrs, "learning rates");
  app.option("--betas", betas, "beta values");
  app.option("--c-n", c_n, "c_n");
  if (const auto exit_code = app.parse(argc, argv)) return *exit_code;

  const DigitsMlp digits(io.data_dir, 100);
  const Mlp& model = digits.model;
  const Index d = model.dim(), n_data = model.data_size();
  const auto ws = model.make_workspace();

  SamplerConfig sgd;
  sgd.batch_size = kBatch;
  sgd.temperature = 0.0;
  sgd.schedule.step_size = 1.0 / static_cast<double>(n_data);
  const Index epoch = (n_data + kBatch - 1) / kBatch;
  Chain trainer(sgd, {train_epochs * epoch, train_epochs * epoch - 1, 1}, d, n_data,
                digits.start(1), {1, 0});
  for (Index s = 0; s < train_epochs * epoch; ++s) trainer.advance(model, ws.get());
  const struct {
    const char* name;
    Vec x;
  } states[] = {{"start", digits.start(1)}, {"SGD-trained", Vec(trainer.position())}};
  std::printf("state test errors: start %.3f, SGD-trained %.3f; d = %lld, N = %lld, c_n = %g\n\n",
              digits.test_error(states[0].x), digits.test_error(states[1].x),
              static_cast<long long>(d), static_cast<long long>(n_data), c_n);

  std::mt19937_64 rng(11);
  NormalSource normal(Rng{12});
  std::vector<Index> all(static_cast<std::size_t>(n_data));
  std::iota(all.begin(), all.end(), Index{0});
  std::vector<Index> batch_i(kBatch), batch_j(kBatch);
  Vec z(d);

  io.out() << "| state | lr | beta | direction | median gain | median mismatch | noise | d log beta |"
              " acceptance (exact) | acceptance (authors) |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& state : states) {
    for (const double lr : lrs) {
      const double sigma = std::sqrt(2.0 * lr) / static_cast<double>(n_data);
      const GradientProposalDensity exact{sigma, 0.5, d, true}, authors{sigma, 0.5, d, false};
      for (const double beta : betas) {
        for (const bool forward : {true, false}) {
          std::vector<double> gain, mismatch, noise, accept_exact, accept_authors;
          for (Index k = 0; k < proposals; ++k) {
            std::sample(all.begin(), all.end(), batch_i.begin(), kBatch, rng);
            std::sample(all.begin(), all.end(), batch_j.begin(), kBatch, rng);
            const MeanLogLik here = mean_log_lik(model, ws.get(), state.x, batch_i);
            normal.fill(z.data(), d);
            const Vec step = forward ? Vec(lr * here.g + sigma * z) : Vec(-lr * here.g + beta * sigma * z);
            const Vec xp = state.x + step;
            const MeanLogLik there = mean_log_lik(model, ws.get(), xp, batch_j);
            const ProposalDistances out{(step - lr * here.g).squaredNorm(),
                                        (step + lr * here.g).squaredNorm()};
            const ProposalDistances back{(-step - lr * there.g).squaredNorm(),
                                         (-step + lr * there.g).squaredNorm()};
            const double g = c_n * (there.mu - here.mu);
            gain.push_back(g);
            const Vec drift = forward ? Vec(there.g - here.g) : Vec(there.g + here.g);
            mismatch.push_back(lr * drift.norm() / (beta * sigma));
            noise.push_back(forward ? z.norm() / beta : z.norm());
            accept_exact.push_back(
                std::exp(std::min(0.0, exact.log_q(back, beta) - exact.log_q(out, beta) + g)));
            accept_authors.push_back(
                std::exp(std::min(0.0, authors.log_q(back, beta) - authors.log_q(out, beta) + g)));
          }
          char line[400];
          std::snprintf(line, sizeof line,
                        "| %s | %g | %g | %s | %.3g | %.3g | %.3g | %.3g | %.3f | %.3f |\n",
                        state.name, lr, beta, forward ? "forward" : "backward", median(gain),
                        median(mismatch), median(noise), static_cast<double>(d) * std::log(beta),
                        mean(accept_exact), mean(accept_authors));
          io.out() << line;
        }
      }
    }
  }
}
