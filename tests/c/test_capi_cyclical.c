/* Cyclical samplers, their cycle weights, replica exchange and mode
 * coverage through the C API from plain C99: results against direct
 * computations, errors that name the argument and value, and handles that
 * stay usable after a rejected call. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "gauss_rows.h"
#include "sgmc/sgmc.h"

#define N_DATA 50
#define DIM 2
#define STEPS 4000

/* U_i(x) = |x - y_i|^2 / 2, U0(x) = |x|^2 / 2. */
static double y[N_DATA][DIM];

static int energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                  double *batch_energy, double *batch_grad, double *prior_energy,
                  double *prior_grad, void *user) {
  (void)user;
  gauss_rows_terms(&y[0][0], x, dim, batch, n, batch_energy, batch_grad, prior_energy,
                   prior_grad);
  return 0;
}

/* sum_i U_i(x) = -log p(D | x). */
static double full_data_energy(const double *x) {
  double s = 0.0;
  int i, j;
  for (i = 0; i < N_DATA; ++i) {
    for (j = 0; j < DIM; ++j) s += 0.5 * (x[j] - y[i][j]) * (x[j] - y[i][j]);
  }
  return s;
}

static sgmc_options *cyclical_options(void) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "cycsgld"));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 5e-3));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", STEPS + 2)); /* K not divisible by M = 4 */
  CHECK_OK(sgmc_options_set_int(o, "seed", 5));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1)); /* the cycles of one chain */
  return o;
}

static void test_cycles_and_weights(const sgmc_model *m) {
  sgmc_options *o = cyclical_options();
  sgmc_draws *d = NULL;
  double x0[DIM] = {3.0, -3.0}, w[4], direct[4], mean[DIM], expected[DIM] = {0.0, 0.0};
  double *x;
  int64_t n = 0, dim = 0, cycles = 0, *c, *k, j, length = (STEPS + 2 + 3) / 4;
  int64_t count[4] = {0, 0, 0, 0};
  double sum[4][DIM], shift = 0.0, total = 0.0, s;
  int i;

  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "cycles", &cycles, 1));
  CHECK(cycles == 4); /* the default M of the cyclical samplers */
  CHECK_OK(sgmc_draws_shape(d, NULL, &n, &dim));
  x = malloc(sizeof(double) * (size_t)(n * DIM));
  c = malloc(sizeof(int64_t) * (size_t)n);
  k = malloc(sizeof(int64_t) * (size_t)n);
  CHECK_OK(sgmc_draws_copy(d, 0, x, n * DIM));
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "cycle", c, n));
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "step", k, n));
  /* Only sampling-stage iterates: r(k) = mod(k - 1, L) / L >= 0.8. */
  for (j = 0; j < n; ++j) {
    CHECK(c[j] == (k[j] - 1) / length);
    CHECK((double)((k[j] - 1) % length) / (double)length >= 0.8);
  }
  CHECK(n > 0 && c[0] == 0 && c[n - 1] == 3);

  /* Equal weights and the combined mean. */
  CHECK_OK(sgmc_draws_cycle_weights(d, 0, NULL, SGMC_CYCLE_WEIGHTS_EQUAL, w, 4));
  for (i = 0; i < 4; ++i) CHECK(fabs(w[i] - 0.25) < 1e-15);

  /* Harmonic weights against the formula: w_c ∝ 1 / mean_j exp(sum_i U_i(x_j)). */
  for (i = 0; i < 4; ++i) direct[i] = sum[i][0] = sum[i][1] = 0.0;
  shift = full_data_energy(x);
  for (j = 0; j < n; ++j) {
    direct[c[j]] += exp(full_data_energy(x + j * DIM) - shift);
    sum[c[j]][0] += x[j * DIM];
    sum[c[j]][1] += x[j * DIM + 1];
    ++count[c[j]];
  }
  for (i = 0; i < 4; ++i) total += count[i] / direct[i];
  CHECK_OK(sgmc_draws_cycle_weights(d, 0, m, SGMC_CYCLE_WEIGHTS_HARMONIC, w, 4));
  s = 0.0;
  for (i = 0; i < 4; ++i) {
    CHECK(fabs(w[i] - count[i] / direct[i] / total) < 1e-9);
    s += w[i];
    expected[0] += w[i] * sum[i][0] / count[i];
    expected[1] += w[i] * sum[i][1] / count[i];
  }
  CHECK(fabs(s - 1.0) < 1e-12);
  CHECK_OK(sgmc_draws_cycle_mean(d, 0, m, SGMC_CYCLE_WEIGHTS_HARMONIC, mean, DIM));
  CHECK(fabs(mean[0] - expected[0]) < 1e-12 && fabs(mean[1] - expected[1]) < 1e-12);

  /* Errors, and the draws stay usable. */
  CHECK_ERROR(sgmc_draws_cycle_weights(d, 0, NULL, SGMC_CYCLE_WEIGHTS_HARMONIC, w, 4),
              SGMC_ERROR_INVALID_ARGUMENT, "'model' is NULL");
  CHECK_ERROR(sgmc_draws_cycle_weights(d, 0, m, SGMC_CYCLE_WEIGHTS_EQUAL, w, 3),
              SGMC_ERROR_INVALID_ARGUMENT, "'weights_len' = 3");
  CHECK_ERROR(sgmc_draws_cycle_weights(d, 0, m, (sgmc_cycle_weighting)7, w, 4),
              SGMC_ERROR_INVALID_ARGUMENT, "'weighting' = 7");
  CHECK_ERROR(sgmc_draws_copy_column_int(d, 1, "cycle", c, n), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 1");
  CHECK_ERROR(sgmc_draws_cycle_mean(d, 0, m, SGMC_CYCLE_WEIGHTS_EQUAL, mean, 3),
              SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 3");
  CHECK_OK(sgmc_draws_cycle_mean(d, 0, m, SGMC_CYCLE_WEIGHTS_EQUAL, mean, DIM));
  CHECK_ERROR(sgmc_draws_copy_stat_int(d, 0, "swap_attempts", count, 4),
              SGMC_ERROR_INVALID_ARGUMENT, "is not a statistic of these draws");

  free(x);
  free(c);
  free(k);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

static void test_cyclical_bad_inputs(const sgmc_model *m) {
  sgmc_options *o = cyclical_options();
  sgmc_draws *d = (sgmc_draws *)&o;
  double x0[DIM] = {0.0, 0.0}, beta = 0.0;
  int64_t cycles = 0;

  CHECK_ERROR(sgmc_options_set_int(o, "cycles", 0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'cycles' = 0");
  CHECK_ERROR(sgmc_options_set_double(o, "exploration", 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'exploration' = 1");
  CHECK_ERROR(sgmc_options_set_double(o, "exploration", -0.25), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'exploration' = -0.25");
  CHECK_OK(sgmc_options_get_double(o, "exploration", &beta));
  CHECK(beta == 0.8);
  CHECK_OK(sgmc_options_set_string(o, "schedule", "constant"));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'schedule' = \"constant\"");
  CHECK(d == NULL);
  CHECK_OK(sgmc_options_set_string(o, "schedule", "cyclical"));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 3));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'cycles' = 4");
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 200));
  CHECK_OK(sgmc_options_set_int(o, "cycles", 2));
  CHECK_OK(sgmc_options_set_double(o, "exploration", 0.0));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "cycles", &cycles, 1));
  CHECK(cycles == 2);
  sgmc_draws_destroy(d);

  /* Draws of a plain sampler have no cycles. */
  CHECK_OK(sgmc_options_set_string(o, "sampler", "sgld"));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_ERROR(sgmc_draws_copy_stat_int(d, 0, "cycles", &cycles, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "is not a statistic of these draws");
  CHECK_ERROR(sgmc_draws_cycle_mean(d, 0, m, SGMC_CYCLE_WEIGHTS_EQUAL, x0, DIM), SGMC_ERROR_STATE,
              "not from a cyclical");
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

static void test_replica_exchange(const sgmc_model *m) {
  sgmc_options *o = NULL;
  sgmc_draws *d = (sgmc_draws *)&o;
  sgmc_run *c = (sgmc_run *)&o;
  double x0[DIM] = {0.0, 0.0}, taus[3] = {0.0, 0.0, 0.0};
  int64_t attempts[2] = {0, 0}, accepts[2] = {0, 0}, chains = 0;

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "resgld"));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 1000));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 3));
  CHECK_OK(sgmc_options_set_int(o, "swap_every", 5));
  /* temperature_max unset (0): the ladder does not increase. */
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'temperature_max' = 0");
  CHECK(d == NULL);
  CHECK_OK(sgmc_options_set_double(o, "temperature_max", 1.0));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'temperature_max' = 1");
  CHECK_ERROR(sgmc_options_set_double(o, "swap_correction", 0.5), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'swap_correction' = 0.5");
  CHECK_ERROR(sgmc_options_set_string(o, "swap_variance_estimate", "guess"),
              SGMC_ERROR_INVALID_ARGUMENT, "option 'swap_variance_estimate' = \"guess\"");
  CHECK_OK(sgmc_options_set_double(o, "temperature_max", 4.0));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_chains' = 1");
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 3));
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 1));
  CHECK_ERROR(sgmc_run_create(&c, o, DIM, N_DATA, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'first_chain' = 1: must be 0: sampler \"resgld\" couples its chains");
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 0));
  CHECK(c == NULL);

  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_draws_shape(d, &chains, NULL, NULL));
  CHECK(chains == 3);
  CHECK_ERROR(sgmc_draws_copy_stat_int(d, 0, "swap_attempts", attempts, 1),
              SGMC_ERROR_INVALID_ARGUMENT, "'out_len' = 1");
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "swap_attempts", attempts, 2));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 2, "swap_accepts", accepts, 2)); /* any chain: the run's */
  CHECK_ERROR(sgmc_draws_copy_stat(d, 3, "temperature", taus, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 3");
  for (chains = 0; chains < 3; ++chains) {
    CHECK_OK(sgmc_draws_copy_stat(d, chains, "temperature", &taus[chains], 1));
  }
  CHECK(taus[0] == 1.0 && fabs(taus[1] - 2.0) < 1e-12 && taus[2] == 4.0); /* geometric 1..4 */
  CHECK(attempts[0] == 200 && attempts[1] == 200);
  CHECK(accepts[0] > 0 && accepts[0] <= attempts[0] && accepts[1] <= attempts[1]);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

static void test_mode_coverage(void) {
  const double centres[4] = {0.0, 0.0, 2.0, 0.0};
  const double draws[8] = {0.1, 0.0, 0.0, 0.2, 2.0, 0.0, 5.0, 5.0};
  int64_t covered = -1, counts[2] = {0, 0};
  CHECK_OK(sgmc_mode_coverage(draws, 4, 2, centres, 2, 0.25, 2, &covered, counts));
  CHECK(covered == 1 && counts[0] == 2 && counts[1] == 1);
  CHECK_OK(sgmc_mode_coverage(draws, 4, 2, centres, 2, 0.25, 1, &covered, NULL));
  CHECK(covered == 2);
  CHECK_ERROR(sgmc_mode_coverage(draws, 4, 2, centres, 2, -1.0, 1, &covered, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'radius' = -1");
  CHECK_ERROR(sgmc_mode_coverage(draws, 4, 2, centres, 2, 0.25, 0, &covered, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'min_draws' = 0");
  CHECK_ERROR(sgmc_mode_coverage(draws, 4, 2, NULL, 2, 0.25, 1, &covered, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'centres' is NULL");
}

int main(void) {
  sgmc_model *m = NULL;
  int i;
  for (i = 0; i < N_DATA; ++i) {
    y[i][0] = 0.5 + sin(0.9 * i);
    y[i][1] = -0.5 + cos(1.7 * i);
  }
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, energy, 0, NULL));
  test_cycles_and_weights(m);
  test_cyclical_bad_inputs(m);
  test_replica_exchange(m);
  test_mode_coverage();
  sgmc_model_destroy(m);
  return check_summary();
}
