/* The named columns and statistics of draws (sgmc_draws_column_*,
 * sgmc_draws_stat_*) from plain C99: each sampler family's names, values
 * that agree with what the run did and with the estimates computed from
 * them, and errors that name the argument and value. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sgmc/sgmc.h"

#define STEPS 400

/* step_size 0: not set, so that an automatic warm-up chooses it. */
static sgmc_draws *sample(const sgmc_model *m, const char *sampler, int64_t n_chains,
                          double step_size) {
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[2] = {0.5, -0.5};
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", STEPS));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", n_chains));
  if (step_size > 0) CHECK_OK(sgmc_options_set_double(o, "step_size", step_size));
  if (strcmp(sampler, "resgld") == 0) CHECK_OK(sgmc_options_set_double(o, "temperature_max", 4.0));
  CHECK_OK(sgmc_sample(&d, m, o, x0, 2, NULL, NULL));
  sgmc_options_destroy(o);
  return d;
}

/* 1 when `name` is among the column (stats = 0) or statistic names of d. */
static int has(const sgmc_draws *d, int stats, const char *name) {
  int64_t n = 0, i;
  const char *got = NULL;
  CHECK_OK(stats ? sgmc_draws_stat_count(d, &n) : sgmc_draws_column_count(d, &n));
  for (i = 0; i < n; ++i) {
    CHECK_OK(stats ? sgmc_draws_stat_name(d, i, &got) : sgmc_draws_column_name(d, i, &got));
    if (strcmp(got, name) == 0) return 1;
  }
  return 0;
}

/* Statistic `name` of chain c, a 1 x 1 int64_t. */
static int64_t stat_int(const sgmc_draws *d, int64_t c, const char *name) {
  int64_t v = -1, rows = 0, cols = 0;
  sgmc_value_type type = SGMC_VALUE_DOUBLE;
  CHECK_OK(sgmc_draws_stat_shape(d, c, name, &type, &rows, &cols));
  CHECK(type == SGMC_VALUE_INT64 && rows == 1 && cols == 1);
  CHECK_OK(sgmc_draws_copy_stat_int(d, c, name, &v, 1));
  return v;
}

static double stat_double(const sgmc_draws *d, int64_t c, const char *name) {
  double v = -1;
  CHECK_OK(sgmc_draws_copy_stat(d, c, name, &v, 1));
  return v;
}

/* d written with sgmc_draws_save_bytes and read back. */
static sgmc_draws *through_bytes(const sgmc_draws *d) {
  int64_t size = 0;
  uint8_t *bytes = NULL;
  sgmc_draws *back = NULL;
  CHECK_OK(sgmc_draws_save_bytes(d, NULL, 0, &size));
  bytes = malloc((size_t)size);
  CHECK(bytes != NULL);
  CHECK_OK(sgmc_draws_save_bytes(d, bytes, size, &size));
  CHECK_OK(sgmc_draws_load_bytes(&back, bytes, size));
  free(bytes);
  return back;
}

static void test_every_sampler(const sgmc_model *m) {
  sgmc_draws *d = sample(m, "sgld", 2, 0.01);
  int64_t n = 0, rows = 0, cols = 0, i, *steps, *got_steps;
  double *energy, *got_energy;
  sgmc_value_type type = SGMC_VALUE_INT64;

  CHECK(has(d, 0, "energy") && has(d, 0, "step"));
  CHECK(!has(d, 0, "log_weight") && !has(d, 0, "cycle") && !has(d, 1, "theta"));
  CHECK_OK(sgmc_draws_count(d, 1, &n));
  CHECK_OK(sgmc_draws_column_shape(d, 1, "energy", &type, &rows, &cols));
  CHECK(type == SGMC_VALUE_DOUBLE && rows == n && cols == 1);
  energy = malloc(sizeof(double) * (size_t)n);
  got_energy = malloc(sizeof(double) * (size_t)n);
  steps = malloc(sizeof(int64_t) * (size_t)n);
  got_steps = malloc(sizeof(int64_t) * (size_t)n);
  CHECK_OK(sgmc_draws_copy_column(d, 1, "energy", energy, n));
  CHECK_OK(sgmc_draws_copy_column(d, 1, "energy", got_energy, n));
  CHECK_OK(sgmc_draws_copy_column_int(d, 1, "step", steps, n));
  CHECK_OK(sgmc_draws_copy_column_int(d, 1, "step", got_steps, n));
  for (i = 0; i < n; ++i) CHECK(energy[i] == got_energy[i] && steps[i] == got_steps[i]);
  for (i = 0; i < n; ++i) CHECK(isfinite(energy[i]) && steps[i] == i + 1);
  CHECK(stat_int(d, 1, "iterations") == STEPS);
  CHECK(stat_int(d, 1, "faults") == 0);
  CHECK(stat_double(d, 0, "temperature") == 1.0);

  /* Errors name the argument and the value. */
  CHECK_ERROR(sgmc_draws_copy_column(d, 0, "log_weight", got_energy, n),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'name' = log_weight: is not a column of these draws (they have energy, step)");
  CHECK_ERROR(sgmc_draws_copy_column(d, 0, "step", got_energy, n), SGMC_ERROR_INVALID_ARGUMENT,
              "holds int64_t values");
  CHECK_ERROR(sgmc_draws_copy_column_int(d, 0, "step", got_steps, n - 1),
              SGMC_ERROR_INVALID_ARGUMENT, "out_len");
  CHECK_ERROR(sgmc_draws_column_shape(d, 2, "step", NULL, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'chain' = 2");
  CHECK_ERROR(sgmc_draws_stat_name(d, 99, NULL), SGMC_ERROR_INVALID_ARGUMENT, "argument 'name' is NULL");
  CHECK_ERROR(sgmc_draws_column_name(d, 2, &(const char *){NULL}), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'index' = 2");
  CHECK_ERROR(sgmc_draws_stat_count(NULL, &n), SGMC_ERROR_INVALID_ARGUMENT, "'draws' is NULL");
  free(energy), free(got_energy), free(steps), free(got_steps);
  sgmc_draws_destroy(d);
}

static void test_contour(const sgmc_model *m) {
  sgmc_draws *d = sample(m, "csgld", 1, 0.01);
  int64_t n = 0, i, rows = 0, cols = 0, theta_m = 0, *index, *got_index;
  double *w, *got_w, *theta, *got_theta, *x, mean[2] = {0, 0}, expected[2] = {0, 0}, top, sum = 0;
  CHECK(has(d, 0, "subregion") && has(d, 0, "log_weight") && has(d, 1, "theta_trace"));
  CHECK(has(d, 0, "log_weight_final") && has(d, 0, "log_weight_bin") &&
        has(d, 0, "log_weight_bin_final") && has(d, 1, "contour_converged"));
  CHECK_OK(sgmc_draws_count(d, 0, &n));
  index = malloc(sizeof(int64_t) * (size_t)n);
  got_index = malloc(sizeof(int64_t) * (size_t)n);
  w = malloc(sizeof(double) * (size_t)n);
  got_w = malloc(sizeof(double) * (size_t)n);
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "subregion", index, n));
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "subregion", got_index, n));
  CHECK_OK(sgmc_draws_copy_column(d, 0, "log_weight", w, n));
  CHECK_OK(sgmc_draws_copy_column(d, 0, "log_weight", got_w, n));
  for (i = 0; i < n; ++i) CHECK(index[i] == got_index[i] && w[i] == got_w[i]);

  /* The weighted mean from the column "log_weight" is the library's
   * default weighted estimate. */
  x = malloc(sizeof(double) * (size_t)(2 * n));
  CHECK_OK(sgmc_draws_copy(d, 0, x, 2 * n));
  top = w[0];
  for (i = 1; i < n; ++i) top = w[i] > top ? w[i] : top;
  for (i = 0; i < n; ++i) {
    const double weight = exp(w[i] - top);
    sum += weight;
    expected[0] += weight * x[2 * i];
    expected[1] += weight * x[2 * i + 1];
  }
  CHECK_OK(sgmc_draws_weighted_moments(d, 0, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_RUNNING, mean,
                                       NULL, 2, NULL));
  CHECK(fabs(mean[0] - expected[0] / sum) < 1e-9 && fabs(mean[1] - expected[1] / sum) < 1e-9);

  theta_m = stat_int(d, 0, "contour_m");
  CHECK(stat_double(d, 0, "contour_du") > 0);
  for (i = 0; i < n; ++i) CHECK(index[i] >= 0 && index[i] < theta_m);
  CHECK_OK(sgmc_draws_stat_shape(d, 0, "theta", NULL, &rows, &cols));
  CHECK(rows == 1 && cols == theta_m);
  theta = malloc(sizeof(double) * (size_t)theta_m);
  got_theta = malloc(sizeof(double) * (size_t)theta_m);
  CHECK_OK(sgmc_draws_copy_stat(d, 0, "theta", theta, theta_m));
  CHECK_OK(sgmc_draws_copy_stat(d, 0, "theta", got_theta, theta_m));
  for (i = 0, sum = 0; i < theta_m; ++i) {
    CHECK(theta[i] == got_theta[i]);
    sum += theta[i];
  }
  CHECK(fabs(sum - 1) < 1e-9);
  free(index), free(got_index), free(w), free(got_w), free(theta), free(got_theta), free(x);
  sgmc_draws_destroy(d);
}

static void test_run_statistics(const sgmc_model *m) {
  sgmc_draws *d = sample(m, "resgld", 3, 0.01);
  int64_t attempts[2], accepts[2], got[2], cycles = 0, rows = 0, cols = 0;
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "swap_attempts", attempts, 2));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "swap_accepts", accepts, 2));
  CHECK(attempts[0] > 0 && accepts[0] <= attempts[0] && accepts[1] <= attempts[1]);
  CHECK_OK(sgmc_draws_stat_shape(d, 2, "swap_attempts", NULL, &rows, &cols));
  CHECK(rows == 1 && cols == 2);
  CHECK_OK(sgmc_draws_copy_stat_int(d, 2, "swap_attempts", got, 2)); /* the same from every chain */
  CHECK(got[0] == attempts[0] && got[1] == attempts[1]);
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "swap_accepts", got, 2));
  CHECK(got[0] == accepts[0] && got[1] == accepts[1]);
  CHECK(stat_double(d, 2, "temperature") > 1.0);
  sgmc_draws_destroy(d);

  d = sample(m, "cycsgld", 1, 0.01);
  cycles = stat_int(d, 0, "cycles");
  CHECK(has(d, 0, "cycle") && cycles == 4); /* the default M */
  sgmc_draws_destroy(d);
}

/* The settings a chain ran with: the step size as set, or as an automatic
 * warm-up chose it with what the warm-up measured (docs/warm_up.md). */
static void test_settings(const sgmc_model *m) {
  sgmc_draws *d = sample(m, "sghmc", 2, 0), *back = NULL;
  int64_t c;
  CHECK(has(d, 1, "warm_up_search_steps") && has(d, 1, "warm_up_curvature"));
  for (c = 0; c < 2; ++c) {
    const int64_t converged = stat_int(d, c, "warm_up_search_converged");
    CHECK(stat_double(d, c, "step_size") > 0 && stat_double(d, c, "friction") > 0);
    CHECK(stat_int(d, c, "warm_up_search_steps") > 0 && stat_int(d, c, "warm_up_windows") > 0);
    CHECK(converged == 0 || converged == 1);
    CHECK(stat_double(d, c, "warm_up_curvature") > 0 && stat_double(d, c, "warm_up_noise") >= 0);
  }
  sgmc_draws_destroy(d);

  /* pSGLD's RMSprop decay: 0.999 with the step chosen, as set (or SPEC's
   * 0.99) with the step set (docs/warm_up.md, "pSGLD's metric"). */
  d = sample(m, "psgld", 2, 0);
  CHECK(stat_double(d, 0, "rms_decay") == 0.999 && stat_double(d, 1, "rms_decay") == 0.999);
  back = through_bytes(d); /* it travels with the draws to another process */
  CHECK(stat_double(back, 1, "rms_decay") == 0.999);
  sgmc_draws_destroy(back);
  sgmc_draws_destroy(d);
  d = sample(m, "psgld", 1, 0.01);
  CHECK(stat_double(d, 0, "rms_decay") == 0.99);
  sgmc_draws_destroy(d);

  d = sample(m, "sgld", 1, 0.01);
  CHECK(stat_double(d, 0, "step_size") == 0.01);
  CHECK(!has(d, 1, "friction") && !has(d, 1, "warm_up_curvature") && !has(d, 1, "rms_decay"));
  back = through_bytes(d);
  CHECK(!has(back, 1, "rms_decay"));
  sgmc_draws_destroy(back);
  CHECK_ERROR(sgmc_draws_copy_stat(d, 0, "warm_up_curvature", &(double){0}, 1),
              SGMC_ERROR_INVALID_ARGUMENT, "warm_up_curvature");
  sgmc_draws_destroy(d);
}

int main(void) {
  const double mean[2] = {0.0, 0.0}, cov[4] = {1.0, 0.0, 0.0, 1.0};
  sgmc_model *m = NULL;
  CHECK_OK(sgmc_model_gaussian(&m, 2, mean, cov, 0.0, 0.0));
  test_every_sampler(m);
  test_contour(m);
  test_run_statistics(m);
  test_settings(m);
  sgmc_model_destroy(m);
  return check_summary();
}
