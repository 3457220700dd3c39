/* sgmc_model_linear_priors from plain C99: for each sigma prior, with and
 * without an intercept, the built-in model walks the same SGLD path with the
 * same energies as a C callback that computes U_i and U0 by hand (so its
 * energies and its gradients agree); the last coordinate is log sigma; and
 * bad arguments are named with their values. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "same_runs.h"
#include "sgmc/sgmc.h"

#define N_ROWS 12
#define P 2

/* The hand-written model: the priors as plain numbers. */
typedef struct {
  double a[N_ROWS][P], y[N_ROWS];
  int intercept;
  sgmc_prior coef_prior, sigma_prior;
  double coef_scale, sigma_scale;
} hand_model;

static void make_rows(hand_model *m) {
  int i, j;
  for (i = 0; i < N_ROWS; ++i) {
    for (j = 0; j < P; ++j) m->a[i][j] = sin(1.0 + 0.9 * i + 2.1 * j);
    m->y[i] = 0.4 + 1.5 * m->a[i][0] - m->a[i][1] + 0.3 * cos(3.0 * i);
  }
}

/* U0's term in t = log sigma and its slope, by the formulas of sgmc.h. */
static double sigma_prior_term(const hand_model *m, double t, double *slope) {
  const double s = m->sigma_scale, u = exp(2.0 * t) / (s * s);
  switch (m->sigma_prior) {
    case SGMC_PRIOR_LOG_NORMAL: *slope = t / (s * s); return 0.5 * t * t / (s * s);
    case SGMC_PRIOR_FLAT: *slope = -1.0; return -t;
    case SGMC_PRIOR_HALF_NORMAL: *slope = u - 1.0; return 0.5 * u - t;
    case SGMC_PRIOR_HALF_CAUCHY: *slope = 2.0 * u / (1.0 + u) - 1.0; return log(1.0 + u) - t;
    default: *slope = 0.0; return 0.0;
  }
}

static int hand_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                       double *batch_energy, double *batch_grad, double *prior_energy,
                       double *prior_grad, void *user) {
  const hand_model *m = (const hand_model *)user;
  const int k = P + m->intercept, sampled = m->sigma_prior != SGMC_PRIOR_KNOWN;
  const double t = sampled ? x[k] : log(m->sigma_scale), inv_var = exp(-2.0 * t);
  double q = 0.0;
  int64_t b;
  int j;
  for (b = 0; b < n; ++b) {
    const int i = (int)batch[b];
    double r = (m->intercept ? x[P] : 0.0) - m->y[i];
    for (j = 0; j < P; ++j) r += m->a[i][j] * x[j];
    q += 0.5 * r * r * inv_var;
    if (batch_grad == NULL) continue;
    for (j = 0; j < P; ++j) batch_grad[j] += r * inv_var * m->a[i][j];
    if (m->intercept) batch_grad[P] += r * inv_var;
  }
  *batch_energy = q + (sampled ? (double)n * t : 0.0);
  *prior_energy = 0.0;
  for (j = 0; j < k && m->coef_prior == SGMC_PRIOR_NORMAL; ++j) {
    const double s2 = m->coef_scale * m->coef_scale;
    *prior_energy += 0.5 * x[j] * x[j] / s2;
    if (prior_grad != NULL) prior_grad[j] = x[j] / s2;
  }
  if (sampled) {
    double slope;
    *prior_energy += sigma_prior_term(m, t, &slope);
    if (batch_grad != NULL) batch_grad[k] = (double)n - 2.0 * q;
    if (prior_grad != NULL) prior_grad[k] = slope;
  }
  (void)dim;
  return 0;
}

static void test_matches_hand_computation(void) {
  const sgmc_prior sigma_priors[] = {SGMC_PRIOR_KNOWN, SGMC_PRIOR_LOG_NORMAL, SGMC_PRIOR_FLAT,
                                     SGMC_PRIOR_HALF_NORMAL, SGMC_PRIOR_HALF_CAUCHY};
  hand_model m;
  sgmc_data *data = NULL;
  int intercept, s, c;
  make_rows(&m);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  for (intercept = 0; intercept <= 1; ++intercept) {
    for (s = 0; s < 5; ++s) {
      for (c = 0; c <= 1; ++c) {
        sgmc_model *built_in = NULL, *by_hand = NULL;
        int64_t dim = 0, expected_dim = P + intercept + (sigma_priors[s] != SGMC_PRIOR_KNOWN);
        int same;
        m.intercept = intercept;
        m.coef_prior = c ? SGMC_PRIOR_NORMAL : SGMC_PRIOR_FLAT;
        m.coef_scale = 2.5;
        m.sigma_prior = sigma_priors[s];
        m.sigma_scale = 0.8;
        CHECK_OK(sgmc_model_linear_priors(&built_in, data, intercept, m.coef_prior, m.coef_scale,
                                          m.sigma_prior, m.sigma_scale));
        CHECK_OK(sgmc_model_shape(built_in, &dim, NULL));
        CHECK(dim == expected_dim);
        CHECK_OK(sgmc_model_from_callback(&by_hand, dim, N_ROWS, hand_energy, 0, &m));
        same = same_runs(built_in, by_hand, dim, 1e-3, 0);
        CHECK(same);
        if (!same) {
          fprintf(stderr, "intercept %d, sigma prior %d, coef prior %d differ\n", intercept,
                  (int)sigma_priors[s], (int)m.coef_prior);
        }
        sgmc_model_destroy(built_in);
        sgmc_model_destroy(by_hand);
      }
    }
  }
  sgmc_data_destroy(data);
}

/* The original function is the NORMAL, intercept, KNOWN / LOG_NORMAL case. */
static void test_original_is_a_special_case(void) {
  hand_model m;
  sgmc_data *data = NULL;
  sgmc_model *old_known = NULL, *new_known = NULL, *old_log = NULL, *new_log = NULL;
  make_rows(&m);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  CHECK_OK(sgmc_model_linear(&old_known, data, 2.0, 0.7, 0.0));
  CHECK_OK(sgmc_model_linear_priors(&new_known, data, 1, SGMC_PRIOR_NORMAL, 2.0, SGMC_PRIOR_KNOWN, 0.7));
  CHECK(same_runs(old_known, new_known, P + 1, 1e-3, 1));
  CHECK_OK(sgmc_model_linear(&old_log, data, 2.0, 0.0, 1.5));
  CHECK_OK(sgmc_model_linear_priors(&new_log, data, 1, SGMC_PRIOR_NORMAL, 2.0, SGMC_PRIOR_LOG_NORMAL,
                                    1.5));
  CHECK(same_runs(old_log, new_log, P + 2, 1e-3, 1));
  sgmc_model_destroy(old_known);
  sgmc_model_destroy(new_known);
  sgmc_model_destroy(old_log);
  sgmc_model_destroy(new_log);
  sgmc_data_destroy(data);
}

static void test_bad_arguments(void) {
  hand_model m;
  sgmc_data *data = NULL;
  sgmc_model *model = (sgmc_model *)&m;
  make_rows(&m);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 1, SGMC_PRIOR_HALF_CAUCHY, 1.0,
                                       SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'coef_prior' = 5 (SGMC_PRIOR_HALF_CAUCHY): must be SGMC_PRIOR_FLAT or "
              "SGMC_PRIOR_NORMAL");
  CHECK(model == NULL);
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 1, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_NORMAL,
                                       1.0),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'sigma_prior' = 1 (SGMC_PRIOR_NORMAL): must be SGMC_PRIOR_KNOWN, "
              "SGMC_PRIOR_LOG_NORMAL, SGMC_PRIOR_FLAT, SGMC_PRIOR_HALF_NORMAL or "
              "SGMC_PRIOR_HALF_CAUCHY");
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 1, SGMC_PRIOR_FLAT, 1.0, (sgmc_prior)9, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'sigma_prior' = 9 (not an sgmc_prior)");
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 2, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'intercept' = 2: must be 0 or 1");
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 1, SGMC_PRIOR_NORMAL, -1.0, SGMC_PRIOR_FLAT,
                                       1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'coef_scale' = -1: must be finite and > 0");
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 0, SGMC_PRIOR_FLAT, 1.0,
                                       SGMC_PRIOR_HALF_NORMAL, 0.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'sigma_scale' = 0: must be finite and > 0");
  CHECK_ERROR(sgmc_model_linear_priors(&model, data, 0, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_KNOWN,
                                       NAN),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'sigma_scale' = nan: must be finite and > 0");
  CHECK_ERROR(sgmc_model_linear_priors(&model, NULL, 0, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'data' is NULL");
  CHECK_ERROR(sgmc_model_linear_priors(NULL, data, 0, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'out' is NULL");
  /* Scales a prior does not use are not looked at. */
  CHECK_OK(sgmc_model_linear_priors(&model, data, 0, SGMC_PRIOR_FLAT, NAN, SGMC_PRIOR_FLAT, -1.0));
  sgmc_model_destroy(model);
  sgmc_data_destroy(data);
}

int main(void) {
  test_matches_hand_computation();
  test_original_is_a_special_case();
  test_bad_arguments();
  return check_summary();
}
