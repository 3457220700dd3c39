#include "command_line.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>

namespace sgmc::bench {

struct CommandLine::Parser {
  explicit Parser(const std::string& description) : app(description) {}
  CLI::App app;
};

CommandLine::CommandLine(const std::string& description)
    : parser_(std::make_unique<Parser>(description)) {}

CommandLine::~CommandLine() = default;

template <class T>
void CommandLine::option(const std::string& name, T& value, const std::string& help, Check check) {
  CLI::Option* option = parser_->app.add_option(name, value, help);
  if (check == Check::kPositive) option->check(CLI::PositiveNumber);
  if (check == Check::kNonNegative) option->check(CLI::NonNegativeNumber);
}

void CommandLine::choice(const std::string& name, std::vector<std::string>& values,
                         const std::string& help, const std::vector<std::string>& choices) {
  parser_->app.add_option(name, values, help)->check(CLI::IsMember(choices));
}

void CommandLine::flag(const std::string& name, bool& value, const std::string& help) {
  parser_->app.add_flag(name, value, help);
}

std::optional<int> CommandLine::parse(int argc, char** argv) {
  try {
    parser_->app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parser_->app.exit(e);
  }
  return std::nullopt;
}

#define SGMC_BENCH_OPTION(T)                                                                      \
  template void CommandLine::option<T>(const std::string&, T&, const std::string&, Check);       \
  template void CommandLine::option<std::vector<T>>(const std::string&, std::vector<T>&,         \
                                                    const std::string&, Check);
SGMC_BENCH_OPTION(int)
SGMC_BENCH_OPTION(std::int64_t)
SGMC_BENCH_OPTION(std::uint64_t)
SGMC_BENCH_OPTION(double)
SGMC_BENCH_OPTION(std::string)
#undef SGMC_BENCH_OPTION

}  // namespace sgmc::bench
