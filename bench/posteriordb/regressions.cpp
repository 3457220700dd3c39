// The seven regression posteriors as LinearRegression models: each Stan
// program's transformed data applied to data.json (logs, the interaction
// term, nes's age dummies, arK's lagged values) and its priors read off
// model.stan (no statement = flat).
#include <cmath>
#include <stdexcept>

#include "../common/posteriordb.hpp"
#include "exact_regression.hpp"
#include "posterior.hpp"
#include "sgmc/data/dataset.hpp"
#include "sgmc/models/linear_regression.hpp"

namespace sgmc::bench {
namespace {

struct Columns {
  std::vector<std::vector<double>> features;  ///< one vector per column
  std::vector<double> targets;
  LinearPriors priors;
  std::vector<std::string> coef_names;  ///< Stan names of w_1..w_p (then the intercept's)
  std::string intercept_name = "beta[1]";
};

std::vector<double> column(const nlohmann::json& data, const char* key) {
  return data.at(key).get<std::vector<double>>();
}

std::vector<double> logs(std::vector<double> v) {
  for (double& x : v) x = std::log(x);
  return v;
}

/// "beta[first]" .. "beta[first + n - 1]".
std::vector<std::string> betas(int first, int n) {
  std::vector<std::string> out;
  for (int k = first; k < first + n; ++k) out.push_back("beta[" + std::to_string(k) + "]");
  return out;
}

/// Stan's beta[1] is the intercept: flat coefficients, half-Cauchy(0, 2.5) sigma (kidiq).
LinearPriors flat_coefs(NoisePrior noise, double noise_scale) {
  LinearPriors p;
  p.coef = CoefPrior::kFlat;
  p.noise = noise;
  p.noise_scale = noise_scale;
  return p;
}

Columns columns_of(const std::string& name, const nlohmann::json& d) {
  Columns c;
  if (name == "sblri-blr") {
    // target += normal_lpdf(beta | 0, 10) + normal_lpdf(sigma | 0, 10); no intercept.
    const auto x = d.at("X").get<std::vector<std::vector<double>>>();
    const auto n_cols = d.at("D").get<std::size_t>();
    c.features.assign(n_cols, {});
    for (const auto& row : x) {
      for (std::size_t j = 0; j < n_cols; ++j) c.features[j].push_back(row[j]);
    }
    c.targets = column(d, "y");
    c.priors = {false, CoefPrior::kNormal, 10.0, NoisePrior::kHalfNormal, 10.0};
    c.coef_names = betas(1, static_cast<int>(n_cols));
  } else if (name == "kidiq-kidscore_momiq") {
    c.features = {column(d, "mom_iq")};
    c.targets = column(d, "kid_score");
    c.priors = flat_coefs(NoisePrior::kHalfCauchy, 2.5);
    c.coef_names = betas(2, 1);
  } else if (name == "kidiq-kidscore_interaction") {
    const auto hs = column(d, "mom_hs"), iq = column(d, "mom_iq");
    std::vector<double> inter(hs.size());
    for (std::size_t i = 0; i < hs.size(); ++i) inter[i] = hs[i] * iq[i];
    c.features = {hs, iq, inter};
    c.targets = column(d, "kid_score");
    c.priors = flat_coefs(NoisePrior::kHalfCauchy, 2.5);
    c.coef_names = betas(2, 3);
  } else if (name == "earnings-logearn_height") {
    c.features = {column(d, "height")};
    c.targets = logs(column(d, "earn"));
    c.priors = flat_coefs(NoisePrior::kFlat, 1.0);
    c.coef_names = betas(2, 1);
  } else if (name == "mesquite-logmesquite") {
    c.features = {logs(column(d, "diam1")),         logs(column(d, "diam2")),
                  logs(column(d, "canopy_height")), logs(column(d, "total_height")),
                  logs(column(d, "density")),       column(d, "group")};
    c.targets = logs(column(d, "weight"));
    c.priors = flat_coefs(NoisePrior::kFlat, 1.0);
    c.coef_names = betas(2, 6);
  } else if (name == "nes2000-nes") {
    const auto age = d.at("age_discrete").get<std::vector<int>>();
    std::vector<std::vector<double>> dummies(3, std::vector<double>(age.size()));
    for (std::size_t i = 0; i < age.size(); ++i) {
      for (int level = 2; level <= 4; ++level) dummies[static_cast<std::size_t>(level - 2)][i] = age[i] == level;
    }
    c.features = {column(d, "real_ideo"), column(d, "race_adj"), dummies[0], dummies[1], dummies[2],
                  column(d, "educ1"),     column(d, "gender"),   column(d, "income")};
    c.targets = column(d, "partyid7");
    c.priors = flat_coefs(NoisePrior::kFlat, 1.0);
    c.coef_names = betas(2, 8);
  } else if (name == "arK-arK") {
    // Datum t (t = K+1..T) is y[t] given y[t-1..t-K]: exact per-datum terms.
    const auto y = column(d, "y");
    const auto k_lags = d.at("K").get<std::size_t>();
    c.features.assign(k_lags, {});
    for (std::size_t t = k_lags; t < y.size(); ++t) {
      for (std::size_t k = 1; k <= k_lags; ++k) c.features[k - 1].push_back(y[t - k]);
      c.targets.push_back(y[t]);
    }
    c.priors = {true, CoefPrior::kNormal, 10.0, NoisePrior::kHalfCauchy, 2.5};
    c.coef_names = betas(1, static_cast<int>(k_lags));
    c.intercept_name = "alpha";
  } else {
    throw std::runtime_error("not a regression posterior: " + name);
  }
  return c;
}

}  // namespace

Posterior load_regression(const std::string& dir, const std::string& name) {
  const Columns c = columns_of(name, read_json(dir + "/" + name + "/data.json"));
  const auto p = static_cast<Index>(c.features.size());
  const auto n = static_cast<Index>(c.targets.size());
  std::vector<double> rows(static_cast<std::size_t>(n * p));
  for (Index i = 0; i < n; ++i) {
    for (Index j = 0; j < p; ++j) {
      rows[static_cast<std::size_t>(i * p + j)] = c.features[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)];
    }
  }
  Posterior out;
  out.name = name;
  out.model = std::make_shared<LinearRegression>(Dataset::copy(n, p, rows.data(), c.targets.data()), c.priors);
  using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  out.exact = exact_regression_moments(Eigen::Map<const RowMajor>(rows.data(), n, p),
                                       Eigen::Map<const Vec>(c.targets.data(), n), c.priors);
  // sgmc's coordinates (w_1..w_p, b, log sigma); Stan's (b, w_1..w_p, sigma).
  const bool b = c.priors.intercept;
  if (b) out.names.push_back(c.intercept_name);
  out.names.insert(out.names.end(), c.coef_names.begin(), c.coef_names.end());
  out.names.push_back("sigma");
  out.constrained = [p, b](ConstVecRef z) {
    Vec x(z.size());
    if (b) x[0] = z[p];
    x.segment(b, p) = z.head(p);
    x[z.size() - 1] = std::exp(z[z.size() - 1]);
    return x;
  };
  out.unconstrained = [p, b](ConstVecRef x) {
    Vec z(x.size());
    if (b) z[p] = x[0];
    z.head(p) = x.segment(b, p);
    z[x.size() - 1] = std::log(x[x.size() - 1]);
    return z;
  };
  return out;
}

}  // namespace sgmc::bench
