// The verdict of a run (docs/verdict.md) as `sgmc run` reports it: a JSON
// block in summary.json and a line on the terminal.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "draws_view.hpp"

namespace sgmc::app {

/// {"trusted": bool, "reasons": "...", "checks": [{"name", "value" (null
/// for NaN), "limit", "fails_above", "passed", "where", "meaning"}, ...]}
/// (sgmc_draws_verdict, sgmc_draws_check), each "coordinate j" in the
/// reasons and places written as names[j]. Precondition: draws with chains.
nlohmann::json verdict_json(const DrawsView& draws, const std::vector<std::string>& names);

/// "verdict: trusted (7 checks pass)" or "verdict: NOT TRUSTED (2 of 7
/// checks fail) - <the reasons>".
std::string verdict_line(const nlohmann::json& verdict);

}  // namespace sgmc::app
