#include "summary.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "chain_settings.hpp"
#include "draws_view.hpp"
#include "verdict_report.hpp"

namespace sgmc::app {
namespace {

/// NaN (posterior's NA) becomes JSON null.
nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

nlohmann::json values(const Vec& v) { return std::vector<double>(v.begin(), v.end()); }

/// The chains that sample the target: those at the lowest temperature (all
/// of them except for replica exchange, whose hotter replicas only help),
/// each as its d x n draws.
std::vector<Eigen::MatrixXd> target_chains(const DrawsView& draws) {
  std::vector<double> temperatures;
  for (Index c = 0; c < draws.n_chains(); ++c) temperatures.push_back(draws.stat(c, "temperature"));
  const double lowest = *std::min_element(temperatures.begin(), temperatures.end());
  std::vector<Eigen::MatrixXd> out;
  for (Index c = 0; c < draws.n_chains(); ++c) {
    if (temperatures[static_cast<std::size_t>(c)] == lowest) out.push_back(draws.points(c));
  }
  return out;
}

/// Coordinate j of the chains as n x n_chains (column-major, as
/// sgmc_convergence() takes them), or an empty matrix when the chains differ
/// in length or hold fewer than the 4 draws R-hat needs.
Eigen::MatrixXd coordinate_by_chain(const std::vector<Eigen::MatrixXd>& chains, Index j) {
  const Index n = chains.front().cols();
  for (const auto& c : chains) {
    if (c.cols() != n || n < 4) return {};
  }
  Eigen::MatrixXd out(n, std::ssize(chains));
  for (std::size_t c = 0; c < chains.size(); ++c) {
    out.col(static_cast<Index>(c)) = chains[c].row(j).transpose();
  }
  return out;
}

nlohmann::json convergence(const Eigen::MatrixXd& by_chain, sgmc_convergence_stat stat) {
  double value = 0;
  check(sgmc_convergence(by_chain.data(), by_chain.rows(), by_chain.cols(), stat, &value));
  return number(value);
}

nlohmann::json coordinate_summary(const std::vector<Eigen::MatrixXd>& chains, Index j,
                                  const std::string& name) {
  nlohmann::json s = {{"name", name}};
  std::vector<double> pooled;
  for (const auto& c : chains) {
    for (Index i = 0; i < c.cols(); ++i) pooled.push_back(c(j, i));
  }
  if (pooled.size() < 2) return s;
  constexpr double kProbs[] = {0.05, 0.5, 0.95};
  double mean = 0, sd = 0, q[3];
  check(sgmc_summary_stats(pooled.data(), std::ssize(pooled), kProbs, 3, &mean, &sd, q));
  s["mean"] = mean;
  s["sd"] = sd;
  s["q5"] = q[0];
  s["q50"] = q[1];
  s["q95"] = q[2];
  const Eigen::MatrixXd by_chain = coordinate_by_chain(chains, j);
  if (by_chain.size() == 0) return s;
  s["rhat"] = convergence(by_chain, SGMC_RHAT);
  s["ess_bulk"] = convergence(by_chain, SGMC_ESS_BULK);
  s["ess_tail"] = convergence(by_chain, SGMC_ESS_TAIL);
  return s;
}

/// Contour samplers: each chain's self-normalised weighted mean and sd with
/// Kish's ESS, and the mean of the chains' means (each chain has its own
/// theta, so estimates are per chain: docs/contour.md).
nlohmann::json weighted_summary(const DrawsView& draws) {
  nlohmann::json chains = nlohmann::json::array();
  Vec sum = Vec::Zero(draws.dim());
  Index used = 0;
  for (Index c = 0; c < draws.n_chains(); ++c) {
    if (draws.count(c) == 0) {
      chains.push_back(nullptr);
      continue;
    }
    Vec mean(draws.dim()), variance(draws.dim());
    double ess = 0;
    check(sgmc_draws_weighted_moments(draws.handle(), c, SGMC_WEIGHT_INTERPOLATED,
                                      SGMC_WEIGHT_RUNNING, mean.data(), variance.data(),
                                      draws.dim(), &ess));
    chains.push_back({{"mean", values(mean)}, {"sd", values(variance.cwiseSqrt())}, {"kish_ess", ess}});
    sum += mean;
    ++used;
  }
  nlohmann::json mean;
  if (used > 0) mean = values(sum / static_cast<double>(used));
  return {{"mean", mean}, {"chains", chains}};
}

/// The verdict on a diagnosed run (sgmc_draws_contour_verdict).
std::pair<bool, std::string> verdict(const DrawsView& draws) {
  int32_t converged = 0;
  int64_t needed = 0;
  check(sgmc_draws_contour_verdict(draws.handle(), &converged, nullptr, 0, &needed));
  std::string reasons(static_cast<std::size_t>(needed), '\0');
  check(sgmc_draws_contour_verdict(draws.handle(), nullptr, reasons.data(), needed, nullptr));
  reasons.resize(static_cast<std::size_t>(needed - 1));
  return {converged != 0, reasons};
}

/// The statistics of one theta (chain -1: the row across chains) with
/// their limits.
nlohmann::json theta_checks(const DrawsView& draws, Index chain) {
  double value[SGMC_CONTOUR_CHECKS];
  check(sgmc_draws_contour_diagnostics(draws.handle(), chain, value, SGMC_CONTOUR_CHECKS));
  nlohmann::json checks = nlohmann::json::object();
  for (int k = 0; k < SGMC_CONTOUR_CHECKS; ++k) {
    const char* name = nullptr;
    double limit = 0;
    int32_t fails_above = 0;
    check(sgmc_contour_check_info(static_cast<sgmc_contour_check>(k), &name, &limit, &fails_above));
    const bool pass = fails_above != 0 ? value[k] <= limit : value[k] >= limit;  // false for NaN
    checks[name] = {{"value", number(value[k])},
                    {"limit", limit},
                    {"fails_above", fails_above != 0},
                    {"pass", pass}};
  }
  return checks;
}

/// Contour samplers (SPEC §4.4): each chain's partition, the statistics of
/// every theta with their limits, and the verdict.
nlohmann::json contour_summary(const RunResult& result, const DrawsView& draws) {
  nlohmann::json partitions = nlohmann::json::array();
  for (Index c = 0; c < draws.n_chains(); ++c) {
    if (!draws.has_stat(c, "contour_u1")) {  // stopped during its pilot
      partitions.push_back(nullptr);
      continue;
    }
    partitions.push_back({{"u1", draws.stat(c, "contour_u1")},
                          {"du", draws.stat(c, "contour_du")},
                          {"m", draws.int_stat(c, "contour_m")},
                          {"zeta", draws.stat(c, "contour_zeta")},
                          {"pilot_steps", draws.int_stat(c, "contour_pilot_steps")},
                          {"automatic", draws.int_stat(c, "contour_automatic") != 0}});
  }
  // One theta shared by all chains, or one per chain and the weighted
  // R-hat across them.
  nlohmann::json diagnostics = nlohmann::json::array();
  if (in_family(result.sampler, SGMC_FAMILY_INTERACTING)) {
    diagnostics.push_back({{"label", "all chains (shared theta)"}, {"checks", theta_checks(draws, 0)}});
  } else {
    for (Index c = 0; c < draws.n_chains(); ++c) {
      diagnostics.push_back({{"label", "chain " + std::to_string(c)}, {"checks", theta_checks(draws, c)}});
    }
    if (draws.n_chains() > 1) {
      diagnostics.push_back({{"label", "across chains"}, {"checks", theta_checks(draws, -1)}});
    }
  }
  const auto [converged, reasons] = verdict(draws);
  return {{"partitions", partitions},
          {"diagnostics", diagnostics},
          {"verdict", {{"converged", converged}, {"reasons", reasons}}}};
}

/// MHBT: acceptance rates over all chains, overall and split by the
/// direction of the proposal, and each chain's counts.
nlohmann::json acceptance_summary(const DrawsView& draws) {
  Index proposed = 0, accepted = 0, forward_proposed = 0, forward_accepted = 0;
  nlohmann::json chains = nlohmann::json::array();
  for (Index c = 0; c < draws.n_chains(); ++c) {
    const nlohmann::json counts = {{"proposed", draws.int_stat(c, "mhbt_proposed")},
                                   {"accepted", draws.int_stat(c, "mhbt_accepted")},
                                   {"forward_proposed", draws.int_stat(c, "mhbt_forward_proposed")},
                                   {"forward_accepted", draws.int_stat(c, "mhbt_forward_accepted")},
                                   {"beta", draws.stat(c, "mhbt_beta")}};
    proposed += counts["proposed"].get<Index>();
    accepted += counts["accepted"].get<Index>();
    forward_proposed += counts["forward_proposed"].get<Index>();
    forward_accepted += counts["forward_accepted"].get<Index>();
    chains.push_back(counts);
  }
  const auto rate = [](Index a, Index p) {
    return number(static_cast<double>(a) / static_cast<double>(p));
  };
  return {{"rate", rate(accepted, proposed)},
          {"forward", rate(forward_accepted, forward_proposed)},
          {"backward", rate(accepted - forward_accepted, proposed - forward_proposed)},
          {"chains", chains}};
}

}  // namespace

bool diagnosed(const RunResult& result) {
  return DrawsView(result.draws.get()).n_chains() > 0 &&
         in_family(result.sampler, SGMC_FAMILY_CONTOUR);
}

nlohmann::json summarise(const RunResult& result) {
  const DrawsView draws(result.draws.get());
  nlohmann::json draws_per_chain = nlohmann::json::array();
  nlohmann::json faults_per_chain = nlohmann::json::array();
  for (Index c = 0; c < draws.n_chains(); ++c) {
    draws_per_chain.push_back(draws.count(c));
    faults_per_chain.push_back(draws.int_stat(c, "faults"));
  }
  // The fault of the model that stopped the run, or null (docs/faults.md).
  nlohmann::json fault;
  if (const auto& f = result.fault) {
    fault = {{"chain", f->chain}, {"step", f->step}, {"message", f->message}};
  }
  nlohmann::json out = {{"sampler", result.sampler},
                        {"n_chains", draws.n_chains()},
                        {"n_steps", result.n_steps},
                        {"steps_done", result.steps_done},
                        {"interrupted", result.cancelled},
                        {"wall_seconds", result.seconds},
                        {"draws_per_chain", draws_per_chain},
                        {"faults_per_chain", faults_per_chain},
                        {"fault", fault}};
  if (draws.n_chains() == 0) return out;
  nlohmann::json temperatures = nlohmann::json::array();
  for (Index c = 0; c < draws.n_chains(); ++c) temperatures.push_back(draws.stat(c, "temperature"));
  out["temperatures"] = temperatures;
  out["settings"] = chain_settings(draws);
  const auto chains = target_chains(draws);
  nlohmann::json coordinates = nlohmann::json::array();
  for (Index j = 0; j < draws.dim(); ++j) {
    coordinates.push_back(coordinate_summary(chains, j, result.names[static_cast<std::size_t>(j)]));
  }
  out["coordinates"] = coordinates;
  if (in_family(result.sampler, SGMC_FAMILY_CONTOUR)) {
    out["weighted"] = weighted_summary(draws);
    out["contour"] = contour_summary(result, draws);
  }
  if (in_family(result.sampler, SGMC_FAMILY_MHBT)) out["acceptance"] = acceptance_summary(draws);
  out["verdict"] = verdict_json(draws, result.names);
  return out;
}

std::string contour_line(const RunResult& result) {
  const DrawsView draws(result.draws.get());
  const auto [converged, reasons] = verdict(draws);
  if (!converged) return "contour: NOT CONVERGED - " + reasons;
  std::ostringstream line;
  line << "contour: converged";
  if (draws.has_stat(0, "contour_u1")) {
    line << " (chain 0: u1 = " << draws.stat(0, "contour_u1") << ", du = " << draws.stat(0, "contour_du")
         << ", m = " << draws.int_stat(0, "contour_m") << ", zeta = " << draws.stat(0, "contour_zeta")
         << (draws.int_stat(0, "contour_automatic") != 0 ? ", chosen by the pilot)" : ", as set)");
  }
  return line.str();
}

void write_summary(const std::string& path, const nlohmann::json& summary) {
  std::ofstream out(path);
  out << summary.dump(2) << "\n";
  if (!out.flush()) throw Failure("cannot write the summary file '" + path + "'");
}

std::string summary_table(const nlohmann::json& summary) {
  if (!summary.contains("coordinates")) return "";
  const bool weighted = summary.contains("weighted");
  std::ostringstream out;
  const auto cell = [&](const nlohmann::json& v, int width, int precision) {
    out << std::setw(width);
    if (v.is_number()) {
      out << std::fixed << std::setprecision(precision) << v.get<double>();
    } else {
      out << "-";
    }
  };
  const auto& coordinates = summary["coordinates"];
  std::size_t width = 10;  // the names' column: the longest name and a space
  for (const auto& c : coordinates) width = std::max(width, c["name"].get<std::string>().size() + 1);
  const int name_width = static_cast<int>(width);
  out << std::left << std::setw(name_width) << "variable" << std::right << std::setw(10) << "mean"
      << std::setw(10) << "sd" << std::setw(10) << "q5" << std::setw(10) << "q50" << std::setw(10)
      << "q95" << std::setw(8) << "rhat" << std::setw(10) << "ess_bulk" << std::setw(10) << "ess_tail";
  if (weighted) out << std::setw(12) << "w_mean" << std::setw(10) << "w_sd";
  out << "\n";
  for (std::size_t j = 0; j < coordinates.size(); ++j) {
    const auto& c = coordinates[j];
    const auto get = [&](const char* key) { return c.contains(key) ? c[key] : nlohmann::json(); };
    out << std::left << std::setw(name_width) << c["name"].get<std::string>() << std::right;
    cell(get("mean"), 10, 3);
    cell(get("sd"), 10, 3);
    cell(get("q5"), 10, 3);
    cell(get("q50"), 10, 3);
    cell(get("q95"), 10, 3);
    cell(get("rhat"), 8, 3);
    cell(get("ess_bulk"), 10, 0);
    cell(get("ess_tail"), 10, 0);
    if (weighted) {
      // The mean over chains of each chain's weighted mean; the sd of chain 0.
      const auto& w = summary["weighted"];
      cell(w["mean"].is_array() ? w["mean"][j] : nlohmann::json(), 12, 3);
      const auto& first = w["chains"][0];
      cell(first.is_object() ? first["sd"][j] : nlohmann::json(), 10, 3);
    }
    out << "\n";
  }
  if (weighted) {
    out << "(the draws of a contour sampler are of the flattened target: its estimates are w_mean\n"
           " and w_sd, importance-weighted; trust them only when the contour line says converged)\n";
  }
  return out.str();
}

}  // namespace sgmc::app
