// What SPEC §9 experiment 10's two programs share: the 8x8 digits split
// (the first 1200 rows train, the other 597 test, features standardised with
// the training rows' statistics), the 64-100-10 tanh softmax MLP with prior
// N(0, I), its starting weights and its test error.
#pragma once

#include <string>

#include "../common/real_data.hpp"
#include "sgmc/models/mlp.hpp"
#include "sgmc/random/normal.hpp"

namespace sgmc::bench {

inline constexpr Index kTrainRows = 1200;
inline constexpr Index kClasses = 10;
inline constexpr Index kBatch = 100;

struct DigitsMlp {
  Table train, test;
  Mlp model;

  DigitsMlp(const std::string& data_dir, Index hidden)
      : DigitsMlp(read_table(data_dir + "/digits.csv", "digit"), hidden) {}

  /// Weights N(0, 0.1^2) drawn with the run's seed: from zero the hidden
  /// units are symmetric and SGD never leaves that saddle.
  Vec start(std::uint64_t seed) const {
    Vec x0(model.dim());
    NormalSource(Rng{1000 + seed}).fill(x0.data(), x0.size());
    return 0.1 * x0;
  }

  /// Test error of the class probabilities averaged over the columns of
  /// `draws` (the posterior-mean predictive; one column: that network's).
  template <typename Draws>
  double test_error(const Draws& draws) const {
    Eigen::MatrixXd mean = Eigen::MatrixXd::Zero(kClasses, test.features.rows());
    for (Index j = 0; j < draws.cols(); ++j) {
      Eigen::MatrixXd p = model.outputs(draws.col(j), test.features);
      for (Index b = 0; b < p.cols(); ++b) {  // softmax of each column of logits
        p.col(b).array() = (p.col(b).array() - p.col(b).maxCoeff()).exp();
        p.col(b) /= p.col(b).sum();
      }
      mean += p;
    }
    Index wrong = 0;
    for (Index b = 0; b < mean.cols(); ++b) {
      Index best = 0;
      mean.col(b).maxCoeff(&best);
      wrong += static_cast<double>(best) != test.targets[b];
    }
    return static_cast<double>(wrong) / static_cast<double>(mean.cols());
  }

 private:
  DigitsMlp(const Table& all, Index hidden)
      : train(standardised(rows(all, 0, kTrainRows), rows(all, 0, kTrainRows))),
        test(standardised(rows(all, kTrainRows, all.features.rows()), rows(all, 0, kTrainRows))),
        model(dataset(train), hidden, MlpOutput::kSoftmax, kClasses, 1.0, 0.0) {}

  static Table standardised(Table table, const Table& by) {
    standardise(table, by);
    return table;
  }
};

}  // namespace sgmc::bench
