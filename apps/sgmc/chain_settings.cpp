#include "chain_settings.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <vector>

namespace sgmc::app {
namespace {

/// Member `key` of every chain's settings that has it (of `part`, when not
/// null: "warm_up").
template <typename T>
std::vector<T> across_chains(const nlohmann::json& settings, const char* part, const char* key) {
  std::vector<T> out;
  for (const auto& chain : settings) {
    const auto& where = part != nullptr ? chain[part] : chain;
    if (where.is_object() && where.contains(key)) out.push_back(where[key].get<T>());
  }
  return out;
}

/// "x" when the chains agree (as `show` writes them), else "min .. max".
template <typename T, typename Show>
std::string span(std::vector<T> v, Show show) {
  std::sort(v.begin(), v.end());
  const std::string low = show(v.front()), high = show(v.back());
  return low == high ? low : low + " .. " + high;
}

/// "x", or the median "x (chains min .. max)" when the chains differ.
template <typename Show>
std::string median_span(std::vector<double> v, Show show) {
  std::sort(v.begin(), v.end());
  const std::string range = span(v, show);
  if (range == show(v.front())) return range;
  return show(v[v.size() / 2]) + " (chains " + range + ")";
}

/// Step sizes span decades: 1.2e-04.
std::string show_step(double x) {
  std::ostringstream out;
  out << std::scientific << std::setprecision(1) << x;
  return out.str();
}

std::string show_friction(double x) {
  std::ostringstream out;
  out << std::setprecision(2) << x;
  return out.str();
}

/// Temperatures: 9.62, 100.
std::string show_temperature(double x) {
  std::ostringstream out;
  out << std::setprecision(3) << x;
  return out.str();
}

/// Decays near 1: 0.999, 0.9995.
std::string show_decay(double x) {
  std::ostringstream out;
  out << std::setprecision(4) << x;
  return out.str();
}

std::string show_count(Index n) { return std::to_string(n); }

/// "converged", "not converged" or "converged in k of n chains".
std::string convergence(const std::vector<bool>& converged) {
  const auto k = std::count(converged.begin(), converged.end(), true);
  if (k == std::ssize(converged)) return "converged";
  if (k == 0) return "not converged";
  return "converged in " + std::to_string(k) + " of " + std::to_string(converged.size()) + " chains";
}

}  // namespace

nlohmann::json chain_settings(const DrawsView& draws) {
  const bool sghmc = draws.has_statistic("friction");
  const bool walk = draws.has_statistic("rw_scale");
  const bool rmsprop = draws.has_statistic("rms_decay");
  const bool ladder = draws.has_statistic("temperature_max");  // resgld: each replica's rung
  const bool automatic = draws.has_statistic("warm_up_curvature");
  const bool acceptance = draws.has_statistic("warm_up_acceptance");
  nlohmann::json out = nlohmann::json::array();
  for (Index c = 0; c < draws.n_chains(); ++c) {
    nlohmann::json chain = {{"step_size", draws.stat(c, "step_size")}};
    if (sghmc) chain["friction"] = draws.stat(c, "friction");
    if (walk) chain["rw_scale"] = draws.stat(c, "rw_scale");
    if (rmsprop) chain["rms_decay"] = draws.stat(c, "rms_decay");
    if (ladder) chain["temperature"] = draws.stat(c, "temperature");
    chain["warm_up"] = nullptr;
    if (automatic) {
      chain["warm_up"] = {{"search_steps", draws.int_stat(c, "warm_up_search_steps")},
                          {"search_converged", draws.int_stat(c, "warm_up_search_converged") != 0},
                          {"windows", draws.int_stat(c, "warm_up_windows")},
                          {"curvature", draws.stat(c, "warm_up_curvature")},
                          {"noise", draws.stat(c, "warm_up_noise")}};
      if (acceptance) chain["warm_up"]["acceptance"] = draws.stat(c, "warm_up_acceptance");
    }
    out.push_back(chain);
  }
  return out;
}

std::string warm_up_line(const nlohmann::json& settings) {
  const auto converged = across_chains<bool>(settings, "warm_up", "search_converged");
  if (converged.empty()) return "";
  // MHBT's random walk: its delta is its step, and its windows measured an acceptance.
  const auto walk = across_chains<double>(settings, nullptr, "rw_scale");
  std::string line = walk.empty() ? "warm-up: step_size " +
                                        median_span(across_chains<double>(settings, nullptr, "step_size"), show_step)
                                  : "warm-up: rw_scale " + median_span(walk, show_step);
  const auto friction = across_chains<double>(settings, nullptr, "friction");
  if (!friction.empty()) line += ", friction " + median_span(friction, show_friction);
  const auto decay = across_chains<double>(settings, nullptr, "rms_decay");
  if (!decay.empty()) line += ", rms_decay " + span(decay, show_decay);
  const auto acceptance = across_chains<double>(settings, "warm_up", "acceptance");
  if (!acceptance.empty()) line += ", acceptance " + median_span(acceptance, show_friction);
  auto temperatures = across_chains<double>(settings, nullptr, "temperature");
  if (!temperatures.empty()) {
    line += ", temperature_max " + show_temperature(*std::max_element(temperatures.begin(), temperatures.end()));
  }
  return line + ", search " + span(across_chains<Index>(settings, "warm_up", "search_steps"), show_count) +
         " iterations (" + convergence(converged) + "), " +
         span(across_chains<Index>(settings, "warm_up", "windows"), show_count) + " windows";
}

}  // namespace sgmc::app
