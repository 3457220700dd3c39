// A benchmark's command line: options bound to variables, parsed with
// CLI11 behind a compiled boundary. CLI11 2.1 is header-only and costs
// every file that includes it about 6 s of compile time (its validators
// are objects constructed in each file), so the benchmarks reach it
// through this class, compiled once (bench/CMakeLists.txt).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sgmc::bench {

/// What a value must be, checked as it is parsed.
enum class Check { kAny, kPositive, kNonNegative };

class CommandLine {
 public:
  explicit CommandLine(const std::string& description);
  ~CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  /// `name` ("--steps") sets `value`; a vector takes one or more values.
  /// Instantiated in command_line.cpp for int, std::int64_t,
  /// std::uint64_t, double, std::string and vectors of them.
  template <class T>
  void option(const std::string& name, T& value, const std::string& help, Check check = Check::kAny);
  /// `name` takes one or more of `choices`.
  void choice(const std::string& name, std::vector<std::string>& values, const std::string& help,
              const std::vector<std::string>& choices);
  /// `name` sets `value` to true.
  void flag(const std::string& name, bool& value, const std::string& help);

  /// Parses the arguments: nothing to go on with them, or the exit code
  /// for main() after --help or an error (printed as CLI11 prints them).
  std::optional<int> parse(int argc, char** argv);

 private:
  struct Parser;
  std::unique_ptr<Parser> parser_;
};

}  // namespace sgmc::bench
