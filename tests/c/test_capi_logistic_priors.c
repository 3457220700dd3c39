/* sgmc_model_logistic_priors from plain C99: with and without an intercept,
 * flat or normal, the built-in model walks the same SGLD path with the same
 * energies as a C callback that computes U_i and U0 by hand; the original
 * function is one case of it, to the bit; bad arguments are named. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "same_runs.h"
#include "sgmc/sgmc.h"

#define N_ROWS 16
#define P 2

typedef struct {
  double a[N_ROWS][P], y[N_ROWS];
  int intercept;
  sgmc_prior coef_prior;
  double coef_scale;
} hand_model;

static void make_rows(hand_model *m) {
  int i, j;
  for (i = 0; i < N_ROWS; ++i) {
    for (j = 0; j < P; ++j) m->a[i][j] = sin(1.0 + 0.9 * i + 2.1 * j);
    m->y[i] = m->a[i][0] - 0.5 * m->a[i][1] + 0.4 * cos(3.0 * i) > 0 ? 1.0 : 0.0;
  }
}

static int hand_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                       double *batch_energy, double *batch_grad, double *prior_energy,
                       double *prior_grad, void *user) {
  const hand_model *m = (const hand_model *)user;
  int64_t b;
  int j;
  *batch_energy = 0.0;
  for (b = 0; b < n; ++b) {
    const int i = (int)batch[b];
    double z = m->intercept ? x[P] : 0.0, slope;
    for (j = 0; j < P; ++j) z += m->a[i][j] * x[j];
    *batch_energy += log1p(exp(z)) - m->y[i] * z;
    slope = 1.0 / (1.0 + exp(-z)) - m->y[i];
    if (batch_grad == NULL) continue;
    for (j = 0; j < P; ++j) batch_grad[j] += slope * m->a[i][j];
    if (m->intercept) batch_grad[P] += slope;
  }
  *prior_energy = 0.0;
  for (j = 0; j < dim && m->coef_prior == SGMC_PRIOR_NORMAL; ++j) {
    *prior_energy += 0.5 * x[j] * x[j] / (m->coef_scale * m->coef_scale);
    if (prior_grad != NULL) prior_grad[j] = x[j] / (m->coef_scale * m->coef_scale);
  }
  return 0;
}

static void test_matches_hand_computation(void) {
  hand_model m;
  sgmc_data *data = NULL;
  int intercept, c;
  make_rows(&m);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  for (intercept = 0; intercept <= 1; ++intercept) {
    for (c = 0; c <= 1; ++c) {
      sgmc_model *built_in = NULL, *by_hand = NULL;
      int64_t dim = 0;
      int same;
      m.intercept = intercept;
      m.coef_prior = c ? SGMC_PRIOR_NORMAL : SGMC_PRIOR_FLAT;
      m.coef_scale = 2.5;
      CHECK_OK(sgmc_model_logistic_priors(&built_in, data, intercept, m.coef_prior, m.coef_scale));
      CHECK_OK(sgmc_model_shape(built_in, &dim, NULL));
      CHECK(dim == P + intercept);
      CHECK_OK(sgmc_model_from_callback(&by_hand, dim, N_ROWS, hand_energy, 0, &m));
      same = same_runs(built_in, by_hand, dim, 1e-2, 0);
      CHECK(same);
      if (!same) fprintf(stderr, "intercept %d, coef prior %d differ\n", intercept, c);
      sgmc_model_destroy(built_in);
      sgmc_model_destroy(by_hand);
    }
  }
  sgmc_data_destroy(data);
}

static void test_original_and_errors(void) {
  hand_model m;
  sgmc_data *data = NULL;
  sgmc_model *old_model = NULL, *new_model = (sgmc_model *)&m;
  make_rows(&m);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  CHECK_OK(sgmc_model_logistic(&old_model, data, 2.0));
  CHECK_OK(sgmc_model_logistic_priors(&new_model, data, 1, SGMC_PRIOR_NORMAL, 2.0));
  CHECK(same_runs(old_model, new_model, P + 1, 1e-2, 1));
  sgmc_model_destroy(old_model);
  sgmc_model_destroy(new_model);
  CHECK_ERROR(sgmc_model_logistic_priors(&new_model, data, 1, SGMC_PRIOR_HALF_NORMAL, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'coef_prior' = 4 (SGMC_PRIOR_HALF_NORMAL): must be SGMC_PRIOR_FLAT or "
              "SGMC_PRIOR_NORMAL");
  CHECK(new_model == NULL);
  CHECK_ERROR(sgmc_model_logistic_priors(&new_model, data, -1, SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'intercept' = -1: must be 0 or 1");
  CHECK_ERROR(sgmc_model_logistic_priors(&new_model, data, 0, SGMC_PRIOR_NORMAL, 0.0),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'coef_scale' = 0: must be finite and > 0");
  m.y[3] = 2.0;
  sgmc_data_destroy(data);
  CHECK_OK(sgmc_data_create(&data, N_ROWS, P, &m.a[0][0], m.y, 0));
  CHECK_ERROR(sgmc_model_logistic_priors(&new_model, data, 0, SGMC_PRIOR_FLAT, 1.0),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'data' = a table with targets[3] = 2: must be 0 or 1 for logistic");
  sgmc_data_destroy(data);
}

int main(void) {
  test_matches_hand_computation();
  test_original_and_errors();
  return check_summary();
}
