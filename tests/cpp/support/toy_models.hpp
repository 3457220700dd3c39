// Small models with known answers for the engine's tests.
#pragma once

#include <cmath>
#include <limits>

#include "sgmc/models/model.hpp"

namespace sgmc::testing {

/// U_i(x) = |x - y_i|^2 / 2 for data y_i (columns of `data`), prior
/// U0(x) = |x|^2 / (2 prior_var). The posterior is Gaussian with precision
/// N + 1/prior_var and mean sum_i y_i / (N + 1/prior_var).
class QuadraticDataModel final : public Model {
 public:
  QuadraticDataModel(Eigen::MatrixXd data, double prior_var)
      : data_(std::move(data)), prior_var_(prior_var) {}

  Index dim() const override { return data_.rows(); }
  Index data_size() const override { return data_.cols(); }

  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    out.batch_energy = 0.0;
    if (request.want_gradient) out.batch_grad.setZero();
    for (const Index i : request.batch) {
      const auto diff = request.x - data_.col(i);
      out.batch_energy += 0.5 * diff.squaredNorm();
      if (request.want_gradient) out.batch_grad += diff;
    }
    out.prior_energy = 0.5 * request.x.squaredNorm() / prior_var_;
    if (request.want_gradient) out.prior_grad = request.x / prior_var_;
  }

 private:
  Eigen::MatrixXd data_;
  double prior_var_;
};

/// A data-free quadratic U0(x) = |x|^2 / 2 that returns NaN energy at the
/// given step of the given chain (counting its evaluations), to test that
/// failures are reported and lose nothing.
class NanAtStepModel final : public Model {
 public:
  NanAtStepModel(Index dim, Index chain, Index bad_x_coordinate)
      : dim_(dim), chain_(chain), bad_(bad_x_coordinate) {}

  Index dim() const override { return dim_; }
  Index data_size() const override { return 0; }

  /// Fails once x[bad] exceeds 0.5 on chain `chain`.
  void evaluate(const EvalRequest& request, ModelTerms& out) const override {
    out.prior_energy = 0.5 * request.x.squaredNorm();
    if (request.chain == chain_ && request.x[bad_] > 0.5) {
      out.prior_energy = std::numeric_limits<double>::quiet_NaN();
    }
    if (request.want_gradient) out.prior_grad = request.x;
  }

 private:
  Index dim_;
  Index chain_;
  Index bad_;
};

}  // namespace sgmc::testing
