#include "sgmc/models/parameter_names.hpp"

#include <set>

#include "sgmc/core/error.hpp"
#include "sgmc/models/model.hpp"

namespace sgmc {

std::vector<std::string> Model::parameter_names() const { return indexed_names("x", dim()); }

std::vector<std::string> indexed_names(const std::string& prefix, Index n) {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(n));
  for (Index i = 1; i <= n; ++i) names.push_back(prefix + "[" + std::to_string(i) + "]");
  return names;
}

std::vector<std::string> coefficient_names(const Dataset& data, bool intercept) {
  std::vector<std::string> names =
      data.feature_names().empty() ? indexed_names("x", data.n_features()) : data.feature_names();
  if (intercept) names.emplace_back("(Intercept)");
  return names;
}

void check_parameter_names(std::span<const std::string> names, Index dim, const char* argument) {
  const auto count = static_cast<Index>(names.size());
  require(count == dim, argument, show(count) + " names",
          ("must have one name per parameter, " + show(dim)).c_str());
  std::set<std::string> seen;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string where = std::string(argument) + "[" + std::to_string(i) + "]";
    require(!names[i].empty(), where.c_str(), "\"\"", "must not be empty");
    require(seen.insert(names[i]).second, where.c_str(), "\"" + names[i] + "\"",
            "is the name of an earlier parameter too");
  }
}

}  // namespace sgmc
