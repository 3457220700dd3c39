// The CSV reader: a good file, and every malformed one named by file, line
// and column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "sgmc/core/error.hpp"
#include "sgmc/data/csv.hpp"

namespace sgmc {
namespace {

/// Writes `text` to a fresh file in the test's temporary directory.
std::string write_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("sgmc_test_csv_" + name);
  std::ofstream(path) << text;
  return path.string();
}

std::string message_of(const std::string& path, const std::string& target, ErrorKind kind) {
  try {
    read_csv(path, target);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no sgmc::Error thrown";
  return {};
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

TEST(ReadCsv, NamesTheFileLineAndColumnOfEveryFault) {
  const auto ragged = write_file("ragged.csv", "a,b,y\n1,2,3\n4,5\n");
  EXPECT_EQ(message_of(ragged, "y", ErrorKind::kIo),
            "file '" + ragged + "', line 3: 2 cells, but the header has 3");
  const auto text = write_file("text.csv", "a,b,y\n1,2,3\n4,five,6\n");
  EXPECT_EQ(message_of(text, "y", ErrorKind::kIo),
            "file '" + text + "', line 3, column 2 ('b'): 'five' is not a finite number");
  const auto empty_cell = write_file("empty_cell.csv", "a,b,y\n1,,3\n");
  EXPECT_EQ(message_of(empty_cell, "y", ErrorKind::kIo),
            "file '" + empty_cell + "', line 2, column 2 ('b'): '' is not a finite number");
  const auto nan = write_file("nan.csv", "a,y\nnan,1\n");
  EXPECT_EQ(message_of(nan, "y", ErrorKind::kIo),
            "file '" + nan + "', line 2, column 1 ('a'): 'nan' is not a finite number");
  const auto huge = write_file("huge.csv", "a,y\n1,1e999\n");
  EXPECT_EQ(message_of(huge, "y", ErrorKind::kIo),
            "file '" + huge + "', line 2, column 2 ('y'): '1e999' is not a finite number");
  const auto empty = write_file("empty.csv", "");
  EXPECT_EQ(message_of(empty, "y", ErrorKind::kIo),
            "file '" + empty + "' is empty: expected a header row");
  const auto header_only = write_file("header_only.csv", "a,y\n\n");
  EXPECT_EQ(message_of(header_only, "y", ErrorKind::kIo),
            "file '" + header_only + "' has a header but no data rows");
  EXPECT_EQ(message_of("/nonexistent/sgmc.csv", "y", ErrorKind::kIo),
            "cannot open file '/nonexistent/sgmc.csv': No such file or directory");
  EXPECT_EQ(message_of(ragged, "z", ErrorKind::kInvalidArgument),
            "argument 'target_column' = 'z': must name a column of file '" + ragged + "' (a, b, y)");
  const auto only_target = write_file("only_target.csv", "y\n1\n");
  EXPECT_EQ(message_of(only_target, "y", ErrorKind::kInvalidArgument),
            "argument 'target_column' = 'y': must leave at least one feature column in file '" +
                only_target + "'");
}

}  // namespace
}  // namespace sgmc
