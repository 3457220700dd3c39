#include "verdict_report.hpp"

#include <cctype>
#include <cmath>

#include "library.hpp"

namespace sgmc::app {
namespace {

/// `text` with each "coordinate j" of the library written as names[j].
std::string named(std::string text, const std::vector<std::string>& names) {
  static const std::string kWord = "coordinate ";
  for (std::size_t at = text.find(kWord); at != std::string::npos; at = text.find(kWord, at)) {
    std::size_t end = at + kWord.size();
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) != 0) ++end;
    const std::size_t j = std::stoul(text.substr(at + kWord.size(), end - at - kWord.size()));
    const std::string name = j < names.size() ? names[j] : text.substr(at, end - at);
    text.replace(at, end - at, name);
    at += name.size();
  }
  return text;
}

}  // namespace

nlohmann::json verdict_json(const DrawsView& draws, const std::vector<std::string>& names) {
  int32_t trusted = 0;
  int64_t needed = 0, n = 0;
  check(sgmc_draws_verdict(draws.handle(), &trusted, nullptr, 0, &needed));
  std::string reasons(static_cast<std::size_t>(needed), '\0');
  check(sgmc_draws_verdict(draws.handle(), nullptr, reasons.data(), needed, nullptr));
  reasons.resize(static_cast<std::size_t>(needed - 1));
  reasons = named(reasons, names);
  check(sgmc_draws_check_count(draws.handle(), &n));
  nlohmann::json checks = nlohmann::json::array();
  for (int64_t i = 0; i < n; ++i) {
    const char *name = nullptr, *where = nullptr, *meaning = nullptr;
    double value = 0, limit = 0;
    int32_t fails_above = 0, passed = 0;
    check(sgmc_draws_check(draws.handle(), i, &name, &value, &limit, &fails_above, &passed, &where,
                           &meaning));
    checks.push_back({{"name", name},
                      {"value", std::isfinite(value) ? nlohmann::json(value) : nlohmann::json()},
                      {"limit", limit},
                      {"fails_above", fails_above != 0},
                      {"passed", passed != 0},
                      {"where", named(where, names)},
                      {"meaning", meaning}});
  }
  return {{"trusted", trusted != 0}, {"reasons", reasons}, {"checks", checks}};
}

std::string verdict_line(const nlohmann::json& verdict) {
  const auto& checks = verdict["checks"];
  const auto n = std::to_string(checks.size());
  if (verdict["trusted"].get<bool>()) return "verdict: trusted (" + n + " checks pass)";
  std::size_t failed = 0;
  for (const auto& c : checks) failed += !c["passed"].get<bool>();
  return "verdict: NOT TRUSTED (" + std::to_string(failed) + " of " + n + " checks fail) - " +
         verdict["reasons"].get<std::string>();
}

}  // namespace sgmc::app
