// The options and output every real-data benchmark shares: --data-dir (the
// folder of the CSV tables, tests/data by default, SGMC_TEST_DATA_DIR) and
// --out (the CSV file to write; stdout without it).
#pragma once

#include <fstream>
#include <iostream>
#include <string>

#include "command_line.hpp"

namespace sgmc::bench {

struct BenchIo {
  std::string data_dir = SGMC_TEST_DATA_DIR;
  std::string out_path;
  std::ofstream file;

  void add_options(CommandLine& app) {
    app.option("--data-dir", data_dir, "folder holding the CSV tables (default tests/data)");
    app.option("--out", out_path, "CSV file (default: stdout)");
  }
  /// The output stream; call after parsing.
  std::ostream& out() {
    if (out_path.empty()) return std::cout;
    if (!file.is_open()) file.open(out_path);
    return file;
  }
};

}  // namespace sgmc::bench
