// What one engine step costs next to the model's own evaluation: a chain of
// each sampler on a model with data (U_i(x) = |x - y_i|^2 / 2, batch of 32),
// timed per step, against the same evaluations made directly. The difference
// is the engine's overhead: forming the stochastic estimates, checking them,
// recording, and the move with its noise.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "sgmc/chain/chain.hpp"

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
double ns_per_step(Step&& step, int steps) {
  std::vector<double> timings;
  for (int rep = 0; rep < 7; ++rep) {
    const auto start = clock_type::now();
    for (int s = 0; s < steps; ++s) step();
    timings.push_back(std::chrono::duration<double, std::nano>(clock_type::now() - start).count() / steps);
  }
  std::nth_element(timings.begin(), timings.begin() + 3, timings.end());
  return timings[3];
}

}  // namespace

int main() {
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
}
