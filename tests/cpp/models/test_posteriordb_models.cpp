// bench/posteriordb's models of the nine posteriordb posteriors: gradients
// against central differences, per-datum batch sums, and energies against
// the Stan programs' log densities written out here independently (from
// data.json and model.stan, on the constrained scale, plus the
// log-Jacobian of the unconstrained one). Stan drops constants, so energy
// differences between two reference draws are compared; and the
// regressions' exact moments (the benches' reference) against the NUTS
// draws and a closed form. Skipped when ../shared/posteriordb is not beside
// the checkout.
#include <gtest/gtest.h>

#include <Eigen/LU>

#include <cmath>
#include <string>
#include <vector>

#include "common/posteriordb.hpp"
#include "posteriordb/exact_regression.hpp"
#include "posteriordb/posterior.hpp"
#include "support/model_checks.hpp"

namespace sgmc {
namespace {

using bench::Posterior;
using nlohmann::json;

double normal_lpdf(double y, double mu, double sigma) {
  const double r = (y - mu) / sigma;
  return -0.5 * r * r - std::log(sigma);
}

std::vector<double> col(const json& d, const char* key) { return d.at(key).get<std::vector<double>>(); }

/// Stan's log density (constants dropped) of the constrained parameters x
/// in the reference draws' order, plus log |d x / d z| of sgmc's z.
double stan_log_density(const std::string& name, const json& d, ConstVecRef x) {
  double lp = 0;
  const auto regression = [&](const std::vector<std::vector<double>>& design, const std::vector<double>& y) {
    const double sigma = x[x.size() - 1];
    for (std::size_t i = 0; i < y.size(); ++i) {
      double mu = 0;
      for (std::size_t k = 0; k < design.size(); ++k) mu += x[static_cast<Index>(k)] * design[k][i];
      lp += normal_lpdf(y[i], mu, sigma);
    }
    lp += std::log(sigma);  // Jacobian of sigma = exp(t)
  };
  const auto ones = [](std::size_t n) { return std::vector<double>(n, 1.0); };
  const auto logs = [](std::vector<double> v) {
    for (double& e : v) e = std::log(e);
    return v;
  };
  if (name == "sblri-blr") {
    const auto rows = d.at("X").get<std::vector<std::vector<double>>>();
    std::vector<std::vector<double>> design(5);
    for (const auto& r : rows) for (std::size_t k = 0; k < 5; ++k) design[k].push_back(r[k]);
    regression(design, col(d, "y"));
    for (Index k = 0; k < 5; ++k) lp += normal_lpdf(x[k], 0, 10);
    lp += normal_lpdf(x[5], 0, 10);
  } else if (name == "kidiq-kidscore_momiq") {
    const auto iq = col(d, "mom_iq");
    regression({ones(iq.size()), iq}, col(d, "kid_score"));
    lp += -std::log1p(std::pow(x[2] / 2.5, 2));
  } else if (name == "kidiq-kidscore_interaction") {
    const auto iq = col(d, "mom_iq"), hs = col(d, "mom_hs");
    std::vector<double> inter;
    for (std::size_t i = 0; i < iq.size(); ++i) inter.push_back(iq[i] * hs[i]);
    regression({ones(iq.size()), hs, iq, inter}, col(d, "kid_score"));
    lp += -std::log1p(std::pow(x[4] / 2.5, 2));
  } else if (name == "earnings-logearn_height") {
    const auto h = col(d, "height");
    regression({ones(h.size()), h}, logs(col(d, "earn")));
  } else if (name == "mesquite-logmesquite") {
    const auto g = col(d, "group");
    regression({ones(g.size()), logs(col(d, "diam1")), logs(col(d, "diam2")), logs(col(d, "canopy_height")),
                logs(col(d, "total_height")), logs(col(d, "density")), g},
               logs(col(d, "weight")));
  } else if (name == "nes2000-nes") {
    const auto age = d.at("age_discrete").get<std::vector<int>>();
    std::vector<double> a2, a3, a4;
    for (const int a : age) {
      a2.push_back(a == 2);
      a3.push_back(a == 3);
      a4.push_back(a == 4);
    }
    regression({ones(age.size()), col(d, "real_ideo"), col(d, "race_adj"), a2, a3, a4, col(d, "educ1"),
                col(d, "gender"), col(d, "income")},
               col(d, "partyid7"));
  } else if (name == "arK-arK") {
    const auto y = col(d, "y");
    const int k_lags = d.at("K");
    const double alpha = x[0], sigma = x[k_lags + 1];
    for (std::size_t t = static_cast<std::size_t>(k_lags); t < y.size(); ++t) {
      double mu = alpha;
      for (int k = 1; k <= k_lags; ++k) mu += x[k] * y[t - static_cast<std::size_t>(k)];
      lp += normal_lpdf(y[t], mu, sigma);
    }
    for (int k = 0; k <= k_lags; ++k) lp += normal_lpdf(x[k], 0, 10);
    lp += -std::log1p(std::pow(sigma / 2.5, 2)) + std::log(sigma);
  } else if (name == "low_dim_gauss_mix-low_dim_gauss_mix") {
    const double mu1 = x[0], mu2 = x[1], s1 = x[2], s2 = x[3], theta = x[4];
    for (const double y : col(d, "y")) {
      const double a = std::log(theta) + normal_lpdf(y, mu1, s1);
      const double b = std::log(1 - theta) + normal_lpdf(y, mu2, s2);
      lp += std::log(std::exp(a) + std::exp(b));
    }
    lp += normal_lpdf(s1, 0, 2) + normal_lpdf(s2, 0, 2) + normal_lpdf(mu1, 0, 2) + normal_lpdf(mu2, 0, 2) +
          4 * std::log(theta) + 4 * std::log(1 - theta);
    // z = (mu1, log(mu2 - mu1), log sigma, logit theta).
    lp += std::log(mu2 - mu1) + std::log(s1) + std::log(s2) + std::log(theta * (1 - theta));
  } else if (name == "eight_schools-eight_schools_noncentered") {
    const auto y = col(d, "y"), sigma = col(d, "sigma");
    const double mu = x[8], tau = x[9];
    for (std::size_t j = 0; j < 8; ++j) {
      const double trans = (x[static_cast<Index>(j)] - mu) / tau;
      lp += normal_lpdf(trans, 0, 1) + normal_lpdf(y[j], x[static_cast<Index>(j)], sigma[j]);
    }
    lp += normal_lpdf(mu, 0, 5) - std::log1p(std::pow(tau / 5, 2)) + std::log(tau);
  } else {
    ADD_FAILURE() << "no log density for " << name;
  }
  return lp;
}

double energy(const Model& model, ConstVecRef z) {
  std::vector<Index> all(static_cast<std::size_t>(model.data_size()));
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<Index>(i);
  const auto t = testing::evaluate_terms(model, z, all, nullptr, false);
  return t.batch_energy + t.prior_energy;
}

class PosteriordbModel : public ::testing::TestWithParam<std::string> {};

TEST_P(PosteriordbModel, MatchesStanAndDifferences) {
  const std::string dir = SGMC_POSTERIORDB_DIR, name = GetParam(), folder = dir + "/" + name;
  if (!bench::has_posterior(dir, name)) GTEST_SKIP() << "posteriordb is not at " << dir;
  const Posterior p = bench::load_posterior(dir, name);
  const json data = bench::read_json(folder + "/data.json");
  const Vec xa = bench::reference_draw(folder, p.names, 0, 0), xb = bench::reference_draw(folder, p.names, 1, 0);
  const Vec za = p.unconstrained(xa), zb = p.unconstrained(xb);
  EXPECT_LT((p.constrained(za) - xa).lpNorm<Eigen::Infinity>(), 1e-9 * (1 + xa.lpNorm<Eigen::Infinity>()));
  const double du = energy(*p.model, za) - energy(*p.model, zb);
  const double dlp = stan_log_density(name, data, xa) - stan_log_density(name, data, xb);
  EXPECT_NEAR(du, -dlp, 1e-8 * (1 + std::abs(dlp)));
  // Gradients: the full batch, and a batch with a repeated datum.
  std::vector<Index> all(static_cast<std::size_t>(p.model->data_size()));
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<Index>(i);
  const std::vector<Index> some{0, 3, 3, 5};
  for (const Vec& z : {za, zb}) {
    testing::expect_gradients_match_differences(*p.model, z, all, 1e-6, 1e-5);
    testing::expect_gradients_match_differences(*p.model, z, some, 1e-6, 1e-5);
  }
  testing::expect_batch_sums_add_up(*p.model, za);
}

class PosteriordbRegression : public ::testing::TestWithParam<std::string> {};

TEST_P(PosteriordbRegression, ExactMomentsAgreeWithTheNutsDraws) {
  // The regressions' exact moments, which the benches measure against
  // (exact_regression.hpp), against posteriordb's NUTS draws: within 4 of
  // the draws' own errors (they are 0.02 sd apart at most, 2.3 errors).
  const std::string dir = SGMC_POSTERIORDB_DIR, name = GetParam();
  if (!bench::has_posterior(dir, name)) GTEST_SKIP() << "posteriordb is not at " << dir;
  const Posterior p = bench::load_posterior(dir, name);
  ASSERT_TRUE(p.exact.has_value()) << name;
  const bench::ReferenceMoments nuts = bench::reference_moments(dir + "/" + name, p.names);
  for (Index j = 0; j < nuts.mean.size(); ++j) {
    const double mean_se = nuts.sd[j] / std::sqrt(nuts.ess[j]);
    EXPECT_NEAR(p.exact->mean[j], nuts.mean[j], 4.0 * mean_se) << p.names[static_cast<std::size_t>(j)];
    EXPECT_NEAR(nuts.sd[j] / p.exact->sd[j], 1.0, 4.0 * nuts.sd_rel_se[j]) << p.names[static_cast<std::size_t>(j)];
  }
}

TEST(ExactRegressionMoments, FlatPriorsGiveTheClosedForm) {
  // Flat priors on the coefficients and on sigma: the coefficients' mean is
  // least squares', sigma^2 ~ Inv-Gamma((n - q - 1) / 2, RSS / 2), so
  // Var(w) = RSS / (n - q - 3) (Z'Z)^-1; the quadrature must give these.
  constexpr Index n = 20;
  Eigen::MatrixXd x(n, 2);
  Vec y(n);
  for (Index i = 0; i < n; ++i) {
    const auto t = static_cast<double>(i);
    x(i, 0) = t, x(i, 1) = std::sin(t);
    y[i] = 1.0 + 0.5 * t - x(i, 1) + 0.7 * std::cos(3.0 * t);
  }
  LinearPriors priors;
  priors.coef = CoefPrior::kFlat;
  priors.noise = NoisePrior::kFlat;
  const bench::ReferenceMoments m = bench::exact_regression_moments(x, y, priors);
  Eigen::MatrixXd z(n, 3);
  z << Eigen::VectorXd::Ones(n), x;  // Stan's order: b, w_1, w_2
  const Eigen::MatrixXd gram_inv = (z.transpose() * z).inverse();
  const Vec ls = gram_inv * z.transpose() * y;
  const double rss = (y - z * ls).squaredNorm();
  const double e_sigma2 = rss / static_cast<double>(n - 3 - 3);
  for (Index j = 0; j < 3; ++j) {
    EXPECT_NEAR(m.mean[j], ls[j], 1e-8 * std::sqrt(gram_inv(j, j)));
    EXPECT_NEAR(m.sd[j], std::sqrt(e_sigma2 * gram_inv(j, j)), 1e-8 * std::sqrt(gram_inv(j, j)));
  }
  // E[sigma^2] from the returned mean and sd of sigma.
  EXPECT_NEAR(m.mean[3] * m.mean[3] + m.sd[3] * m.sd[3], e_sigma2, 1e-8 * e_sigma2);
}

TEST(ExactRegressionMoments, ProperPriorsMatchATwoDimensionalQuadrature) {
  // One coefficient, no intercept, n = 8: w ~ N(0, 0.5^2) and sigma
  // half-normal(1) or half-Cauchy(2.5), where the priors and sigma's
  // Jacobian move every moment by far more than the tolerance. The joint
  // density summed on a fine (w, log sigma) grid is the truth here.
  constexpr Index n = 8;
  Eigen::MatrixXd x(n, 1);
  Vec y(n);
  for (Index i = 0; i < n; ++i) {
    x(i, 0) = 0.3 * static_cast<double>(i) - 1.0;
    y[i] = 0.8 * x(i, 0) + 0.6 * std::sin(2.0 * static_cast<double>(i));
  }
  for (const auto& [noise, scale] : {std::pair{NoisePrior::kHalfNormal, 1.0}, std::pair{NoisePrior::kHalfCauchy, 2.5}}) {
    LinearPriors priors{false, CoefPrior::kNormal, 0.5, noise, scale};
    const bench::ReferenceMoments m = bench::exact_regression_moments(x, y, priors);
    constexpr int kGrid = 1201;
    double total = 0, ew = 0, ew2 = 0, es = 0, es2 = 0;
    for (int i = 0; i < kGrid; ++i) {
      const double w = -3.0 + 6.0 * i / (kGrid - 1);
      for (int j = 0; j < kGrid; ++j) {
        const double t = -4.0 + 6.0 * j / (kGrid - 1), sigma = std::exp(t);
        const double log_prior_sigma =
            noise == NoisePrior::kHalfNormal ? -0.5 * sigma * sigma : -std::log1p(sigma * sigma / 6.25);
        const double rss = (y - w * x.col(0)).squaredNorm();
        const double p = std::exp(-0.5 * w * w / 0.25 + log_prior_sigma + t - static_cast<double>(n) * t -
                                  0.5 * rss / (sigma * sigma));
        total += p, ew += p * w, ew2 += p * w * w, es += p * sigma, es2 += p * sigma * sigma;
      }
    }
    ew /= total, ew2 /= total, es /= total, es2 /= total;
    const double sd_w = std::sqrt(ew2 - ew * ew), sd_s = std::sqrt(es2 - es * es);
    EXPECT_NEAR(m.mean[0], ew, 1e-4 * sd_w);
    EXPECT_NEAR(m.sd[0], sd_w, 1e-4 * sd_w);
    EXPECT_NEAR(m.mean[1], es, 1e-4 * sd_s);
    EXPECT_NEAR(m.sd[1], sd_s, 1e-4 * sd_s);
  }
}

/// A test name of a posterior folder ("arK-arK" -> "arK_arK").
std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string s = param.param;
  for (char& c : s) if (c == '-') c = '_';
  return s;
}

/// The posteriors with exact moments: the regressions.
std::vector<std::string> regression_names() {
  std::vector<std::string> out;
  for (const auto& name : bench::posterior_names()) {
    if (bench::is_regression(name)) out.push_back(name);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, PosteriordbModel, ::testing::ValuesIn(bench::posterior_names()), test_name);
INSTANTIATE_TEST_SUITE_P(All, PosteriordbRegression, ::testing::ValuesIn(regression_names()), test_name);

}  // namespace
}  // namespace sgmc
