#include "sgmc/models/mlp.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

#include "sgmc/models/dense_product.hpp"
#include "sgmc/models/parameter_names.hpp"

namespace sgmc {
namespace {

/// The batch goes through the layers kChunk data at a time: a chunk's
/// activations stay in the core's L2 cache across the passes over them, and
/// the workspace has one size whatever the batch.
constexpr Index kChunk = 256;

/// How many batch rows ahead of the one copied are prefetched (glm.hpp).
constexpr std::size_t kPrefetchRows = 8;

/// The layers inside x, or inside its float copy (mlp.hpp for the packing).
template <typename Scalar>
struct Layers {
  using RowMap = Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
  using VecMap = Eigen::Map<const Eigen::Matrix<Scalar, Eigen::Dynamic, 1>>;
  Layers(const Scalar* x, Index p, Index h, Index k)
      : w1(x, h, p), b1(x + h * p, h), w2(x + h * (p + 1), k, h), b2(x + h * (p + 1) + k * h, k) {}
  RowMap w1;  ///< H x p
  VecMap b1;
  RowMap w2;  ///< K x H
  VecMap b2;
};

// Column b of inputs and hidden, and row b of outputs, belong to the b-th
// datum of a chunk: outputs is datum by class so that the softmax runs down
// its columns with vector instructions, across data. Scalar is double, or
// float on a data set with float32 features (mlp.hpp).
template <typename Scalar>
class MlpWorkspace final : public ModelWorkspace {
 public:
  using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
  static constexpr bool kFloat = std::is_same_v<Scalar, float>;

  MlpWorkspace(Index p, Index h, Index k, Index d)
      : inputs(p, kChunk),
        hidden(h, kChunk),
        hidden_grad(h, kChunk),
        outputs(kChunk, k),
        per_datum(kChunk),
        weights(kFloat ? d : 0),
        grad(kFloat ? d : 0),
        first_layer(h, kChunk, p),
        second_layer(kChunk, k, h),
        second_grad(h, k, kChunk),
        back(h, kChunk, k),
        first_grad(p, h, kChunk) {}

  Matrix inputs;       ///< p x C: the chunk's feature rows
  Matrix hidden;       ///< H x C: tanh activations
  Matrix hidden_grad;  ///< H x C: dS_B / d(pre-activation)
  Matrix outputs;      ///< C x K: outputs z, then dS_B / dz
  Vector per_datum;    ///< C: the largest logit, then the sum of exponentials
  Vector weights;      ///< float: x rounded to float; empty for double
  Vector grad;         ///< float: a chunk's gradient, before it is widened; empty for double
  DenseProduct<Scalar> first_layer;   ///< hidden += W1 inputs
  DenseProduct<Scalar> second_layer;  ///< outputs += hidden' W2'
  DenseProduct<Scalar> second_grad;   ///< grad W2' += hidden outputs
  DenseProduct<Scalar> back;          ///< hidden_grad += W2' outputs'
  DenseProduct<Scalar> first_grad;    ///< grad W1' += inputs hidden'
};

/// 1 / j! for j <= 13.
constexpr auto kExpTaylor = [] {
  std::array<double, 14> c{};
  c[0] = 1.0;
  for (std::size_t j = 1; j < c.size(); ++j) c[j] = c[j - 1] / static_cast<double>(j);
  return c;
}();

/// sum_{i >= j} r^(i - j) / i! by Horner's rule, unrolled at compile time so
/// that the loop around it has no control flow and is vectorised.
template <std::size_t J = 0>
double exp_taylor(double r) {
  if constexpr (J + 1 == kExpTaylor.size()) {
    return kExpTaylor[J];
  } else {
    return exp_taylor<J + 1>(r) * r + kExpTaylor[J];
  }
}

/// u[i] = tanh(u[i]) for i < n, in a loop the compiler vectorises (Eigen
/// vectorises tanh for floats only, and its exp for doubles spends a
/// division and a general ldexp on a range this does not need):
/// tanh(u) = sign(u) (1 - 2 / (e^y + 1)), y = 2|u|, whose absolute error
/// stays at rounding level. y is capped at 40, past which 2 / (e^y + 1) <
/// 2^-56 and tanh rounds to +-1; then e^y = 2^k e^r with k = round(y / ln 2)
/// in [0, 58], so that 2^k is built from its exponent bits, and |r| <= ln 2
/// / 2, where the Taylor polynomial of degree 13 is exact to 5e-18. A NaN u
/// gives +-1: it comes from a NaN in x only, whose prior term U0 is NaN.
void tanh_in_place(double* u, Index n) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 32 trailing zero bits: k ln2hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kShift = 0x1.8p52;  // x + kShift rounds x to an integer in the low bits
  // The cap compares the bits of y >= 0 as integers, which order alike:
  // a floating-point min would keep the loop from being vectorised (it may
  // trap).
  constexpr auto kCapBits = std::bit_cast<std::int64_t>(40.0);
  for (Index i = 0; i < n; ++i) {
    const double y = std::bit_cast<double>(std::min(std::bit_cast<std::int64_t>(2.0 * std::abs(u[i])), kCapBits));
    const double shifted = y * kLog2e + kShift;
    const double k = shifted - kShift;
    const double r = (y - k * kLn2Hi) - k * kLn2Lo;
    double e = exp_taylor(r);
    // The low bits of `shifted` hold k: 2^k has the exponent bits k + 1023.
    e *= std::bit_cast<double>((std::bit_cast<std::uint64_t>(shifted) + 1023) << 52);
    u[i] = std::copysign(1.0 - 2.0 / (e + 1.0), u[i]);
  }
}

/// The same for floats, with Eigen's vectorised float tanh (a rational
/// approximation within 8 units of float's rounding, absolute: the size of
/// the pre-activation's own rounding error; docs/models.md has the bound).
void tanh_in_place(float* u, Index n) {
  Eigen::Map<Eigen::ArrayXf> a(u, n);
  a = a.tanh();
}

/// hidden = tanh(W1 inputs + b1), outputs = hidden' W2' + b2' for the first
/// m columns of work.inputs.
template <typename Scalar>
void forward(const Layers<Scalar>& layers, Index m, MlpWorkspace<Scalar>& work) {
  auto hid = work.hidden.leftCols(m);
  auto z = work.outputs.topRows(m);
  hid.colwise() = layers.b1;
  work.first_layer.add(hid, layers.w1, work.inputs.leftCols(m));
  tanh_in_place(hid.data(), hid.size());
  z.rowwise() = layers.b2.transpose();
  work.second_layer.add(z, hid.transpose(), layers.w2.transpose());
}

/// The chunk's sum of logsumexp(z_b) - z_b[y_b], added up in double,
/// leaving dU_b/dz_b = softmax(z_b) - e_{y_b} in row b of the outputs.
template <typename Scalar>
double softmax_loss(const Dataset::Targets& y, std::span<const Index> rows, MlpWorkspace<Scalar>& work) {
  const auto m = static_cast<Index>(rows.size());
  auto z = work.outputs.topRows(m);
  const auto label = [&](Index b) { return static_cast<Index>(y[rows[static_cast<std::size_t>(b)]]); };
  // z shifted by its largest entry, so that no exponential overflows.
  auto top = work.per_datum.head(m);
  top = z.col(0);
  for (Index k = 1; k < z.cols(); ++k) top = top.cwiseMax(z.col(k));
  double energy = 0.0;
  for (Index b = 0; b < m; ++b) {
    energy += static_cast<double>(top[b]) - static_cast<double>(z(b, label(b)));
  }
  // Column by column: Eigen vectorises these, not their broadcast forms.
  for (Index k = 0; k < z.cols(); ++k) z.col(k).array() = (z.col(k) - top).array().exp();
  auto& sum = top;
  sum = z.col(0);
  for (Index k = 1; k < z.cols(); ++k) sum += z.col(k);
  energy += sum.array().log().template cast<double>().sum();
  sum = sum.cwiseInverse();
  for (Index k = 0; k < z.cols(); ++k) z.col(k).array() *= sum.array();
  for (Index b = 0; b < m; ++b) z(b, label(b)) -= Scalar{1};
  return energy;
}

/// The chunk's sum of (y_b - z_b)^2 / (2 sigma^2), leaving dU_b/dz_b in the outputs.
template <typename Scalar>
double gaussian_loss(const Dataset::Targets& y, std::span<const Index> rows, double noise_sd,
                     MlpWorkspace<Scalar>& work) {
  const double inv_var = 1.0 / (noise_sd * noise_sd);
  auto z = work.outputs.col(0);
  double sum = 0.0;
  for (std::size_t b = 0; b < rows.size(); ++b) {
    const auto i = static_cast<Index>(b);
    const double r = static_cast<double>(z[i]) - y[rows[b]];
    sum += r * r;
    z[i] = static_cast<Scalar>(r * inv_var);
  }
  return 0.5 * inv_var * sum;
}

/// The model's fixed parts that a batch evaluation reads.
struct Network {
  const Dataset& data;
  Index hidden;
  Index outputs;
  MlpOutput output;
  double noise_sd;
};

/// Adds the chunk's gradient of S_B, from the outputs' dS_B/dz, to g (packed
/// as x).
template <typename Scalar>
void add_chunk_gradient(const Layers<Scalar>& layers, Index p, Index m, MlpWorkspace<Scalar>& work,
                        Scalar* g) {
  using Matrix = typename MlpWorkspace<Scalar>::Matrix;
  using Vector = typename MlpWorkspace<Scalar>::Vector;
  const Index h = layers.w1.rows(), k = layers.w2.rows();
  // W1 and W2 are row-major in x, i.e. W1' and W2' column-major.
  Eigen::Map<Matrix> grad_w1(g, p, h), grad_w2(g + h * (p + 1), h, k);
  Eigen::Map<Vector> grad_b1(g + h * p, h), grad_b2(g + h * (p + 1) + k * h, k);
  const auto hid = work.hidden.leftCols(m);
  const auto z = work.outputs.topRows(m);
  work.second_grad.add(grad_w2, hid, z);
  grad_b2 += z.colwise().sum().transpose();
  // dS_B / d(pre-activation) = (1 - h^2) (W2' dS_B/dz).
  auto delta = work.hidden_grad.leftCols(m);
  delta.setZero();
  work.back.add(delta, layers.w2.transpose(), z.transpose());
  delta.array() *= Scalar{1} - hid.array().square();
  for (Index b = 0; b < m; ++b) grad_b1 += delta.col(b);
  work.first_grad.add(grad_w1, work.inputs.leftCols(m), delta.transpose());
}

/// S_B, and its gradient into batch_grad when asked, in Scalar. In float,
/// the network's weights are x rounded to float, and each chunk's gradient
/// is widened and added to batch_grad in double, so that no float sum runs
/// over more than one chunk of data (docs/models.md states the cost).
template <typename Scalar>
double batch_terms(const Network& net, const EvalRequest& request, MlpWorkspace<Scalar>& work,
                   VecRef batch_grad) {
  constexpr bool kFloat = MlpWorkspace<Scalar>::kFloat;
  const Index p = net.data.n_features();
  const auto& table = [&]() -> const auto& {
    if constexpr (kFloat) {
      return net.data.features32();
    } else {
      return net.data.features();
    }
  }();
  const Scalar* weights = nullptr;
  Scalar* g = nullptr;  // where the chunks' gradients go
  if constexpr (kFloat) {
    work.weights = request.x.template cast<float>();
    weights = work.weights.data();
    g = work.grad.data();
  } else {
    weights = request.x.data();
    g = batch_grad.data();
  }
  const Layers<Scalar> layers(weights, p, net.hidden, net.outputs);
  if (request.want_gradient) batch_grad.setZero();
  const auto n = static_cast<Index>(request.batch.size());
  double energy = 0.0;
  for (Index start = 0; start < n; start += kChunk) {
    const Index m = std::min(kChunk, n - start);
    const auto rows = request.batch.subspan(static_cast<std::size_t>(start), static_cast<std::size_t>(m));
    auto a = work.inputs.leftCols(m);
    for (Index b = 0; b < m; ++b) {
      // Batch rows are scattered over the table: the copy waits on memory
      // unless rows ahead are requested while one is copied.
      const auto ahead = static_cast<std::size_t>(start + b) + kPrefetchRows;
      if (ahead < request.batch.size()) Dataset::prefetch_row(table, request.batch[ahead]);
      a.col(b) = table.row(rows[static_cast<std::size_t>(b)]).transpose();
    }
    forward(layers, m, work);
    energy += net.output == MlpOutput::kSoftmax ? softmax_loss(net.data.targets(), rows, work)
                                                : gaussian_loss(net.data.targets(), rows, net.noise_sd, work);
    if (!request.want_gradient) continue;
    if constexpr (kFloat) work.grad.setZero();
    add_chunk_gradient(layers, p, m, work, g);
    if constexpr (kFloat) batch_grad += work.grad.template cast<double>();
  }
  return energy;
}

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

Eigen::MatrixXd Mlp::outputs(ConstVecRef x, const RowMatrix& features) const {
  require(x.size() == dim(), "x", "a vector of size " + show(x.size()),
          ("must have the model's dimension " + show(dim())).c_str());
  require(features.cols() == data_->n_features(), "features", "a table of " + show(features.cols()) + " columns",
          ("must have the model's " + show(data_->n_features()) + " features").c_str());
  const Index n = features.rows();
  MlpWorkspace<double> work(data_->n_features(), hidden_, outputs_, 0);
  const Layers<double> layers(x.data(), data_->n_features(), hidden_, outputs_);
  Eigen::MatrixXd z(outputs_, n);
  for (Index start = 0; start < n; start += kChunk) {
    const Index m = std::min(kChunk, n - start);
    work.inputs.leftCols(m) = features.middleRows(start, m).transpose();
    forward(layers, m, work);
    z.middleCols(start, m) = work.outputs.topRows(m).transpose();
  }
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
  if (data_->float32_features()) {
    return std::make_unique<MlpWorkspace<float>>(data_->n_features(), hidden_, outputs_, dim());
  }
  return std::make_unique<MlpWorkspace<double>>(data_->n_features(), hidden_, outputs_, 0);
}

void Mlp::evaluate(const EvalRequest& request, ModelTerms& out) const {
  const Network net{*data_, hidden_, outputs_, output_, noise_sd_};
  auto* work = request.workspace;
  if (auto* work32 = dynamic_cast<MlpWorkspace<float>*>(work); work32 != nullptr && data_->float32_features()) {
    out.batch_energy = batch_terms(net, request, *work32, out.batch_grad);
  } else if (auto* work64 = dynamic_cast<MlpWorkspace<double>*>(work);
             work64 != nullptr && !data_->float32_features()) {
    out.batch_energy = batch_terms(net, request, *work64, out.batch_grad);
  } else {
    throw Error(ErrorKind::kState, "the MLP was evaluated without its workspace at chain " +
                                       show(request.chain));
  }
  out.prior_energy = prior_.energy(request.x);
  if (request.want_gradient) prior_.gradient(request.x, out.prior_grad);
}

}  // namespace sgmc
