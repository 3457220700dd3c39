// SPEC §9 experiment 1 (CSGLD §4.1) at full length: mix1d, tau = 1,
// eps = 0.1, omega_k = 1/(k^0.6 + 100), m = 50, du = 1, u1 = 2, zeta = 0.75,
// noise sd 0.1 on energy and gradient, x0 = 0, 10 independent chains
// (chain c has the random streams of (seed, c): "10 seeds").
// Writes theta.csv (estimated theta against the energy pdf, du = 1 and a
// finer du) and curves.csv (error of the running estimate of E x = 0 for
// SGLD, CSGLD with interpolated and bin weights, KSGLD with the true theta),
// and prints the final numbers and wall times.
//
// Usage: bench_contour_mix1d [n_steps = 1e7] [n_chains = 10] [out_dir = .]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "sgmc/drivers/driver.hpp"
#include "sgmc/models/synthetic.hpp"

namespace {

using sgmc::Index;
using sgmc::Vec;

constexpr Index kKept = 100000;  // draws kept per chain (the rest thinned away)

sgmc::ContourSettings partition(double du, double u1) {
  sgmc::ContourSettings s;
  s.partition = {static_cast<Index>(std::lround(50.0 / du)), u1, du};
  s.zeta = 0.75;
  return s;  // SA schedule: the default 1/(k^0.6 + 100)
}

/// theta_inf(i) = ∫_{X_i} pi(x) dx (midpoint rule, h = 1e-5 on [-20, 20]).
Vec energy_pdf(const sgmc::SyntheticTarget& target, const sgmc::Partition& p) {
  Vec pdf = Vec::Zero(p.m);
  const double h = 1e-5;
  for (double x = -20 + h / 2; x < 20; x += h) {
    const double u = target.exact_energy(Vec::Constant(1, x));
    pdf[p.index(u)] += std::exp(-u) * h;
  }
  return pdf;
}

struct Run {
  sgmc::SampleResult result;
  double seconds;
};

Run run(const sgmc::Model& model, sgmc::SamplerKind kind, const sgmc::ContourSettings& contour,
        Index n_steps, Index chains) {
  sgmc::SamplerConfig config;
  config.kind = kind;
  config.schedule.step_size = 0.1;
  config.contour = contour;
  const auto start = std::chrono::steady_clock::now();
  auto result = sgmc::sample(model, config, {n_steps, 0, std::max<Index>(1, n_steps / kKept)},
                             {chains, 0, n_steps, 20210101}, Vec::Zero(1), nullptr);
  result.outcome.throw_if_fault();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  return {std::move(result), took.count()};
}

/// The running self-normalised estimate of E x after each kept draw
/// (log-sum-exp kept online so that no weight overflows).
Vec running_mean(sgmc::ConstVecRef x, sgmc::ConstVecRef log_w) {
  Vec out(x.size());
  double top = -INFINITY, sw = 0, swx = 0;
  for (Index i = 0; i < x.size(); ++i) {
    if (log_w[i] > top) {
      const double rescale = std::exp(top - log_w[i]);
      sw *= rescale;
      swx *= rescale;
      top = log_w[i];
    }
    const double w = std::exp(log_w[i] - top);
    sw += w;
    swx += w * x[i];
    out[i] = swx / sw;
  }
  return out;
}

/// Writes the mean absolute and root-mean-square error over chains of the
/// running estimates at ~60 log-spaced iterations.
void write_curve(std::ofstream& csv, const std::string& name, const std::vector<Vec>& estimates,
                 Index n_steps) {
  const Index n = estimates.front().size();
  Index last = -1;
  for (int t = 0; t <= 60; ++t) {
    const Index i = std::min<Index>(n - 1, static_cast<Index>(std::pow(n, t / 60.0)) - 1);
    if (i <= last) continue;
    last = i;
    double abs = 0, sq = 0;
    for (const auto& e : estimates) {
      abs += std::abs(e[i]);
      sq += e[i] * e[i];
    }
    const double c = static_cast<double>(estimates.size());
    csv << name << ',' << (i + 1) * (n_steps / n) << ',' << abs / c << ',' << std::sqrt(sq / c)
        << '\n';
  }
}

struct Final {
  double mean = 0;
  double sd = 0;
};
Final spread(const std::vector<double>& v) {
  Final f;
  for (const double x : v) f.mean += x / static_cast<double>(v.size());
  for (const double x : v) f.sd += (x - f.mean) * (x - f.mean) / static_cast<double>(v.size() - 1);
  f.sd = std::sqrt(f.sd);
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  const Index n_steps = argc > 1 ? static_cast<Index>(std::atof(argv[1])) : 10000000;
  const Index chains = argc > 2 ? std::atoll(argv[2]) : 10;
  const std::string out = argc > 3 ? argv[3] : ".";
  const auto target = sgmc::make_synthetic_target("mix1d", {0.1, 0.1});
  std::ofstream theta_csv(out + "/theta.csv"), curve_csv(out + "/curves.csv");
  theta_csv << "du,u1,bin,upper_energy,truth,theta_mean,theta_sd\n";
  curve_csv << "estimator,iteration,mean_abs_error,rmse\n";
  std::printf("mix1d, %lld iterations x %lld chains, final estimates of E x = 0 (mean, sd over chains)\n",
              static_cast<long long>(n_steps), static_cast<long long>(chains));
  std::printf("%-34s %10s %10s %10s %12s\n", "estimator", "mean", "sd", "|mean| avg", "wall s");

  auto report = [&](const std::string& name, const std::vector<Vec>& estimates, double seconds) {
    std::vector<double> finals, abs;
    for (const auto& e : estimates) {
      finals.push_back(e[e.size() - 1]);
      abs.push_back(std::abs(e[e.size() - 1]));
    }
    const Final f = spread(finals);
    std::printf("%-34s %10.4f %10.4f %10.4f %12.1f\n", name.c_str(), f.mean, f.sd,
                spread(abs).mean, seconds);
    write_curve(curve_csv, name, estimates, n_steps);
  };

  // SGLD: unweighted.
  {
    const auto r = run(*target, sgmc::SamplerKind::kSgld, partition(1.0, 2.0), n_steps, chains);
    std::vector<Vec> est;
    for (const auto& c : r.result.chains) {
      est.push_back(running_mean(c->draws().draws().row(0).transpose(),
                                 Vec::Zero(c->draws().size())));
    }
    report("sgld", est, r.seconds);
  }
  // CSGLD at du = 1 and a finer du (with u1 = 2, and with u1 = 1.5 just
  // above the minimum energy 1.43); KSGLD with the true theta at du = 1.
  for (const auto& [du, u1] : {std::pair{1.0, 2.0}, std::pair{0.25, 2.0}, std::pair{0.25, 1.5}}) {
    const auto settings = partition(du, u1);
    const auto r = run(*target, sgmc::SamplerKind::kCsgld, settings, n_steps, chains);
    const Vec truth = energy_pdf(*target, settings.partition);
    Eigen::MatrixXd thetas(settings.partition.m, static_cast<Index>(r.result.chains.size()));
    for (std::size_t c = 0; c < r.result.chains.size(); ++c) {
      thetas.col(static_cast<Index>(c)) = r.result.chains[c]->contour()->theta().values();
    }
    for (Index i = 0; i < settings.partition.m; ++i) {
      const auto row = thetas.row(i);
      const double mean = row.mean();
      const double sd = std::sqrt((row.array() - mean).square().sum() / static_cast<double>(row.size() - 1));
      theta_csv << du << ',' << u1 << ',' << i + 1 << ',' << settings.partition.knot(i) << ',' << truth[i] << ','
                << mean << ',' << sd << '\n';
    }
    Index worst = 0;
    const double gap = (thetas.rowwise().mean() - truth).cwiseAbs().maxCoeff(&worst);
    std::printf("  theta at du = %g, u1 = %g: max |theta - energy pdf| = %.4f in subregion %lld\n",
                du, u1, gap,
                static_cast<long long>(worst + 1));
    for (const auto kind : {sgmc::WeightKind::kInterpolated, sgmc::WeightKind::kBin}) {
      std::vector<Vec> est;
      for (const auto& c : r.result.chains) {
        est.push_back(running_mean(c->draws().draws().row(0).transpose(),
                                   c->contour()->trace().log_weights(kind)));
      }
      const std::string name = std::string("csgld du=") + (du == 1.0 ? "1" : "0.25") +
                               (u1 == 2.0 ? "" : " u1=1.5") +
                               (kind == sgmc::WeightKind::kBin ? " bin" : " interpolated");
      report(name, est, r.seconds);
    }
    if (du != 1.0) continue;
    auto known = settings;
    Vec t = truth.cwiseMax(1e-300);
    t /= t.sum();
    known.theta0.assign(t.data(), t.data() + t.size());
    const auto k = run(*target, sgmc::SamplerKind::kKsgld, known, n_steps, chains);
    std::vector<Vec> est;
    for (const auto& c : k.result.chains) {
      est.push_back(running_mean(c->draws().draws().row(0).transpose(),
                                 c->contour()->trace().log_weights(sgmc::WeightKind::kInterpolated)));
    }
    report("ksgld du=1 true theta", est, k.seconds);
  }
  return 0;
}
