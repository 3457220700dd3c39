// posteriordb (github.com/stan-dev/posteriordb, BSD 3-Clause) as the
// benchmarks read it: in place, from ../shared/posteriordb beside the
// checkout (never copied into the repository). Every posterior folder holds
// model.stan, data.json and reference_draws.json (10 chains x 1000 NUTS
// draws, a map name -> draws per chain) with reference_info.json (their
// bulk ESS per parameter).
#pragma once

#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sgmc/core/types.hpp"

namespace sgmc::bench {

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return nlohmann::json::parse(in);
}

/// True when `dir` holds posterior folder `name` (a missing posteriordb is
/// skipped, not an error: it lives outside the repository).
inline bool has_posterior(const std::string& dir, const std::string& name) {
  return std::filesystem::exists(dir + "/" + name + "/reference_draws.json");
}

/// The reference draws' moments of the parameters `names`, in that order,
/// with their own Monte Carlo errors: those of the mean (sd / sqrt(ESS))
/// and of the sd (relative, sqrt((kurtosis - 1) / (4 ESS))), from the bulk
/// ESS that reference_info.json reports.
struct ReferenceMoments {
  Vec mean, sd;
  Vec ess;         ///< NUTS bulk ESS (about 10,000)
  Vec sd_rel_se;   ///< standard error of sd / sd
};

inline ReferenceMoments reference_moments(const std::string& folder,
                                          const std::vector<std::string>& names) {
  const auto chains = read_json(folder + "/reference_draws.json");
  const auto info = read_json(folder + "/reference_info.json").at("diagnostics");
  const auto& info_names = info.at("diagnostic_information").at("names");
  const auto p = static_cast<Index>(names.size());
  ReferenceMoments out{Vec::Zero(p), Vec::Zero(p), Vec::Zero(p), Vec::Zero(p)};
  for (Index j = 0; j < p; ++j) {
    const auto& name = names[static_cast<std::size_t>(j)];
    std::vector<double> all;
    for (const auto& chain : chains) {
      for (const double v : chain.at(name)) all.push_back(v);
    }
    double m = 0, m2 = 0, m4 = 0;
    for (const double v : all) m += v / static_cast<double>(all.size());
    for (const double v : all) {
      const double c = (v - m) * (v - m);
      m2 += c / static_cast<double>(all.size());
      m4 += c * c / static_cast<double>(all.size());
    }
    out.mean[j] = m;
    out.sd[j] = std::sqrt(m2);
    for (std::size_t k = 0; k < info_names.size(); ++k) {
      if (info_names[k] == name) out.ess[j] = info.at("effective_sample_size_bulk")[k];
    }
    out.sd_rel_se[j] = std::sqrt((m4 / (m2 * m2) - 1.0) / (4.0 * out.ess[j]));
  }
  return out;
}

/// Draw `draw` of reference chain `chain`: the parameters `names`, in order.
inline Vec reference_draw(const std::string& folder, const std::vector<std::string>& names,
                          std::size_t chain, std::size_t draw) {
  const auto chains = read_json(folder + "/reference_draws.json");
  Vec x(static_cast<Index>(names.size()));
  for (std::size_t j = 0; j < names.size(); ++j) x[static_cast<Index>(j)] = chains.at(chain).at(names[j]).at(draw);
  return x;
}

}  // namespace sgmc::bench
