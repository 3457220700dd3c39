#include "sgmc/models/mlp.hpp"

#include <cmath>
#include <string>

#include "sgmc/models/parameter_names.hpp"

namespace sgmc {
namespace {

// Column b of each matrix belongs to the b-th datum of the batch.
class MlpWorkspace final : public ModelWorkspace {
 public:
  MlpWorkspace(Index p, Index h, Index k) : inputs(p, 0), hidden(h, 0), hidden_grad(h, 0), outputs(k, 0) {}

  void reserve(Index n) {
    if (inputs.cols() >= n) return;
    for (auto* m : {&inputs, &hidden, &hidden_grad, &outputs}) m->resize(m->rows(), n);
  }

  Eigen::MatrixXd inputs;       ///< p x n: the batch's feature rows
  Eigen::MatrixXd hidden;       ///< H x n: tanh activations
  Eigen::MatrixXd hidden_grad;  ///< H x n: dS_B / d(pre-activation)
  Eigen::MatrixXd outputs;      ///< K x n: outputs z, then dS_B / dz
};

using ConstRowMap = Eigen::Map<const RowMatrix>;
using RowMap = Eigen::Map<RowMatrix>;

}  // namespace

Mlp::Mlp(std::shared_ptr<const Dataset> data, Index n_hidden, MlpOutput output, Index n_classes,
         double prior_sd, double noise_sd)
    : data_(std::move(data)),
      hidden_(n_hidden),
      output_(output),
      outputs_(output == MlpOutput::kSoftmax ? n_classes : 1),
      prior_{prior_sd},
      noise_sd_(noise_sd) {
  require(data_ != nullptr, "data", "NULL", "must be a data set");
  require(n_hidden >= 1, "n_hidden", n_hidden, "must be >= 1");
  prior_.validate("prior_sd");
  if (output_ == MlpOutput::kGaussian) {
    require(std::isfinite(noise_sd) && noise_sd > 0, "noise_sd", noise_sd,
            "must be finite and > 0");
    return;
  }
  require(n_classes >= 2, "n_classes", n_classes, "must be >= 2");
  const auto& y = data_->targets();
  for (Index i = 0; i < y.size(); ++i) {
    if (!(y[i] >= 0 && y[i] < static_cast<double>(n_classes) && y[i] == std::floor(y[i]))) {
      require(false, "data", "a table with targets[" + show(i) + "] = " + show(y[i]),
              ("must be a class label 0.." + show(n_classes - 1)).c_str());
    }
  }
}

void Mlp::forward(ConstVecRef x, const Eigen::Ref<const Eigen::MatrixXd>& inputs,
                  Eigen::Ref<Eigen::MatrixXd> hidden, Eigen::Ref<Eigen::MatrixXd> outputs) const {
  const Index p = data_->n_features(), h = hidden_, k = outputs_;
  const ConstRowMap w1(x.data(), h, p);
  const ConstRowMap w2(x.data() + h * (p + 1), k, h);
  hidden.noalias() = w1 * inputs;
  hidden.colwise() += x.segment(h * p, h);
  // tanh(u) = 1 - 2 / (exp(2u) + 1): Eigen vectorises exp but not tanh for
  // doubles; the absolute error stays at rounding level and it saturates
  // correctly (exp overflowing to inf gives 1).
  hidden = 1.0 - 2.0 / ((2.0 * hidden.array()).exp() + 1.0);
  outputs.noalias() = w2 * hidden;
  outputs.colwise() += x.segment(h * (p + 1) + k * h, k);
}

Eigen::MatrixXd Mlp::outputs(ConstVecRef x, const RowMatrix& features) const {
  require(x.size() == dim(), "x", "a vector of size " + show(x.size()),
          ("must have the model's dimension " + show(dim())).c_str());
  require(features.cols() == data_->n_features(), "features", "a table of " + show(features.cols()) + " columns",
          ("must have the model's " + show(data_->n_features()) + " features").c_str());
  Eigen::MatrixXd hidden(hidden_, features.rows()), z(outputs_, features.rows());
  forward(x, features.transpose(), hidden, z);
  return z;
}

std::vector<std::string> Mlp::parameter_names() const {
  const Index p = data_->n_features();
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(dim()));
  const auto at = [](const char* prefix, Index i, Index j) {
    return std::string(prefix) + "[" + std::to_string(i) + "," + std::to_string(j) + "]";
  };
  for (Index h = 1; h <= hidden_; ++h) {
    for (Index j = 1; j <= p; ++j) names.push_back(at("w1", h, j));
  }
  for (auto& name : indexed_names("b1", hidden_)) names.push_back(std::move(name));
  for (Index k = 1; k <= outputs_; ++k) {
    for (Index h = 1; h <= hidden_; ++h) names.push_back(at("w2", k, h));
  }
  for (auto& name : indexed_names("b2", outputs_)) names.push_back(std::move(name));
  return names;
}

Index Mlp::dim() const { return hidden_ * (data_->n_features() + 1) + outputs_ * (hidden_ + 1); }

std::unique_ptr<ModelWorkspace> Mlp::make_workspace() const {
  return std::make_unique<MlpWorkspace>(data_->n_features(), hidden_, outputs_);
}

void Mlp::evaluate(const EvalRequest& request, ModelTerms& out) const {
  auto* work = dynamic_cast<MlpWorkspace*>(request.workspace);
  if (work == nullptr) {
    throw Error(ErrorKind::kState, "the MLP was evaluated without its workspace at chain " +
                                       show(request.chain));
  }
  const Index p = data_->n_features(), h = hidden_, k = outputs_;
  const auto n = static_cast<Index>(request.batch.size());
  const ConstRowMap w2(request.x.data() + h * (p + 1), k, h);

  work->reserve(n);
  auto a = work->inputs.leftCols(n);
  auto hid = work->hidden.leftCols(n);
  auto z = work->outputs.leftCols(n);
  for (Index b = 0; b < n; ++b) a.col(b) = data_->features().row(request.batch[b]).transpose();
  forward(request.x, a, hid, z);

  // The loss, leaving dU_i/dz_i in column i of z.
  double energy = 0.0;
  const auto& y = data_->targets();
  if (output_ == MlpOutput::kSoftmax) {
    for (Index b = 0; b < n; ++b) {
      auto zb = z.col(b);
      const auto label = static_cast<Index>(y[request.batch[b]]);
      const double top = zb.maxCoeff();
      // logsumexp(z) - z[y] with z shifted by its maximum.
      const double shifted_label = zb[label] - top;
      zb.array() = (zb.array() - top).exp();
      const double sum = zb.sum();
      energy += std::log(sum) - shifted_label;
      zb /= sum;
      zb[label] -= 1.0;
    }
  } else {
    const double inv_var = 1.0 / (noise_sd_ * noise_sd_);
    for (Index b = 0; b < n; ++b) {
      const double r = z(0, b) - y[request.batch[b]];
      energy += 0.5 * r * r * inv_var;
      z(0, b) = r * inv_var;
    }
  }
  out.batch_energy = energy;
  out.prior_energy = prior_.energy(request.x);
  if (!request.want_gradient) return;

  double* g = out.batch_grad.data();
  RowMap(g + h * (p + 1), k, h).noalias() = z * hid.transpose();
  out.batch_grad.segment(h * (p + 1) + k * h, k) = z.rowwise().sum();
  auto delta = work->hidden_grad.leftCols(n);
  delta.noalias() = w2.transpose() * z;
  delta.array() *= 1.0 - hid.array().square();
  RowMap(g, h, p).noalias() = delta * a.transpose();
  out.batch_grad.segment(h * p, h) = delta.rowwise().sum();
  prior_.gradient(request.x, out.prior_grad);
}

}  // namespace sgmc
