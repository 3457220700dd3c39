// The data models of the MHBT experiments (SPEC §9, experiments 6-8), local to
// the benchmark.
#pragma once

#include <cmath>
#include <numbers>

#include "sgmc/models/model.hpp"

namespace sgmc::bench {

/// U_i(x) = scale |x - y_i|^2 / 2 for data y_i (columns of `data`) and the
/// prior U0(x) = prior_precision |x|^2 / 2 (0: a flat prior).
/// Experiment 6: scale 1, prior N(0, I). Experiment 8: scale 1/c_n, flat.
class GaussianDataModel final : public Model {
 public:
  GaussianDataModel(Eigen::MatrixXd data, double scale, double prior_precision)
      : data_(std::move(data)), scale_(scale), prior_precision_(prior_precision) {}

  Index dim() const override { return data_.rows(); }
  Index data_size() const override { return data_.cols(); }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    // sum_i |x - y_i|^2 = n |x|^2 - 2 x'sum y_i + sum |y_i|^2: one pass over the batch.
    out.batch_grad.setZero();  // holds sum_i y_i until the end
    double sum_sq = 0.0;
    for (const Index i : request.batch) {
      out.batch_grad += data_.col(i);
      sum_sq += data_.col(i).squaredNorm();
    }
    const double n = static_cast<double>(request.batch.size());
    const double x_sq = request.x.squaredNorm();
    out.batch_energy = 0.5 * scale_ * (n * x_sq - 2.0 * request.x.dot(out.batch_grad) + sum_sq);
    out.batch_grad = scale_ * (n * request.x - out.batch_grad);
    out.prior_energy = 0.5 * prior_precision_ * x_sq;
    out.prior_grad = prior_precision_ * request.x;
  }

 private:
  Eigen::MatrixXd data_;
  double scale_;
  double prior_precision_;
};

/// MHBT §3.1 (after Welling & Teh 2011): x_i ~ 0.5 N(theta1, 2) + 0.5 N(theta1 + theta2, 2),
/// prior theta ~ N(0, diag(10, 1)); U_i = -log p(x_i | theta).
class MixtureModel final : public Model {
 public:
  explicit MixtureModel(Eigen::VectorXd data) : data_(std::move(data)) {}

  Index dim() const override { return 2; }
  Index data_size() const override { return data_.size(); }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    constexpr double kVar = 2.0;
    const double log_norm = 0.5 * std::log(2.0 * std::numbers::pi * kVar);
    const double a = request.x[0];
    const double b = request.x[0] + request.x[1];
    double energy = 0.0, g1 = 0.0, g2 = 0.0;
    for (const Index i : request.batch) {
      const double ra = data_[i] - a, rb = data_[i] - b;
      const double ea = -0.5 * ra * ra / kVar, eb = -0.5 * rb * rb / kVar;
      const double top = std::max(ea, eb);
      const double wa = std::exp(ea - top), wb = std::exp(eb - top);
      energy -= top + std::log(0.5 * (wa + wb)) - log_norm;
      // Responsibilities times the component scores d/dtheta log N.
      const double pa = wa / (wa + wb), pb = 1.0 - pa;
      g1 -= (pa * ra + pb * rb) / kVar;
      g2 -= pb * rb / kVar;
    }
    out.batch_energy = energy;
    out.batch_grad << g1, g2;
    out.prior_energy = 0.5 * (a * a / 10.0 + request.x[1] * request.x[1]);
    out.prior_grad << a / 10.0, request.x[1];
  }

 private:
  Eigen::VectorXd data_;
};

}  // namespace sgmc::bench
