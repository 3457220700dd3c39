// What one engine step costs next to the model's own evaluation: a chain of
// each sampler on a model with data (U_i(x) = |x - y_i|^2 / 2, batch of 32),
// timed per step, against the same evaluations made directly. The difference
// is the engine's overhead: forming the stochastic estimates, checking them,
// recording, and the move with its noise. Then the same for a model of
// realistic cost, logistic regression (N = 1e5, p = 50, batch 100), with
// the batch draw timed on its own and counted as engine: overhead = step -
// (model + draw) + draw.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "../common/logistic_data.hpp"
#include "sgmc/chain/chain.hpp"
#include "sgmc/models/logistic_regression.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

/// U_i(x) = |x - y_i|^2 / 2 with y_i the columns of `data`; no prior.
class QuadraticData final : public sgmc::Model {
 public:
  explicit QuadraticData(Eigen::MatrixXd data) : data_(std::move(data)) {}
  sgmc::Index dim() const override { return data_.rows(); }
  sgmc::Index data_size() const override { return data_.cols(); }
  void evaluate(const sgmc::EvalRequest& request, sgmc::ModelTerms& out) const override {
    out.batch_energy = 0.0;
    out.batch_grad.setZero();
    for (const sgmc::Index i : request.batch) {
      out.batch_energy += 0.5 * (request.x - data_.col(i)).squaredNorm();
      out.batch_grad += request.x - data_.col(i);
    }
    out.prior_energy = 0.0;
    out.prior_grad.setZero();
  }

 private:
  Eigen::MatrixXd data_;
};

template <typename Step>
double ns_per_step_once(Step&& step, int steps) {
  const auto start = clock_type::now();
  for (int s = 0; s < steps; ++s) step();
  return std::chrono::duration<double, std::nano>(clock_type::now() - start).count() / steps;
}

/// The thread's CPU time in ns: other jobs on a shared machine do not count.
double thread_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e9 * static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec);
}

template <typename Step>
double cpu_ns_per_step(Step&& step, int steps) {
  const double start = thread_ns();
  for (int s = 0; s < steps; ++s) step();
  return (thread_ns() - start) / steps;
}

double median(std::vector<double> values) {
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

template <typename Step>
double ns_per_step(Step&& step, int steps) {
  std::vector<double> timings;
  for (int rep = 0; rep < 7; ++rep) timings.push_back(ns_per_step_once(step, steps));
  return median(timings);
}

/// The logistic case: the draw, the model on fresh batches and the step,
/// timed in turn over short blocks, in the thread's CPU time; the engine's
/// share is the median over blocks of (step - model) / step, so that each
/// difference is taken between timings made a few milliseconds apart (on a
/// shared machine, the load changes over seconds).
void logistic_overhead() {
  const sgmc::LogisticRegression model(sgmc::bench::logistic_data(100000, 50, 11), 1.0);
  constexpr sgmc::Index kBatch = 100;
  constexpr int kSteps = 2000, kBlocks = 61;
  std::printf("logistic regression N = 1e5, p = 50, batch %lld (engine = step - model; the batch draw is the engine's)\n",
              static_cast<long long>(kBatch));
  std::printf("%-7s %10s %10s %10s %12s %10s\n", "sampler", "draw ns", "model ns", "step ns", "engine ns",
              "engine %");
  for (const auto kind : {sgmc::SamplerKind::kSgld, sgmc::SamplerKind::kPsgld, sgmc::SamplerKind::kSghmc}) {
    sgmc::SamplerConfig config;
    config.kind = kind;
    config.batch_size = kBatch;
    config.schedule.step_size = 1e-5;
    // Every 10th draw recorded after a burn-in of 1000, as a run would.
    sgmc::Chain chain(config, {2 * kBlocks * kSteps, 1000, 10}, model.dim(), model.data_size(),
                      sgmc::Vec::Zero(model.dim()), {1, 0});
    sgmc::BatchSelector batches(model.data_size(), kBatch);
    sgmc::Rng rng(7);
    const auto draw = [&] { batches.next(rng); };
    const auto evaluate = [&] {
      batches.next(rng);
      const sgmc::EvalRequest request{chain.query(), batches.current(), true, 0, nullptr, nullptr};
      model.evaluate(request, chain.terms());
    };
    const auto step = [&] { chain.advance(model, nullptr); };
    std::vector<double> draw_ns, model_ns, step_ns, engine_ns, share;
    cpu_ns_per_step(step, kSteps);  // warm-up
    for (int block = 0; block < kBlocks; ++block) {
      draw_ns.push_back(cpu_ns_per_step(draw, kSteps));
      model_ns.push_back(cpu_ns_per_step(evaluate, kSteps) - draw_ns.back());
      step_ns.push_back(cpu_ns_per_step(step, kSteps));
      engine_ns.push_back(step_ns.back() - model_ns.back());
      share.push_back(engine_ns.back() / step_ns.back());
    }
    std::printf("%-7s %10.1f %10.1f %10.1f %12.1f %9.1f%%\n", std::string(sgmc::sampler_name(kind)).c_str(),
                median(draw_ns), median(model_ns), median(step_ns), median(engine_ns), 100.0 * median(share));
  }
}

}  // namespace

/// With the argument "logistic", the logistic case alone.
int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "logistic") {
    logistic_overhead();
    return 0;
  }
  std::printf("%-7s %8s %14s %14s %14s %10s\n", "sampler", "d", "model ns", "step ns", "overhead ns",
              "overhead %");
  for (const sgmc::Index d : {10, 1000, 100000}) {
    const QuadraticData model(Eigen::MatrixXd::Random(d, 256));
    const int steps = static_cast<int>(std::max<sgmc::Index>(200, 20000000 / (32 * d)));
    for (const auto kind : {sgmc::SamplerKind::kSgld, sgmc::SamplerKind::kPsgld, sgmc::SamplerKind::kSghmc}) {
      sgmc::SamplerConfig config;
      config.kind = kind;
      config.batch_size = 32;
      config.schedule.step_size = 1e-4;
      sgmc::Chain chain(config, {8 * steps + 1, 0, 8 * steps}, d, model.data_size(),
                        sgmc::Vec::Zero(d), {1, 0});
      // The same evaluations without the engine, at the chain's point on
      // fresh batches (so both touch the data alike).
      sgmc::BatchSelector batches(model.data_size(), 32);
      sgmc::Rng rng(7);
      const double model_ns = ns_per_step([&] {
        batches.next(rng);
        const sgmc::EvalRequest request{chain.query(), batches.current(), true, 0, nullptr, nullptr};
        model.evaluate(request, chain.terms());
      }, steps);
      const double step_ns = ns_per_step([&] { chain.advance(model, nullptr); }, steps);
      std::printf("%-7s %8lld %14.1f %14.1f %14.1f %9.1f%%\n",
                  std::string(sgmc::sampler_name(kind)).c_str(), static_cast<long long>(d), model_ns,
                  step_ns, step_ns - model_ns, 100.0 * (step_ns - model_ns) / step_ns);
    }
  }
  std::printf("\n");
  logistic_overhead();
}
