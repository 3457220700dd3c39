#include "summary.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "sgmc/core/error.hpp"
#include "sgmc/diagnostics/chain_draws.hpp"
#include "sgmc/diagnostics/convergence.hpp"
#include "sgmc/estimators/weighted.hpp"

namespace sgmc::app {
namespace {

/// NaN (posterior's NA) becomes JSON null.
nlohmann::json number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

/// The chains that sample the target: those at the lowest temperature (all
/// of them except for replica exchange, whose hotter replicas only help).
std::vector<const ChainRecord*> target_chains(const RunRecord& record) {
  double lowest = record.chains.front().temperature;
  for (const auto& c : record.chains) lowest = std::min(lowest, c.temperature);
  std::vector<const ChainRecord*> out;
  for (const auto& c : record.chains) {
    if (c.temperature == lowest) out.push_back(&c);
  }
  return out;
}

/// Coordinate j of the chains as n x n_chains, or an empty matrix when the
/// chains differ in length or hold fewer than the 4 draws R-hat needs.
ChainDraws coordinate_by_chain(const std::vector<const ChainRecord*>& chains, Index j) {
  const Index n = chains.front()->draws.size();
  for (const auto* c : chains) {
    if (c->draws.size() != n || n < 4) return {};
  }
  ChainDraws out(n, std::ssize(chains));
  for (std::size_t c = 0; c < chains.size(); ++c) {
    out.col(static_cast<Index>(c)) = chains[c]->draws.draws().row(j).transpose();
  }
  return out;
}

/// Coordinate j of the chains pooled, as one column.
ChainDraws coordinate_pooled(const std::vector<const ChainRecord*>& chains, Index j) {
  Index n = 0;
  for (const auto* c : chains) n += c->draws.size();
  ChainDraws out(n, 1);
  Index at = 0;
  for (const auto* c : chains) {
    out.col(0).segment(at, c->draws.size()) = c->draws.draws().row(j).transpose();
    at += c->draws.size();
  }
  return out;
}

nlohmann::json coordinate_summary(const std::vector<const ChainRecord*>& chains, Index j,
                                  const std::string& name) {
  nlohmann::json s = {{"name", name}};
  const ChainDraws pooled = coordinate_pooled(chains, j);
  if (pooled.rows() < 2) return s;
  s["mean"] = pooled.mean();
  s["sd"] = std::sqrt(sample_variance(pooled.col(0)));
  s["q5"] = quantile(pooled, 0.05);
  s["q50"] = quantile(pooled, 0.5);
  s["q95"] = quantile(pooled, 0.95);
  const ChainDraws by_chain = coordinate_by_chain(chains, j);
  if (by_chain.size() == 0) return s;
  s["rhat"] = number(convergence(by_chain, ConvergenceStat::kRhat));
  s["ess_bulk"] = number(convergence(by_chain, ConvergenceStat::kEssBulk));
  s["ess_tail"] = number(convergence(by_chain, ConvergenceStat::kEssTail));
  return s;
}

nlohmann::json values(const Vec& v) { return std::vector<double>(v.begin(), v.end()); }

/// Contour samplers: each chain's self-normalised weighted mean and sd with
/// Kish's ESS, and the mean of the chains' means (each chain has its own
/// theta, so estimates are per chain: docs/contour.md).
nlohmann::json weighted_summary(const RunRecord& record) {
  nlohmann::json chains = nlohmann::json::array();
  Vec sum = Vec::Zero(record.chains.front().draws.dim());
  Index used = 0;
  for (const auto& c : record.chains) {
    if (c.draws.size() == 0) {
      chains.push_back(nullptr);
      continue;
    }
    const WeightedMoments m = weighted_moments(c.draws.draws(), c.log_weights);
    chains.push_back({{"mean", values(m.mean)},
                      {"sd", values(m.variance.cwiseSqrt())},
                      {"kish_ess", m.ess}});
    sum += m.mean;
    ++used;
  }
  nlohmann::json mean;
  if (used > 0) mean = values(sum / static_cast<double>(used));
  return {{"mean", mean}, {"chains", chains}};
}

/// Contour samplers (SPEC §4.4): each chain's partition, the statistics of
/// every theta with their limits, and the verdict.
nlohmann::json contour_summary(const RunRecord& record) {
  nlohmann::json partitions = nlohmann::json::array();
  for (const auto& c : record.chains) {
    if (!c.partition) {  // stopped during its pilot
      partitions.push_back(nullptr);
      continue;
    }
    partitions.push_back({{"u1", c.partition->u1}, {"du", c.partition->du}, {"m", c.partition->m},
                          {"zeta", c.zeta}, {"pilot_steps", c.pilot_steps},
                          {"automatic", c.automatic}});
  }
  const RunDiagnostics& run = *record.contour;
  nlohmann::json diagnostics = nlohmann::json::array();
  for (std::size_t t = 0; t < run.thetas.size(); ++t) {
    nlohmann::json checks = nlohmann::json::object();
    for (std::size_t k = 0; k < kContourChecks; ++k) {
      const auto& spec = contour_checks()[k];
      const double value = run.thetas[t][k];
      checks[std::string(spec.name)] = {{"value", number(value)},
                                        {"limit", spec.limit},
                                        {"fails_above", spec.fails_above},
                                        {"pass", passes(static_cast<ContourCheck>(k), value)}};
    }
    diagnostics.push_back({{"label", run.labels[t]}, {"checks", checks}});
  }
  return {{"partitions", partitions},
          {"diagnostics", diagnostics},
          {"verdict", {{"converged", run.verdict.converged}, {"reasons", run.verdict.reasons}}}};
}

/// MHBT: acceptance rates over all chains, overall and split by the
/// direction of the proposal, and each chain's counts.
nlohmann::json acceptance_summary(const RunRecord& record) {
  MhbtStats total;
  nlohmann::json chains = nlohmann::json::array();
  for (const auto& c : record.chains) {
    const MhbtStats& s = *c.acceptance;
    total.proposed += s.proposed;
    total.accepted += s.accepted;
    total.forward_proposed += s.forward_proposed;
    total.forward_accepted += s.forward_accepted;
    chains.push_back({{"proposed", s.proposed}, {"accepted", s.accepted},
                      {"forward_proposed", s.forward_proposed},
                      {"forward_accepted", s.forward_accepted}, {"beta", s.beta}});
  }
  const auto rate = [](Index accepted, Index proposed) {
    return number(static_cast<double>(accepted) / static_cast<double>(proposed));
  };
  return {{"rate", rate(total.accepted, total.proposed)},
          {"forward", rate(total.forward_accepted, total.forward_proposed)},
          {"backward", rate(total.accepted - total.forward_accepted,
                            total.proposed - total.forward_proposed)},
          {"chains", chains}};
}

}  // namespace

nlohmann::json summarise(const RunRecord& record) {
  nlohmann::json draws_per_chain = nlohmann::json::array();
  nlohmann::json faults_per_chain = nlohmann::json::array();
  for (const auto& c : record.chains) {
    draws_per_chain.push_back(c.draws.size());
    faults_per_chain.push_back(c.faults);
  }
  // The fault of the model that stopped the run, or null (docs/faults.md).
  nlohmann::json fault;
  if (const auto& f = record.outcome.fault) {
    fault = {{"chain", f->chain()}, {"step", f->step()}, {"message", f->what()}};
  }
  nlohmann::json out = {{"sampler", sampler_name(record.kind)},
                        {"n_chains", record.chains.size()},
                        {"n_steps", record.n_steps},
                        {"steps_done", record.outcome.steps_done},
                        {"interrupted", record.outcome.cancelled},
                        {"wall_seconds", record.seconds},
                        {"draws_per_chain", draws_per_chain},
                        {"faults_per_chain", faults_per_chain},
                        {"fault", fault}};
  if (record.chains.empty()) return out;
  nlohmann::json temperatures = nlohmann::json::array();
  for (const auto& c : record.chains) temperatures.push_back(c.temperature);
  out["temperatures"] = temperatures;
  const auto chains = target_chains(record);
  nlohmann::json coordinates = nlohmann::json::array();
  for (Index j = 0; j < record.chains.front().draws.dim(); ++j) {
    coordinates.push_back(coordinate_summary(chains, j, record.names[static_cast<std::size_t>(j)]));
  }
  out["coordinates"] = coordinates;
  if (is_contour(record.kind)) out["weighted"] = weighted_summary(record);
  if (record.contour) out["contour"] = contour_summary(record);
  if (record.chains.front().acceptance) out["acceptance"] = acceptance_summary(record);
  return out;
}

std::string contour_line(const RunRecord& record) {
  const auto& verdict = record.contour->verdict;
  if (!verdict.converged) return "contour: NOT CONVERGED - " + verdict.reasons;
  const ChainRecord& first = record.chains.front();
  std::ostringstream line;
  line << "contour: converged";
  if (first.partition) {
    line << " (chain 0: u1 = " << first.partition->u1 << ", du = " << first.partition->du
         << ", m = " << first.partition->m << ", zeta = " << first.zeta
         << (first.automatic ? ", chosen by the pilot)" : ", as set)");
  }
  return line.str();
}

void write_summary(const std::string& path, const nlohmann::json& summary) {
  std::ofstream out(path);
  out << summary.dump(2) << "\n";
  if (!out.flush()) throw Error(ErrorKind::kIo, "cannot write the summary file '" + path + "'");
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
