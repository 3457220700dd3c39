#include "verdict_report.hpp"

#include <cmath>

#include "library.hpp"

namespace sgmc::app {

nlohmann::json verdict_json(const DrawsView& draws) {
  int32_t trusted = 0;
  int64_t needed = 0, n = 0;
  check(sgmc_draws_verdict(draws.handle(), &trusted, nullptr, 0, &needed));
  std::string reasons(static_cast<std::size_t>(needed), '\0');
  check(sgmc_draws_verdict(draws.handle(), nullptr, reasons.data(), needed, nullptr));
  reasons.resize(static_cast<std::size_t>(needed - 1));
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
                      {"where", where},
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
