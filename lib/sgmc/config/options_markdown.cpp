#include "sgmc/config/options_markdown.hpp"

#include <charconv>
#include <cmath>

#include "sgmc/config/options.hpp"

namespace sgmc {
namespace {

/// Int options without an upper bound have hi = 9.3e18 (and seed lo =
/// -9.3e18): past every int64_t, shown as infinite.
constexpr double kPastInt64 = 9.2e18;

/// The shortest text that reads back as `x`, with a short exponent (1e-5).
std::string number(double x) {
  if (std::abs(x) >= kPastInt64) return x > 0 ? "inf" : "-inf";
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, x).ptr;
  std::string text(buffer, end);
  if (const auto e = text.find("e-0"); e != std::string::npos) text.erase(e + 2, 1);
  return text;
}

std::string default_text(const OptionValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return s->empty() ? "empty" : "`" + *s + "`";
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  return number(std::get<double>(value));
}

std::string values_text(const OptionSpec& spec) {
  if (spec.type != OptionType::kString) {
    const bool is_int = spec.type == OptionType::kInt;
    const bool lo_open = spec.lo_open || (is_int && spec.lo <= -kPastInt64);
    const bool hi_open = spec.hi_open || (is_int && spec.hi >= kPastInt64);
    std::string text(lo_open ? "(" : "[");
    text += number(spec.lo) + ", " + number(spec.hi);
    return text + (hi_open ? ")" : "]");
  }
  if (spec.choices.empty()) return "any";
  std::string text = "`";
  for (const char c : spec.choices) text += c == '|' ? std::string("`, `") : std::string(1, c);
  return text + "`";
}

/// A table cell: '|' would end it.
std::string cell(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '|') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

}  // namespace

std::string options_markdown() {
  std::string table =
      "| key | type | default | values | read by | resume | meaning |\n"
      "|---|---|---|---|---|---|---|\n";
  for (const auto& spec : option_specs()) {
    table += "| `" + std::string(spec.name) + "` | " + std::string(option_type_name(spec.type)) +
             " | " + default_text(spec.default_value) + " | " + values_text(spec) + " | " +
             describe(spec.read_by) + " | " + (spec.resumable ? "yes" : "no") + " | " +
             cell(spec.doc) + " |\n";
  }
  return table;
}

}  // namespace sgmc
