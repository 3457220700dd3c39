// The names of the built-in models' parameters (docs/models.md, "Parameter
// names") and the checks on names a user gives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sgmc/core/error.hpp"
#include "sgmc/models/linear_regression.hpp"
#include "sgmc/models/logistic_regression.hpp"
#include "sgmc/models/mlp.hpp"
#include "sgmc/models/parameter_names.hpp"
#include "sgmc/models/synthetic.hpp"
#include "support/error_message.hpp"

namespace sgmc {
namespace {

using Names = std::vector<std::string>;
using testing::message_of;

/// Two features and a 0/1 target; named when `named`.
std::shared_ptr<const Dataset> data(bool named) {
  return Dataset::adopt(2, 2, {1.0, 2.0, -1.0, 0.5}, {0.0, 1.0},
                        named ? Names{"glu", "bmi"} : Names{});
}

TEST(ParameterNames, RegressionsAreNamedAfterTheFeatures) {
  EXPECT_EQ(LogisticRegression(data(true), 1.0).parameter_names(),
            (Names{"glu", "bmi", "(Intercept)"}));
  EXPECT_EQ(LogisticRegression(data(false), LogisticPriors{false, CoefPrior::kFlat, 1.0})
                .parameter_names(),
            (Names{"x[1]", "x[2]"}));
  EXPECT_EQ(LinearRegression(data(true), 1.0, 0.0, 1.0).parameter_names(),
            (Names{"glu", "bmi", "(Intercept)", "log_sigma"}));
  EXPECT_EQ(LinearRegression(data(true), 1.0, 2.0, 1.0).parameter_names(),
            (Names{"glu", "bmi", "(Intercept)"}));
  EXPECT_EQ(LinearRegression(data(true), LinearPriors{false, CoefPrior::kFlat, 1.0,
                                                      NoisePrior::kHalfCauchy, 2.5})
                .parameter_names(),
            (Names{"glu", "bmi", "log_sigma"}));
}

TEST(ParameterNames, MlpNamesFollowThePacking) {
  // p = 2 features, H = 2 hidden units, K = 2 classes: x = (W1, b1, W2, b2).
  const Mlp mlp(data(true), 2, MlpOutput::kSoftmax, 2, 1.0, 0.0);
  const Names names = mlp.parameter_names();
  ASSERT_EQ(static_cast<Index>(names.size()), mlp.dim());
  EXPECT_EQ(names, (Names{"w1[1,1]", "w1[1,2]", "w1[2,1]", "w1[2,2]", "b1[1]", "b1[2]",
                          "w2[1,1]", "w2[1,2]", "w2[2,1]", "w2[2,2]", "b2[1]", "b2[2]"}));
}

TEST(ParameterNames, TargetsAreIndexed) {
  EXPECT_EQ(make_synthetic_target("gauss25", {})->parameter_names(), (Names{"x[1]", "x[2]"}));
}

TEST(ParameterNames, UserNamesAreCheckedWithTheArgumentAndValue) {
  EXPECT_NO_THROW(check_parameter_names(Names{"a", "b"}, 2, "names"));
  EXPECT_EQ(message_of([] { check_parameter_names(Names{"a"}, 2, "names"); }),
            "argument 'names' = 1 names: must have one name per parameter, 2");
  EXPECT_EQ(message_of([] { check_parameter_names(Names{"a", ""}, 2, "names"); }),
            "argument 'names[1]' = \"\": must not be empty");
  EXPECT_EQ(message_of([] { check_parameter_names(Names{"a", "a"}, 2, "model.names"); }),
            "argument 'model.names[1]' = \"a\": is the name of an earlier parameter too");
}

}  // namespace
}  // namespace sgmc
