#include "sgmc/verdict/check.hpp"
#include "sgmc/core/shown.hpp"

#include <algorithm>
#include <cmath>

namespace sgmc {

bool Verdict::trusted() const {
  return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.passed(); });
}

std::string Verdict::reasons() const {
  std::string out;
  for (const Check& check : checks) {
    if (check.passed()) continue;
    if (!out.empty()) out += "; ";
    out += check.name;
    out += std::isnan(check.value) ? " cannot be computed" : " = " + shown(check.value);
    if (!check.where.empty()) out += " at " + check.where;
    out += std::string(" (limit ") + (check.fails_above ? "<= " : ">= ") + shown(check.limit) +
           "): " + check.meaning;
  }
  return out;
}

}  // namespace sgmc
