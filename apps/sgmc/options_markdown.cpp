#include "options_markdown.hpp"

#include <charconv>
#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include "option_set.hpp"

namespace sgmc::app {
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

std::string values_text(const char* key, sgmc_option_type type) {
  double lo = 0, hi = 0;
  int32_t lo_open = 0, hi_open = 0;
  const char* choices = nullptr;
  check(sgmc_option_domain(key, &lo, &hi, &lo_open, &hi_open, &choices));
  if (type != SGMC_OPTION_STRING) {
    const bool is_int = type == SGMC_OPTION_INT;
    const bool open_below = lo_open != 0 || (is_int && lo <= -kPastInt64);
    const bool open_above = hi_open != 0 || (is_int && hi >= kPastInt64);
    return std::string(open_below ? "(" : "[") + number(lo) + ", " + number(hi) +
           (open_above ? ")" : "]");
  }
  if (choices[0] == '\0') return "any";
  std::string text = "`";
  for (const char* c = choices; *c != '\0'; ++c) text += *c == '|' ? std::string("`, `") : std::string(1, *c);
  return text + "`";
}

/// The families of docs/options.md's "read by" column, by their names there.
constexpr std::pair<sgmc_sampler_family, const char*> kFamilies[] = {
    {SGMC_FAMILY_CONTOUR, "contour"},
    {SGMC_FAMILY_INTERACTING, "interacting"},
    {SGMC_FAMILY_CYCLICAL, "cyclical"},
    {SGMC_FAMILY_REPLICA_EXCHANGE, "replica_exchange"},
    {SGMC_FAMILY_MHBT, "mhbt"},
};

/// The samplers that read `key`: "all", a family ("contour"), "all but
/// mhbt" (a set that leaves out few samplers reads best by those), or the
/// samplers' names.
std::string read_by_text(const char* key) {
  std::vector<std::string> samplers;
  std::vector<bool> reads;
  for (int64_t i = 0; i < sgmc_sampler_count(); ++i) {
    const char* name = nullptr;
    int32_t r = 0;
    check(sgmc_sampler_name(i, &name));
    check(sgmc_option_read_by(key, name, &r));
    samplers.emplace_back(name);
    reads.push_back(r != 0);
  }
  const auto names = [&](bool in) {
    std::string text;
    for (std::size_t s = 0; s < samplers.size(); ++s) {
      if (reads[s] != in) continue;
      if (!text.empty()) text += ", ";
      text += samplers[s];
    }
    return text;
  };
  if (names(false).empty()) return "all";
  for (const auto& [family, family_name] : kFamilies) {
    bool same = true;
    for (std::size_t s = 0; s < samplers.size(); ++s) same = same && in_family(samplers[s], family) == reads[s];
    if (same) return family_name;
  }
  const std::string left_out = names(false);
  return left_out.size() < 30 ? "all but " + left_out : names(true);
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
  const OptionSet defaults;
  std::string table =
      "| key | type | default | values | read by | resume | meaning |\n"
      "|---|---|---|---|---|---|---|\n";
  for (int64_t i = 0; i < sgmc_option_count(); ++i) {
    const char* key = nullptr;
    const char* doc = nullptr;
    sgmc_option_type type{};
    check(sgmc_option_info(i, &key, &type, &doc));
    int32_t resumable = 0;
    check(sgmc_option_resumable(key, &resumable));
    table += "| `" + std::string(key) + "` | " + option_type_name(type) + " | " +
             default_text(defaults.get(key)) + " | " + values_text(key, type) + " | " +
             read_by_text(key) + " | " + (resumable != 0 ? "yes" : "no") + " | " + cell(doc) +
             " |\n";
  }
  return table;
}

}  // namespace sgmc::app
