// A one-hidden-layer perceptron with tanh units, for classification
// (softmax over K classes) or regression (one Gaussian output):
//   h_i = tanh(W1 a_i + b1)   (H units),   z_i = W2 h_i + b2   (K outputs),
//   classification: U_i = logsumexp(z_i) - z_i[y_i],  y_i in {0..K-1};
//   regression (K = 1): U_i = (y_i - z_i)^2 / (2 sigma^2), sigma known;
//   U0 = |x|^2 / (2 s^2)   (prior N(0, s^2 I) on every weight and bias).
// Parameters are packed as x = (W1, b1, W2, b2), each matrix row-major:
// W1[h][j] is x[h p + j], b1[h] is x[H p + h], W2[k][h] is x[H (p + 1) + k H + h],
// b2[k] is x[H (p + 1) + K H + k]; d = H (p + 1) + K (H + 1).
// tanh rather than ReLU: the energy is smooth, so Hamiltonian samplers and
// finite-difference checks see no kinks.
// Precision: double, or float on a data set with float32 features
// (Dataset::with_float32_features, the user's request for speed): then the
// weights are x rounded to float, the activations, matrix products, losses
// and each chunk's gradient float, and the chunks' energies and gradients
// are added up in double; the prior, x and the draws stay double. Matrix
// products in float run twice as many lanes; the cost is float's rounding,
// bounded in docs/models.md and tests/cpp/models/test_mlp_float32.cpp.
#pragma once

#include <memory>

#include "sgmc/data/dataset.hpp"
#include "sgmc/models/gaussian_prior.hpp"

namespace sgmc {

enum class MlpOutput {
  kSoftmax,   ///< classification: targets are class labels 0..K-1
  kGaussian,  ///< regression: targets are real responses, one output
};

class Mlp final : public Model {
 public:
  /// @param[in] data       shared with the model.
  /// @param[in] n_hidden   H >= 1.
  /// @param[in] output     the likelihood.
  /// @param[in] n_classes  K >= 2 for kSoftmax (every target an integer in
  ///                       [0, K)); ignored for kGaussian (K = 1).
  /// @param[in] prior_sd   s, finite and > 0.
  /// @param[in] noise_sd   sigma for kGaussian, finite and > 0; ignored for
  ///                       kSoftmax.
  /// Throws sgmc::Error(kInvalidArgument) naming the argument and its value.
  Mlp(std::shared_ptr<const Dataset> data, Index n_hidden, MlpOutput output, Index n_classes,
      double prior_sd, double noise_sd);

  Index dim() const override;
  Index data_size() const override { return data_->rows(); }
  /// In the order of x: w1[h,j], b1[h], w2[k,h], b2[k] (1-based, each
  /// matrix row by row).
  std::vector<std::string> parameter_names() const override;
  /// Activations of 256 data and the buffers of the matrix products: one
  /// size whatever the batch.
  std::unique_ptr<ModelWorkspace> make_workspace() const override;
  /// The batch's rows are gathered into the workspace 256 at a time and
  /// pushed through the layers with matrix products. Never allocates.
  /// Throws Error(kState) without a workspace from make_workspace().
  void evaluate(const EvalRequest& request, ModelTerms& out) const override;

  /// The outputs z for the rows of `features` (n x p) at parameters x, as
  /// K x n: the logits for kSoftmax (argmax = the predicted class), the
  /// predicted responses for kGaussian. For predictions on held-out data;
  /// in double whatever the data set's storage.
  Eigen::MatrixXd outputs(ConstVecRef x, const RowMatrix& features) const;

  Index n_hidden() const { return hidden_; }
  Index n_outputs() const { return outputs_; }

 private:
  std::shared_ptr<const Dataset> data_;
  Index hidden_;
  MlpOutput output_;
  Index outputs_;
  GaussianPrior prior_;
  double noise_sd_;
};

}  // namespace sgmc
