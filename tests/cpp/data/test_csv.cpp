// The CSV reader: a good file, and every malformed one named by file, line
// and column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"
#include "support/error_message.hpp"

namespace sgmc {
namespace {

using testing::message_of;

/// Writes `text` to a fresh file in the test's temporary directory.
std::string write_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("sgmc_test_csv_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(ReadCsv, ReadsFeaturesAndTheTargetColumn) {
  const auto path = write_file("good.csv",
                               "\"age\", y ,bmi\r\n"
                               "31,1,22.5\r\n"
                               "\n"
                               "  40 ,0,-1e-3\n"
                               "\"7\",1,3\n");
  const auto data = read_csv(path, "y");
  ASSERT_EQ(data->rows(), 3);
  ASSERT_EQ(data->n_features(), 2);
  EXPECT_EQ(data->feature_names(), (std::vector<std::string>{"age", "bmi"}));
  EXPECT_EQ(data->features()(1, 0), 40.0);
  EXPECT_EQ(data->features()(1, 1), -1e-3);
  EXPECT_EQ(data->features()(2, 0), 7.0);
  EXPECT_EQ(data->targets()[0], 1.0);
  EXPECT_EQ(data->targets()[1], 0.0);
}

TEST(ReadCsv, ReadsQuotedNamesWithCommasAndQuotes) {
  // As sgmc run writes the parameters' names (w1[1,2]) and R's write.csv quotes.
  const auto path = write_file("quoted.csv",
                               ".chain,\"w1[1,2]\" ,\"say \"\"hi\"\"\",\"(Intercept)\"\n"
                               "1,0.5,\"2\",3\n");
  const auto data = read_csv(path, ".chain");
  ASSERT_EQ(data->n_features(), 3);
  EXPECT_EQ(data->feature_names(),
            (std::vector<std::string>{"w1[1,2]", "say \"hi\"", "(Intercept)"}));
  EXPECT_EQ(data->features()(0, 0), 0.5);
  EXPECT_EQ(data->features()(0, 1), 2.0);
  EXPECT_EQ(data->features()(0, 2), 3.0);
}

TEST(ReadCsv, NamesTheFileLineAndColumnOfEveryFault) {
  struct Case {
    const char* name;
    const char* text;
    const char* message;  ///< after "file '<path>'"
  };
  const Case cases[] = {
      {"ragged.csv", "a,b,y\n1,2,3\n4,5\n", ", line 3: 2 cells, but the header has 3"},
      {"text.csv", "a,b,y\n1,2,3\n4,five,6\n",
       ", line 3, column 2 ('b'): 'five' is not a finite number"},
      {"empty_cell.csv", "a,b,y\n1,,3\n", ", line 2, column 2 ('b'): '' is not a finite number"},
      {"nan.csv", "a,y\nnan,1\n", ", line 2, column 1 ('a'): 'nan' is not a finite number"},
      {"huge.csv", "a,y\n1,1e999\n", ", line 2, column 2 ('y'): '1e999' is not a finite number"},
      {"empty.csv", "", " is empty: expected a header row"},
      {"header_only.csv", "a,y\n\n", " has a header but no data rows"},
  };
  for (const auto& c : cases) {
    const auto path = write_file(c.name, c.text);
    EXPECT_EQ(message_of([&] { read_csv(path, "y"); }, ErrorKind::kIo),
              "file '" + path + "'" + c.message);
  }
  EXPECT_EQ(message_of([] { read_csv("/nonexistent/sgmc.csv", "y"); }, ErrorKind::kIo),
            "cannot open file '/nonexistent/sgmc.csv': No such file or directory");
  const auto good = write_file("columns.csv", "a,b,y\n1,2,3\n");
  EXPECT_EQ(message_of([&] { read_csv(good, "z"); }),
            "argument 'target_column' = 'z': must name a column of file '" + good + "' (a, b, y)");
  const auto only_target = write_file("only_target.csv", "y\n1\n");
  EXPECT_EQ(message_of([&] { read_csv(only_target, "y"); }),
            "argument 'target_column' = 'y': must leave at least one feature column in file '" +
                only_target + "'");
}

TEST(ReadCsv, ReadsTheShippedDataSets) {
  struct Shipped {
    const char* file;
    const char* target;
    Index rows, features;
    double largest_target;
  };
  for (const auto& d : {Shipped{"breast_cancer.csv", "benign", 569, 30, 1.0},
                        Shipped{"digits.csv", "digit", 1797, 64, 9.0},
                        Shipped{"pima_tr.csv", "type", 200, 7, 1.0},
                        Shipped{"pima_te.csv", "type", 332, 7, 1.0}}) {
    const auto data = read_csv(std::string(SGMC_SOURCE_DIR "/tests/data/") + d.file, d.target);
    EXPECT_EQ(data->rows(), d.rows) << d.file;
    EXPECT_EQ(data->n_features(), d.features) << d.file;
    EXPECT_EQ(data->targets().minCoeff(), 0.0) << d.file;
    EXPECT_EQ(data->targets().maxCoeff(), d.largest_target) << d.file;
  }
}

}  // namespace
}  // namespace sgmc
