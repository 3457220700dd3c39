/* The C API from plain C99: results, errors and their messages, and that a
 * handle stays usable after a rejected call. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "gauss_rows.h"
#include "host_run.h"
#include "sgmc/sgmc.h"

/* ---- a model with data: U_i(x) = |x - y_i|^2 / 2, U0(x) = |x|^2 / 2 ----
 * The posterior is N(sum_i y_i / (N + 1), I / (N + 1)). */
#define N_DATA 200
#define DIM 2

typedef struct {
  double y[N_DATA][DIM];
  int fail_code;        /* returned by the callback when non-zero */
  int nan_after_calls;  /* energy becomes NaN after this many calls (0: never) */
  int calls;            /* calls so far, counted while nan_after_calls > 0 */
} data_model;

static void make_data(data_model *m) {
  memset(m, 0, sizeof *m);
  gauss_rows_fill(m->y, N_DATA);
}

static int data_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                       double *batch_energy, double *batch_grad, double *prior_energy,
                       double *prior_grad, void *user) {
  data_model *m = (data_model *)user;
  if (m->fail_code != 0) return m->fail_code;
  gauss_rows_terms(&m->y[0][0], x, dim, batch, n, batch_energy, batch_grad, prior_energy,
                   prior_grad);
  /* Counted only when asked for: the model is also run on two threads. */
  if (m->nan_after_calls > 0 && ++m->calls > m->nan_after_calls) *prior_energy = NAN;
  return 0;
}

static void posterior_mean(const data_model *m, double mean[DIM]) {
  int i, j;
  for (j = 0; j < DIM; ++j) {
    mean[j] = 0.0;
    for (i = 0; i < N_DATA; ++i) mean[j] += m->y[i][j];
    mean[j] /= N_DATA + 1.0;
  }
}

/* Mean of coordinate j over a chain's draws and its standard error by
 * batch means (20 batches), which accounts for autocorrelation. */
static double mean_and_se(const double *draws, int64_t n, int j, double *se) {
  const int batches = 20;
  const int64_t len = n / batches;
  double means[20], mean = 0.0, var = 0.0;
  int b;
  int64_t i;
  for (b = 0; b < batches; ++b) {
    means[b] = 0.0;
    for (i = 0; i < len; ++i) means[b] += draws[(b * len + i) * DIM + j] / (double)len;
    mean += means[b] / batches;
  }
  for (b = 0; b < batches; ++b) var += (means[b] - mean) * (means[b] - mean) / (batches - 1);
  *se = sqrt(var / batches);
  return mean;
}

static sgmc_options *options_for(const char *sampler, double step) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_double(o, "step_size", step));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 20));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 40000));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 4000));
  CHECK_OK(sgmc_options_set_int(o, "seed", 11));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1)); /* the tests here are of one chain */
  return o;
}

static double *copy_chain(const sgmc_draws *d, int64_t chain, int64_t *n) {
  int64_t dim = 0;
  double *out;
  CHECK_OK(sgmc_draws_shape(d, NULL, n, &dim));
  out = malloc(sizeof(double) * (size_t)(*n * dim + 1));
  CHECK_OK(sgmc_draws_copy(d, chain, out, *n * dim));
  return out;
}

static void test_version(void) {
  char expected[32];
  sprintf(expected, "%d.%d.%d", SGMC_VERSION_MAJOR, SGMC_VERSION_MINOR, SGMC_VERSION_PATCH);
  CHECK(strcmp(sgmc_version(), expected) == 0);
  CHECK(sgmc_version_number() == SGMC_VERSION_NUMBER);
  CHECK(strcmp(sgmc_status_name(SGMC_ERROR_NONFINITE), "SGMC_ERROR_NONFINITE") == 0);
  CHECK(strcmp(sgmc_status_name((sgmc_status)42), "SGMC_UNKNOWN_STATUS") == 0);
}

static void test_options(void) {
  sgmc_options *o = NULL, *copy = NULL;
  int64_t i, n = sgmc_option_count(), k = 0;
  double step = 0.0;
  const char *name = NULL, *doc = NULL, *s = NULL;
  sgmc_option_type type;
  CHECK_OK(sgmc_options_create(&o));
  CHECK(n > 10);
  for (i = 0; i < n; ++i) {
    CHECK_OK(sgmc_option_info(i, &name, &type, &doc));
    CHECK(name != NULL && doc != NULL && strlen(doc) > 0);
  }
  CHECK_ERROR(sgmc_option_info(n, &name, &type, &doc), SGMC_ERROR_INVALID_ARGUMENT, "'index'");
  CHECK_OK(sgmc_option_type_of("step_size", &type));
  CHECK(type == SGMC_OPTION_DOUBLE);
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.25));
  CHECK_OK(sgmc_options_clone(&copy, o));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.5));
  CHECK_OK(sgmc_options_get_double(copy, "step_size", &step));
  CHECK(step == 0.25);
  CHECK_OK(sgmc_options_get_int(o, "n_steps", &k));
  CHECK(k == 1000);
  CHECK_OK(sgmc_options_get_string(o, "sampler", &s));
  CHECK(strcmp(s, "sgld") == 0);
  sgmc_options_destroy(copy);
  sgmc_options_destroy(o);
  sgmc_options_destroy(NULL);
  sgmc_model_destroy(NULL);
  sgmc_draws_destroy(NULL);
  sgmc_run_destroy(NULL);
}

static void test_bad_inputs(void) {
  sgmc_options *o = NULL;
  sgmc_model *m = (sgmc_model *)&o; /* must be overwritten with NULL */
  sgmc_draws *d = (sgmc_draws *)&o;
  sgmc_run *c = (sgmc_run *)&o;
  double x0[DIM] = {0.0, 0.0}, step = 0.0;
  int64_t n = 0;
  data_model data;
  make_data(&data);

  CHECK_ERROR(sgmc_options_create(NULL), SGMC_ERROR_INVALID_ARGUMENT, "'out' is NULL");
  CHECK_OK(sgmc_options_create(&o));
  CHECK_ERROR(sgmc_options_set_double(NULL, "step_size", 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "'options' is NULL");
  CHECK_ERROR(sgmc_options_set_double(o, NULL, 1.0), SGMC_ERROR_INVALID_ARGUMENT, "'key' is NULL");
  CHECK_ERROR(sgmc_options_set_double(o, "step_size", -0.5), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'step_size' = -0.5");
  CHECK_ERROR(sgmc_options_set_double(o, "step_size", NAN), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'step_size' = nan");
  CHECK_ERROR(sgmc_options_set_int(o, "step_size", 1), SGMC_ERROR_INVALID_ARGUMENT,
              "has type double");
  CHECK_ERROR(sgmc_options_set_string(o, "sampler", "nuts"), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'sampler' = \"nuts\"");
  CHECK_ERROR(sgmc_options_set_int(o, "no_such_key", 1), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'no_such_key' is unknown");
  CHECK_ERROR(sgmc_options_set_int(o, "n_chains", 0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'n_chains' = 0");
  /* the options are unchanged and usable */
  CHECK_OK(sgmc_options_get_double(o, "step_size", &step));
  CHECK(step == 1e-3);
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-4));

  CHECK_ERROR(sgmc_model_from_callback(&m, 0, N_DATA, data_energy, 0, &data),
              SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 0");
  CHECK(m == NULL);
  CHECK_ERROR(sgmc_model_from_callback(&m, DIM, -1, data_energy, 0, &data),
              SGMC_ERROR_INVALID_ARGUMENT, "'data_size' = -1");
  CHECK_ERROR(sgmc_model_from_callback(&m, DIM, N_DATA, NULL, 0, &data),
              SGMC_ERROR_INVALID_ARGUMENT, "'fn'");
  CHECK_ERROR(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 8u, &data),
              SGMC_ERROR_INVALID_ARGUMENT, "'flags' = 8");
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));

  CHECK_ERROR(sgmc_sample(&d, NULL, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'model' is NULL");
  CHECK(d == NULL);
  CHECK_ERROR(sgmc_sample(&d, m, NULL, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'options' is NULL");
  CHECK_ERROR(sgmc_sample(&d, m, o, NULL, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'x0' is NULL");
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, 3, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'x0' = an array of length 3");
  CHECK_OK(sgmc_options_set_int(o, "batch_size", N_DATA + 1));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'batch_size' = 201");
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 10));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 10));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'burn_in' = 10");
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL)); /* everything still usable */
  sgmc_draws_destroy(d);

  CHECK_ERROR(sgmc_run_create(&c, o, 0, N_DATA, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 0");
  CHECK(c == NULL);
  CHECK_ERROR(sgmc_options_set_int(o, "first_chain", -1), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'first_chain' = -1");
  CHECK_ERROR(sgmc_run_ask(NULL, &n), SGMC_ERROR_INVALID_ARGUMENT, "'run' is NULL");
  CHECK_ERROR(sgmc_draws_shape(NULL, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws' is NULL");
  CHECK_ERROR(sgmc_model_shape(NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'model' is NULL");
  sgmc_model_destroy(m);
  sgmc_options_destroy(o);
}

static void test_sampling_callback_model(void) {
  const char *samplers[3] = {"sgld", "psgld", "sghmc"};
  const double steps[3] = {1e-4, 2e-5, 1e-5};
  data_model data;
  double truth[DIM], x0[DIM] = {0.0, 0.0};
  int s, j;
  make_data(&data);
  posterior_mean(&data, truth);
  for (s = 0; s < 3; ++s) {
    sgmc_model *m = NULL;
    sgmc_draws *d = NULL;
    sgmc_options *o = options_for(samplers[s], steps[s]);
    int64_t n = 0;
    double *draws;
    CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));
    CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
    draws = copy_chain(d, 0, &n);
    CHECK(n == 36000);
    for (j = 0; j < DIM; ++j) {
      double se = 0.0, mean = mean_and_se(draws, n, j, &se);
      if (fabs(mean - truth[j]) > 5.0 * se) {
        fprintf(stderr, "%s: mean[%d] = %g, truth %g, se %g\n", samplers[s], j, mean, truth[j], se);
      }
      CHECK(fabs(mean - truth[j]) <= 5.0 * se);
      CHECK(se < 0.02); /* the test has power: the posterior sd is 0.07 */
    }
    free(draws);
    sgmc_draws_destroy(d);
    sgmc_options_destroy(o);
    sgmc_model_destroy(m);
  }
}

static int stop_at_300(int64_t done, int64_t total, void *user) {
  (void)total;
  *(int64_t *)user = done;
  return done >= 300;
}

static void test_failures_and_cancel(void) {
  data_model data;
  sgmc_model *m = NULL;
  sgmc_draws *d = NULL;
  sgmc_options *o = options_for("sgld", 1e-4);
  double x0[DIM] = {0.0, 0.0};
  int64_t n = 0, last = 0, steps[300];
  double energies[300];
  make_data(&data);
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));

  /* A fault of the model stops the run and returns the draws so far
   * (none before the first step; 25 before step 26; burn_in is 100). */
  data.fail_code = 7;
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_CALLBACK,
              "the model failed at chain 0, step 1: the model callback returned 7");
  CHECK(d != NULL);
  CHECK_OK(sgmc_draws_shape(d, NULL, &n, NULL));
  CHECK(n == 0);
  sgmc_draws_destroy(d);
  d = NULL;
  data.fail_code = 0;
  data.nan_after_calls = 25;
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_NONFINITE,
              "non-finite energy (nan) at chain 0, step 26");
  CHECK(d != NULL);
  CHECK_OK(sgmc_draws_shape(d, NULL, &n, NULL));
  CHECK(n == 25);
  sgmc_draws_destroy(d);
  d = NULL;
  data.nan_after_calls = 0;

  CHECK_OK(sgmc_options_set_int(o, "progress_every", 100));
  CHECK(sgmc_sample(&d, m, o, x0, DIM, stop_at_300, &last) == SGMC_CANCELLED);
  CHECK(d != NULL && last == 300);
  CHECK_OK(sgmc_draws_shape(d, NULL, &n, NULL));
  CHECK(n == 300);
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "step", steps, 300));
  CHECK(steps[0] == 1 && steps[299] == 300);
  CHECK_OK(sgmc_draws_copy_column(d, 0, "energy", energies, 300));
  CHECK(isfinite(energies[299]));
  CHECK_ERROR(sgmc_draws_copy_column(d, 0, "energy", energies, 299), SGMC_ERROR_INVALID_ARGUMENT,
              "'out_len' = 299: must be at least 300");
  CHECK_ERROR(sgmc_draws_copy(d, 0, energies, 300), SGMC_ERROR_INVALID_ARGUMENT,
              "'out_len' = 300: must be at least 600");
  CHECK_ERROR(sgmc_draws_copy_column_int(d, 1, "step", steps, 300), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 1");
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

static void test_builtin_targets(void) {
  sgmc_model *m = NULL;
  int64_t dim = 0, n = 0;
  double mean[2] = {0.0, 0.0}, cov[4] = {1.0, 2.0, 2.0, 1.0}, good[4] = {1.0, 0.2, 0.2, 1.0};
  CHECK_OK(sgmc_model_target(&m, "gauss25", 0.0, 1.0));
  CHECK_OK(sgmc_model_shape(m, &dim, &n));
  CHECK(dim == 2 && n == 0);
  sgmc_model_destroy(m);
  CHECK_OK(sgmc_model_target(&m, "mix1d", 0.1, 0.1));
  CHECK_OK(sgmc_model_shape(m, &dim, NULL));
  CHECK(dim == 1);
  sgmc_model_destroy(m);
  CHECK_ERROR(sgmc_model_target(&m, "gauss24", 0.0, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "'target' = \"gauss24\"");
  CHECK(m == NULL);
  CHECK_ERROR(sgmc_model_target(&m, "nine", -1.0, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "'energy_noise_sd' = -1");
  CHECK_ERROR(sgmc_model_gaussian(&m, 2, mean, cov, 0.0, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "'covariance'");
  CHECK_OK(sgmc_model_gaussian(&m, 2, mean, good, 0.0, 0.0));
  sgmc_model_destroy(m);
}

/* Run c has recorded exactly the n draws of chain `chain` of d in its one chain. */
static void check_same_draws(const sgmc_draws *d, int64_t chain, const sgmc_run *c, int64_t n) {
  sgmc_draws *dc = NULL;
  int64_t n1 = 0, n2 = 0;
  double *a, *b;
  CHECK_OK(sgmc_run_draws(&dc, c));
  a = copy_chain(d, chain, &n1);
  b = copy_chain(dc, 0, &n2);
  CHECK(n1 == n && n2 == n);
  CHECK(memcmp(a, b, sizeof(double) * (size_t)(n1 * DIM)) == 0);
  free(a);
  free(b);
  sgmc_draws_destroy(dc);
}

/* One chain stepped in C with the same model reproduces sgmc_sample bit for
 * bit; a non-finite result stops the run as it was before it, and the run
 * saved there goes on as one that never faulted. */
static void test_ask_tell(void) {
  const char *path = "test_capi_ask_tell.ckpt";
  data_model data;
  sgmc_model *m = NULL;
  sgmc_draws *d = NULL;
  sgmc_run *c = NULL;
  sgmc_options *o = options_for("sghmc", 1e-5);
  host_answer good;
  double x0[DIM] = {0.5, 0.5}, before[DIM], after[DIM];
  int64_t n = 0, k = 0;
  double bad_grad[DIM] = {NAN, 0.0};
  make_data(&data);
  good.f = data_energy;
  good.user = &data;
  good.fail = 0;
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 500));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 100));
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));

  CHECK_OK(host_start(&c, o, DIM, N_DATA, x0));
  CHECK_ERROR(sgmc_run_tell(c, 0, 0.0, bad_grad, 0.0, NULL, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "'dim' = 3");
  CHECK_ERROR(sgmc_run_position(c, 0, before, 3), SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 3");
  CHECK_ERROR(sgmc_run_position(c, 1, before, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 1: must be in [0, n_chains) with n_chains = 1");
  for (k = 0; k < 500; ++k) {
    if (k == 250) {
      CHECK_OK(sgmc_run_position(c, 0, before, DIM));
      CHECK_OK(sgmc_run_tell(c, 0, 0.0, bad_grad, 0.0, NULL, DIM));
      CHECK_ERROR(sgmc_run_ask(c, &n), SGMC_ERROR_NONFINITE,
                  "non-finite gradient (coordinate 0 = nan) at chain 0, step 251");
      CHECK(n == 0);
      CHECK_OK(sgmc_run_position(c, 0, after, DIM));
      CHECK(memcmp(before, after, sizeof before) == 0);
      CHECK(host_steps(c) == 250);
      CHECK_OK(sgmc_run_save(c, path));
      sgmc_run_destroy(c);
      CHECK_OK(sgmc_run_resume(&c, path, NULL, DIM, N_DATA));
      CHECK_OK(sgmc_run_ask(c, &n));
      CHECK(n == 1 && host_steps(c) == 250);
    }
    CHECK_OK(host_iteration(c, DIM, good));
  }
  CHECK(host_steps(c) == 500);
  CHECK_OK(sgmc_run_ask(c, &n));
  CHECK(n == 0);
  CHECK_ERROR(sgmc_run_tell(c, 0, 0.0, NULL, 0.0, NULL, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'i' = 0: must be in [0, 0)");
  check_same_draws(d, 0, c, 400);
  remove(path);
  sgmc_draws_destroy(d);
  sgmc_run_destroy(c);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* With a preconditioner (docs/preconditioning.md) a chain stepped by its
 * host is asked at points x = L y and reproduces sgmc_sample bit for bit,
 * through the warm-up's windows; a warm-up without a burn-in is refused by
 * name. */
static void test_preconditioned_ask_tell(void) {
  data_model data;
  sgmc_model *m = NULL;
  sgmc_draws *d = NULL;
  sgmc_run *c = NULL;
  sgmc_options *o = options_for("sgld", 1e-5);
  host_answer good;
  double x0[DIM] = {0.5, 0.5};
  int64_t k;
  make_data(&data);
  good.f = data_energy;
  good.user = &data;
  good.fail = 0;
  CHECK_OK(sgmc_options_set_string(o, "precondition", "dense"));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 600));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'burn_in' = 0");
  CHECK(d == NULL);
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 200));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(host_start(&c, o, DIM, N_DATA, x0));
  for (k = 0; k < 600; ++k) CHECK_OK(host_iteration(c, DIM, good));
  check_same_draws(d, 0, c, 400);
  sgmc_draws_destroy(d);
  sgmc_run_destroy(c);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* The same seed gives bitwise the same draws on 1 and on 2 threads. */
static void test_thread_count_does_not_matter(void) {
  data_model data;
  sgmc_model *m = NULL;
  sgmc_draws *d1 = NULL, *d2 = NULL;
  sgmc_options *o = options_for("psgld", 2e-5);
  double x0[DIM] = {0.0, 0.0};
  int64_t chain, n1 = 0, n2 = 0;
  make_data(&data);
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 2000));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 5));
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, SGMC_MODEL_THREAD_SAFE, &data));
  CHECK_OK(sgmc_options_set_int(o, "threads", 1));
  CHECK_OK(sgmc_sample(&d1, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_sample(&d2, m, o, x0, DIM, NULL, NULL));
  for (chain = 0; chain < 5; ++chain) {
    double *a = copy_chain(d1, chain, &n1), *b = copy_chain(d2, chain, &n2);
    CHECK(n1 == n2 && memcmp(a, b, sizeof(double) * (size_t)(n1 * DIM)) == 0);
    free(a);
    free(b);
  }
  sgmc_draws_destroy(d1);
  sgmc_draws_destroy(d2);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* Contour samplers: bad partitions are named, handles stay usable, and the
 * contour record (theta, indices, weights, estimates, resampling) reads out. */
static void test_contour(void) {
  sgmc_model *m = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL, *plain = NULL, *dc = NULL;
  sgmc_run *c = NULL;
  sgmc_evaluation e;
  double x0 = 0.0, theta[50], trace[20 * 50], sum = 0.0, mean = 0.0, var = 0.0,
         ess = 0.0, q[3], lw[20000], lw_final[20000];
  double bad_theta[3] = {0.5, 0.6, -0.1}, short_theta[3] = {0.2, 0.2, 0.2},
         good_theta[3] = {0.2, 0.3, 0.5};
  double probs[3] = {0.1, 0.5, 0.9};
  int64_t idx[20000], picks[1000], n = 0, mm = 0, n_thetas = 0, i;
  CHECK_OK(sgmc_model_target(&m, "mix1d", 0.1, 0.1));
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "csgld"));
  CHECK_ERROR(sgmc_options_set_int(o, "contour_m", 1), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'contour_m' = 1: must be in [2,");
  CHECK_ERROR(sgmc_options_set_double(o, "contour_du", 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'contour_du' = 0");
  CHECK_ERROR(sgmc_options_set_theta0(o, bad_theta, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "'contour_theta0' = an array with entry 2 = -0.1");
  CHECK_ERROR(sgmc_options_set_theta0(o, short_theta, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "an array summing to 0.6");
  CHECK_ERROR(sgmc_options_set_theta0(o, NULL, 3), SGMC_ERROR_INVALID_ARGUMENT, "'theta0' is NULL");
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 50));
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 2.0));
  CHECK_OK(sgmc_options_set_double(o, "contour_clip_lo", 3.0));
  CHECK_OK(sgmc_options_set_double(o, "contour_clip_hi", 2.0));
  CHECK_ERROR(sgmc_sample(&d, m, o, &x0, 1, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'contour_clip_lo' = 3: must be <= contour_clip_hi = 2");
  CHECK(d == NULL);
  CHECK_OK(sgmc_options_set_double(o, "contour_clip_lo", -50.0));
  CHECK_OK(sgmc_options_set_double(o, "contour_clip_hi", 50.0));
  CHECK_OK(sgmc_options_set_theta0(o, good_theta, 3));
  CHECK_ERROR(sgmc_sample(&d, m, o, &x0, 1, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "must have length contour_m = 50");
  CHECK_OK(sgmc_options_set_theta0(o, NULL, 0));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.1));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 20000));
  CHECK_OK(sgmc_options_set_int(o, "theta_thin", 1000));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 2));
  CHECK_OK(sgmc_sample(&d, m, o, &x0, 1, NULL, NULL));
  CHECK_OK(sgmc_draws_stat_shape(d, 0, "theta_trace", NULL, &n_thetas, &mm));
  CHECK(mm == 50 && n_thetas == 20);
  CHECK_OK(sgmc_draws_shape(d, NULL, &n, NULL));
  CHECK(n == 20000);
  CHECK_OK(sgmc_draws_copy_stat(d, 1, "theta", theta, 50));
  for (i = 0; i < 50; ++i) sum += theta[i];
  CHECK(fabs(sum - 1.0) < 1e-12);
  CHECK_OK(sgmc_draws_copy_stat(d, 1, "theta_trace", trace, 20 * 50));
  CHECK(memcmp(trace + 19 * 50, theta, sizeof theta) == 0); /* after the last iteration */
  CHECK_OK(sgmc_draws_copy_column_int(d, 0, "subregion", idx, n));
  for (i = 0; i < n; ++i) CHECK(idx[i] >= 0 && idx[i] < 50);
  CHECK_OK(sgmc_draws_copy_column(d, 0, "log_weight", lw, n));
  CHECK_OK(sgmc_draws_copy_column(d, 0, "log_weight_bin_final", lw_final, n));
  CHECK(isfinite(lw[n - 1]) && isfinite(lw_final[0]));
  CHECK_ERROR(sgmc_draws_resample(d, 0, (sgmc_weight_kind)7, SGMC_WEIGHT_FINAL, 10, 42, picks),
              SGMC_ERROR_INVALID_ARGUMENT, "'kind' = 7");
  CHECK_OK(sgmc_draws_weighted_moments(d, 0, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL, &mean,
                                       &var, 1, &ess));
  CHECK(fabs(mean) < 3.0 && var > 10.0 && ess >= 1.0 && ess <= (double)n);
  CHECK_OK(sgmc_draws_weighted_quantiles(d, 0, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                         probs, 3, q, 3));
  CHECK(q[0] < -3.0 && q[0] <= q[1] && q[1] <= q[2] && q[2] > 2.0);
  CHECK_OK(sgmc_draws_resample(d, 0, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL, 1000, 42, picks));
  for (i = 0; i < 1000; ++i) CHECK(picks[i] >= 0 && picks[i] < n && (i == 0 || picks[i] >= picks[i - 1]));
  CHECK_ERROR(sgmc_draws_resample(d, 0, SGMC_WEIGHT_BIN, SGMC_WEIGHT_FINAL, 0, 42, picks),
              SGMC_ERROR_INVALID_ARGUMENT, "'n_out' = 0");

  /* Ask/tell: theta of a contour chain stepped by its host, read by name
   * from the run's draws; the draws of another sampler say they have none. */
  CHECK_OK(host_start(&c, o, 1, 0, &x0));
  for (i = 0; i < 2; ++i) {
    CHECK_OK(sgmc_run_evaluation(c, i, &e));
    CHECK_OK(sgmc_run_tell(c, i, 0.0, NULL, 2.5, e.x, 1));
  }
  CHECK_OK(sgmc_run_ask(c, &n));
  CHECK_OK(sgmc_run_draws(&dc, c));
  CHECK_OK(sgmc_draws_copy_stat(dc, 0, "theta", theta, 50));
  CHECK(theta[1] > theta[0]); /* the first energy fell in subregion 2 */
  CHECK_ERROR(sgmc_draws_copy_stat(dc, 0, "theta", theta, 49), SGMC_ERROR_INVALID_ARGUMENT,
              "'out_len' = 49: must be at least 50");
  sgmc_draws_destroy(dc);
  sgmc_run_destroy(c);
  CHECK_OK(sgmc_options_set_string(o, "sampler", "sgld"));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 10));
  CHECK_OK(sgmc_sample(&plain, m, o, &x0, 1, NULL, NULL));
  CHECK_ERROR(sgmc_draws_copy_stat(plain, 0, "theta", theta, 50), SGMC_ERROR_INVALID_ARGUMENT,
              "'name' = theta: is not a statistic of these draws");
  sgmc_draws_destroy(plain);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* The variance-reduced energy through ask/tell: the run asks for the
 * energies at the control point itself (the full-data sum when it moves the
 * point to the current one, every q = 4 iterations), before the
 * iteration's own evaluation on the same batch, and its draws are those of
 * sgmc_sample; an ask with an evaluation untold is refused and changes
 * nothing. */
static void test_contour_control_point(void) {
  data_model data;
  sgmc_options *o = options_for("csgld", 1e-4);
  sgmc_model *m = NULL;
  sgmc_draws *d = NULL;
  sgmc_run *c = NULL;
  sgmc_evaluation e[3];
  host_answer good;
  double x0[DIM] = {0.0, 0.0};
  int64_t n = 0, k, i;
  int full;
  make_data(&data);
  good.f = data_energy;
  good.user = &data;
  good.fail = 0;
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 30));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_OK(sgmc_options_set_int(o, "contour_vr_period", 4));
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 0.0)); /* too short a run for a pilot */
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_run_create(&c, o, DIM, N_DATA, x0, DIM));
  CHECK_OK(sgmc_run_ask(c, &n));
  for (k = 0; k < 30; ++k) {
    full = k % 4 == 0;
    CHECK(n == (full ? 3 : 2));
    for (i = 0; i < n && i < 3; ++i) CHECK_OK(sgmc_run_evaluation(c, i, &e[i]));
    if (n != (full ? 3 : 2)) break;
    CHECK(e[n - 1].gradient == 1 && e[n - 2].gradient == 0 && e[0].gradient == 0);
    CHECK(e[n - 2].batch_size == 20 && e[n - 1].batch_size == 20);
    CHECK(memcmp(e[n - 2].batch, e[n - 1].batch, 20 * sizeof(int64_t)) == 0);
    if (full) {
      CHECK(e[0].batch_size == N_DATA);
      CHECK(e[0].x[0] == e[2].x[0] && e[0].x[1] == e[2].x[1]);
    }
    if (k == 5) {
      CHECK_ERROR(sgmc_run_ask(c, &n), SGMC_ERROR_STATE, "evaluation 0 of the last ask has not been told");
      CHECK(host_steps(c) == 5);
    }
    CHECK_OK(host_pass(c, DIM, good, &n));
  }
  CHECK(n == 0);
  check_same_draws(d, 0, c, 30);
  sgmc_run_destroy(c);
  CHECK_OK(sgmc_options_set_int(o, "contour_vr_period", 0));
  CHECK_OK(sgmc_run_create(&c, o, DIM, N_DATA, x0, DIM));
  CHECK_OK(sgmc_run_ask(c, &n));
  CHECK(n == 1);
  CHECK_OK(sgmc_run_evaluation(c, 0, &e[0]));
  CHECK(e[0].gradient == 1);
  sgmc_run_destroy(c);
  sgmc_draws_destroy(d);
  sgmc_model_destroy(m);
  sgmc_options_destroy(o);
}

/* MHBT: bad settings are refused with the argument and value named and the
 * handles stay usable; sgmc_sample and ask/tell agree bit for bit and report
 * the same acceptance statistics. */
static void test_mhbt(void) {
  data_model data;
  sgmc_model *m = NULL, *data_free = NULL;
  sgmc_draws *d = NULL, *dc = NULL;
  sgmc_run *c = NULL;
  sgmc_options *o = options_for("mhbt", 1e-3);
  host_answer good;
  double x0[DIM] = {0.5, -1.0}, beta = 0.0, beta_c = 0.0;
  int64_t proposed = 0, accepted = 0, fp = 0, fa = 0, k;
  int64_t proposed_c = 0, accepted_c = 0, fp_c = 0, fa_c = 0;
  make_data(&data);
  good.f = data_energy;
  good.user = &data;
  good.fail = 0;
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, data_energy, 0, &data));
  CHECK_ERROR(sgmc_options_set_double(o, "c_n", 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'c_n' = 0: must be in (0, inf)");
  CHECK_ERROR(sgmc_options_set_double(o, "c_n", -3.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'c_n' = -3");
  CHECK_ERROR(sgmc_options_set_double(o, "rsgld_beta", 0.5), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'rsgld_beta' = 0.5: must be in [1, inf)");
  CHECK_ERROR(sgmc_options_set_double(o, "rsgld_beta_start", 0.9), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'rsgld_beta_start' = 0.9");
  CHECK_ERROR(sgmc_options_set_double(o, "rsgld_forward_prob", 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'rsgld_forward_prob' = 1: must be in (0, 1)");
  CHECK_ERROR(sgmc_options_set_double(o, "rsgld_forward_prob", 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'rsgld_forward_prob' = 0: must be in (0, 1)");
  CHECK_ERROR(sgmc_options_set_string(o, "proposal", "mala"), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'proposal' = \"mala\": must be one of random_walk|sgld|rsgld");
  CHECK_OK(sgmc_options_set_int(o, "batch_size", N_DATA + 100));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'batch_size' = 300: must not exceed the data size N = 200");
  CHECK(d == NULL);
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 20));
  CHECK_ERROR(sgmc_run_create(&c, o, DIM, 0, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'data_size' = 0: must be >= 1: sampler 'mhbt' needs data");
  CHECK(c == NULL);
  CHECK_OK(sgmc_model_target(&data_free, "gauss25", 0.0, 0.0));
  CHECK_ERROR(sgmc_sample(&d, data_free, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'data_size' = 0");
  CHECK_OK(sgmc_options_set_int(o, "rsgld_adaptive_beta", 1));
  CHECK_OK(sgmc_options_set_string(o, "proposal", "sgld"));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'rsgld_adaptive_beta' = 1: needs proposal 'rsgld', not 'sgld'");

  /* Everything is still usable: a run with adaptive beta (epochs of 10
   * iterations) through sgmc_sample and through ask/tell. */
  CHECK_OK(sgmc_options_set_string(o, "proposal", "rsgld"));
  CHECK_OK(sgmc_options_set_double(o, "rsgld_beta_start", 20.0));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 3000));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 0));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 2));
  CHECK_OK(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "mhbt_proposed", &proposed, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "mhbt_accepted", &accepted, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "mhbt_forward_proposed", &fp, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "mhbt_forward_accepted", &fa, 1));
  CHECK_OK(sgmc_draws_copy_stat(d, 1, "mhbt_beta", &beta, 1));
  CHECK(proposed == 3000 && accepted > 0 && accepted <= proposed);
  CHECK(fp > 1200 && fp < 1800 && fa <= fp && fa <= accepted);
  CHECK(beta >= 1.0 && beta != 20.0);
  CHECK_ERROR(sgmc_draws_copy_stat(d, 2, "mhbt_beta", &beta, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 2");

  /* Chain 1 of that run, stepped by its host: the one chain of a run with
   * first_chain = 1; its extra evaluations (at x0, adjusting beta) are asks
   * that make no iteration. */
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 1));
  CHECK_OK(host_start(&c, o, DIM, N_DATA, x0));
  for (k = 0; k < 3000; ++k) CHECK_OK(host_iteration(c, DIM, good));
  CHECK(host_steps(c) == 3000);
  CHECK_OK(sgmc_run_draws(&dc, c));
  CHECK_OK(sgmc_draws_copy_stat_int(dc, 0, "mhbt_proposed", &proposed_c, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(dc, 0, "mhbt_accepted", &accepted_c, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(dc, 0, "mhbt_forward_proposed", &fp_c, 1));
  CHECK_OK(sgmc_draws_copy_stat_int(dc, 0, "mhbt_forward_accepted", &fa_c, 1));
  CHECK_OK(sgmc_draws_copy_stat(dc, 0, "mhbt_beta", &beta_c, 1));
  CHECK(proposed_c == proposed && accepted_c == accepted && fp_c == fp && fa_c == fa &&
        beta_c == beta);
  check_same_draws(d, 1, c, 3000);
  sgmc_draws_destroy(dc);
  sgmc_run_destroy(c);

  CHECK_OK(sgmc_options_set_string(o, "sampler", "sgld"));
  CHECK_OK(sgmc_run_create(&c, o, DIM, N_DATA, x0, DIM));
  CHECK_OK(sgmc_run_draws(&dc, c));
  CHECK_ERROR(sgmc_draws_copy_stat_int(dc, 0, "mhbt_proposed", &proposed_c, 1),
              SGMC_ERROR_INVALID_ARGUMENT, "'name' = mhbt_proposed: is not a statistic of these draws");
  sgmc_draws_destroy(dc);
  sgmc_run_destroy(c);
  sgmc_draws_destroy(d);
  sgmc_model_destroy(data_free);
  sgmc_model_destroy(m);
  sgmc_options_destroy(o);
}

int main(void) {
  test_version();
  test_options();
  test_bad_inputs();
  test_sampling_callback_model();
  test_failures_and_cancel();
  test_builtin_targets();
  test_ask_tell();
  test_preconditioned_ask_tell();
  test_thread_count_does_not_matter();
  test_contour();
  test_contour_control_point();
  test_mhbt();
  return check_summary();
}
