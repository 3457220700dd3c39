/* Data sets and the built-in models with data, from plain C99: arrays copied
 * or borrowed, CSV files, every bad argument named, and a short run of each
 * model on real data. SGMC_DATA_DIR is tests/data. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "sgmc/sgmc.h"

static const char *data_file(const char *name) {
  static char path[1024];
  snprintf(path, sizeof path, "%s/%s", SGMC_DATA_DIR, name);
  return path;
}

static void test_arrays(void) {
  double features[6] = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, targets[3] = {0.0, 1.0, 1.0};
  sgmc_data *d = (sgmc_data *)&features; /* must be overwritten with NULL */
  sgmc_model *m = NULL;
  int64_t n = 0, p = 0, dim = 0, size = 0;
  const char *name = NULL;
  CHECK_OK(sgmc_data_create(&d, 3, 2, features, targets, 0));
  CHECK_OK(sgmc_data_shape(d, &n, &p));
  CHECK(n == 3 && p == 2);
  CHECK_OK(sgmc_data_feature_name(d, 1, &name));
  CHECK(name != NULL && strcmp(name, "") == 0);
  CHECK_ERROR(sgmc_data_feature_name(d, 2, &name), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'column' = 2: must lie in [0, 2)");
  /* The model keeps the data set alive after its handle is gone. */
  CHECK_OK(sgmc_model_logistic(&m, d, 1.0));
  sgmc_data_destroy(d);
  CHECK_OK(sgmc_model_shape(m, &dim, &size));
  CHECK(dim == 3 && size == 3);
  sgmc_model_destroy(m);

  CHECK_OK(sgmc_data_create(&d, 3, 2, features, targets, SGMC_DATA_BORROW));
  sgmc_data_destroy(d);
  sgmc_data_destroy(NULL);
  features[3] = NAN;
  CHECK_ERROR(sgmc_data_create(&d, 3, 2, features, targets, SGMC_DATA_BORROW),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'features' = a table with features[1][1] = nan: must be finite");
  CHECK(d == NULL);
  features[3] = 4.0;
  CHECK_ERROR(sgmc_data_create(&d, 3, 2, NULL, targets, 0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'features' = NULL");
  CHECK_ERROR(sgmc_data_create(&d, 3, 0, features, targets, 0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'n_features' = 0: must be >= 1");
  CHECK_ERROR(sgmc_data_create(&d, 3, 2, features, targets, 4u), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'flags' = 4: must be 0 or SGMC_DATA_BORROW");
  CHECK_ERROR(sgmc_data_create(NULL, 3, 2, features, targets, 0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'out' is NULL");
  CHECK_ERROR(sgmc_data_shape(NULL, &n, &p), SGMC_ERROR_INVALID_ARGUMENT, "'data' is NULL");
}

static void test_csv(void) {
  sgmc_data *d = NULL;
  int64_t n = 0, p = 0;
  const char *name = NULL;
  CHECK_OK(sgmc_data_read_csv(&d, data_file("pima_tr.csv"), "type"));
  CHECK_OK(sgmc_data_shape(d, &n, &p));
  CHECK(n == 200 && p == 7);
  CHECK_OK(sgmc_data_feature_name(d, 6, &name));
  CHECK(strcmp(name, "age") == 0);
  sgmc_data_destroy(d);
  CHECK_ERROR(sgmc_data_read_csv(&d, data_file("missing.csv"), "type"), SGMC_ERROR_IO,
              "missing.csv': No such file or directory");
  CHECK(d == NULL);
  CHECK_ERROR(sgmc_data_read_csv(&d, data_file("pima_tr.csv"), "Type"),
              SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'target_column' = 'Type': must name a column of file");
  CHECK_ERROR(sgmc_data_read_csv(&d, NULL, "type"), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'path' is NULL");
  CHECK_ERROR(sgmc_data_read_csv(&d, data_file("pima_tr.csv"), NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "argument 'target_column' is NULL");
}

/* Parameter names: the model's own (features, "(Intercept)", "log_sigma";
 * an MLP's weights; x[i] for a target), then names set by the caller, every
 * bad one refused with the argument and value and nothing changed. */
static void test_parameter_names(void) {
  sgmc_data *d = NULL;
  sgmc_model *m = NULL;
  const char *name = NULL;
  const char *good[3] = {"a", "b, c", "sigma"};
  const char *empty[3] = {"a", "", "sigma"};
  const char *twice[3] = {"a", "b", "a"};
  const char *null_name[3] = {"a", NULL, "c"};
  CHECK_OK(sgmc_data_read_csv(&d, data_file("linear_small.csv"), "y"));
  CHECK_OK(sgmc_model_linear_priors(&m, d, 0, SGMC_PRIOR_FLAT, 1.0, SGMC_PRIOR_HALF_CAUCHY, 2.5));
  CHECK_OK(sgmc_model_parameter_name(m, 0, &name));
  CHECK(strcmp(name, "a") == 0);
  CHECK_OK(sgmc_model_parameter_name(m, 2, &name));
  CHECK(strcmp(name, "log_sigma") == 0);
  CHECK_ERROR(sgmc_model_parameter_name(m, 3, &name), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'index' = 3: must lie in [0, 3)");
  CHECK_ERROR(sgmc_model_parameter_name(m, -1, &name), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'index' = -1");
  CHECK_ERROR(sgmc_model_parameter_name(NULL, 0, &name), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'model' is NULL");
  CHECK_ERROR(sgmc_model_parameter_name(m, 0, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'out' is NULL");

  CHECK_ERROR(sgmc_model_set_parameter_names(m, good, 2), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'count' = 2: must be the model's dimension 3");
  CHECK_ERROR(sgmc_model_set_parameter_names(m, empty, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'names[1]' = \"\": must not be empty");
  CHECK_ERROR(sgmc_model_set_parameter_names(m, twice, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'names[2]' = \"a\": is the name of an earlier parameter too");
  CHECK_ERROR(sgmc_model_set_parameter_names(m, null_name, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'names[1]' = NULL: must be a name");
  CHECK_ERROR(sgmc_model_set_parameter_names(m, NULL, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'names' is NULL");
  CHECK_ERROR(sgmc_model_set_parameter_names(NULL, good, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'model' is NULL");
  CHECK_OK(sgmc_model_parameter_name(m, 2, &name)); /* unchanged by the failures */
  CHECK(strcmp(name, "log_sigma") == 0);
  CHECK_OK(sgmc_model_set_parameter_names(m, good, 3));
  CHECK_OK(sgmc_model_parameter_name(m, 1, &name));
  CHECK(strcmp(name, "b, c") == 0);
  sgmc_model_destroy(m);

  CHECK_OK(sgmc_model_linear(&m, d, 1.0, 0.5, 1.0)); /* sigma known: no log_sigma */
  CHECK_OK(sgmc_model_parameter_name(m, 2, &name));
  CHECK(strcmp(name, "(Intercept)") == 0);
  CHECK_ERROR(sgmc_model_parameter_name(m, 3, &name), SGMC_ERROR_INVALID_ARGUMENT,
              "must lie in [0, 3)");
  sgmc_model_destroy(m);
  CHECK_OK(sgmc_model_mlp_regression(&m, d, 3, 1.0, 1.0));
  CHECK_OK(sgmc_model_parameter_name(m, 1, &name)); /* W1 row by row: w1[h,j] */
  CHECK(strcmp(name, "w1[1,2]") == 0);
  CHECK_OK(sgmc_model_parameter_name(m, 6, &name)); /* then b1 */
  CHECK(strcmp(name, "b1[1]") == 0);
  sgmc_model_destroy(m);
  sgmc_data_destroy(d);

  CHECK_OK(sgmc_model_target(&m, "gauss25", 0.0, 0.0));
  CHECK_OK(sgmc_model_parameter_name(m, 1, &name));
  CHECK(strcmp(name, "x[2]") == 0);
  sgmc_model_destroy(m);
}

static void test_model_arguments(void) {
  sgmc_data *pima = NULL, *digits = NULL;
  sgmc_model *m = (sgmc_model *)&pima;
  int64_t dim = 0;
  CHECK_OK(sgmc_data_read_csv(&pima, data_file("pima_tr.csv"), "type"));
  CHECK_OK(sgmc_data_read_csv(&digits, data_file("digits.csv"), "digit"));
  CHECK_ERROR(sgmc_model_logistic(&m, NULL, 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'data' is NULL");
  CHECK(m == NULL);
  CHECK_ERROR(sgmc_model_logistic(&m, pima, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'prior_sd' = 0: must be finite and > 0");
  CHECK_ERROR(sgmc_model_logistic(&m, digits, 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'data' = a table with targets[2] = 2: must be 0 or 1 for logistic");
  CHECK_ERROR(sgmc_model_linear(&m, pima, -1.0, 1.0, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'prior_sd' = -1");
  CHECK_ERROR(sgmc_model_linear(&m, pima, 1.0, 0.0, NAN), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'log_noise_prior_sd' = nan");
  CHECK_OK(sgmc_model_linear(&m, pima, 1.0, 0.0, 1.0));
  CHECK_OK(sgmc_model_shape(m, &dim, NULL));
  CHECK(dim == 9);
  sgmc_model_destroy(m);
  CHECK_ERROR(sgmc_model_mlp_classifier(&m, digits, 10, 9, 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'data' = a table with targets[9] = 9: must be a class label 0..8");
  CHECK_ERROR(sgmc_model_mlp_classifier(&m, digits, 0, 10, 1.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'n_hidden' = 0: must be >= 1");
  CHECK_ERROR(sgmc_model_mlp_regression(&m, pima, 3, 1.0, 0.0), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'noise_sd' = 0: must be finite and > 0");
  CHECK_OK(sgmc_model_mlp_regression(&m, pima, 3, 1.0, 1.0));
  CHECK_OK(sgmc_model_shape(m, &dim, NULL));
  CHECK(dim == 3 * 9 + 1);
  sgmc_model_destroy(m);
  sgmc_data_destroy(pima);
  sgmc_data_destroy(digits);
}

/* Energies of a 200-step SGLD run on pima: logistic regression, or with
 * `mlp` a 4-unit MLP classifier (d = 42). */
static void pima_energies(const sgmc_data *data, int mlp, double *energy) {
  sgmc_model *m = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[42] = {0};
  if (mlp) {
    CHECK_OK(sgmc_model_mlp_classifier(&m, data, 4, 2, 1.0));
  } else {
    CHECK_OK(sgmc_model_logistic(&m, data, 1.0));
  }
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-6));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 50));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 200));
  CHECK_OK(sgmc_sample(&d, m, o, x0, mlp ? 42 : 8, NULL, NULL));
  CHECK_OK(sgmc_draws_copy_column(d, 0, "energy", energy, 200));
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* Float32 features: the same run to about float precision (not the same
 * bits) for logistic regression (float features) and the MLP (computed in
 * float), the original data set unchanged; bad arguments named. */
static void test_float32(void) {
  double features[4] = {1.0, 2.0, 3.0, -1e39}, targets[2] = {0.0, 1.0};
  double e64[2][200], e32[2][200], again[200];
  sgmc_data *pima = NULL, *d = NULL, *f = (sgmc_data *)&features;
  int64_t n = 0, p = 0, i;
  int mlp;
  CHECK_OK(sgmc_data_read_csv(&pima, data_file("pima_tr.csv"), "type"));
  CHECK_OK(sgmc_data_float32(&d, pima));
  CHECK_OK(sgmc_data_shape(d, &n, &p));
  CHECK(n == 200 && p == 7);
  for (mlp = 0; mlp < 2; ++mlp) {
    pima_energies(pima, mlp, e64[mlp]);
    pima_energies(d, mlp, e32[mlp]);
  }
  sgmc_data_destroy(d);
  for (mlp = 0; mlp < 2; ++mlp) {
    pima_energies(pima, mlp, again);
    for (i = 0; i < 200; ++i) {
      CHECK(again[i] == e64[mlp][i]);
      CHECK(fabs(e32[mlp][i] - e64[mlp][i]) <= 1e-5 * fabs(e64[mlp][i]));
    }
    CHECK(memcmp(e32[mlp], e64[mlp], sizeof e32[mlp]) != 0);
  }
  sgmc_data_destroy(pima);

  CHECK_OK(sgmc_data_create(&d, 2, 2, features, targets, SGMC_DATA_BORROW));
  CHECK_ERROR(sgmc_data_float32(&f, d), SGMC_ERROR_INVALID_ARGUMENT,
              "argument 'features' = a table with features[1][1] = -9.9999999999999994e+38: "
              "must lie within the float32 range (|v| <= 3.4028235e38) for float32 features");
  CHECK(f == NULL);
  sgmc_data_destroy(d);
  CHECK_ERROR(sgmc_data_float32(&f, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'data' is NULL");
  CHECK_ERROR(sgmc_data_float32(NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT, "argument 'out' is NULL");
}

/* A short SGLD run of the digits MLP on two threads stays finite and lowers
 * the energy from the start. */
static void test_runs_on_real_data(void) {
  sgmc_data *digits = NULL;
  sgmc_model *m = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  int64_t dim = 0, n_draws = 0;
  double *x0, energy[2];
  int64_t j;
  CHECK_OK(sgmc_data_read_csv(&digits, data_file("digits.csv"), "digit"));
  CHECK_OK(sgmc_model_mlp_classifier(&m, digits, 16, 10, 1.0));
  sgmc_data_destroy(digits);
  CHECK_OK(sgmc_model_shape(m, &dim, NULL));
  x0 = (double *)malloc((size_t)dim * sizeof *x0);
  for (j = 0; j < dim; ++j) x0[j] = 0.05 * sin(1.0 + (double)j);
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-5));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 100));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 300));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 2));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_sample(&d, m, o, x0, dim, NULL, NULL));
  CHECK_OK(sgmc_draws_shape(d, NULL, &n_draws, NULL));
  CHECK(n_draws == 300);
  {
    double *e = (double *)malloc((size_t)n_draws * sizeof *e);
    CHECK_OK(sgmc_draws_copy_column(d, 1, "energy", e, n_draws));
    energy[0] = e[0];
    energy[1] = e[n_draws - 1];
    free(e);
  }
  CHECK(isfinite(energy[1]) && energy[1] < 0.5 * energy[0]);
  free(x0);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

int main(void) {
  test_arrays();
  test_csv();
  test_parameter_names();
  test_model_arguments();
  test_float32();
  test_runs_on_real_data();
  return check_summary();
}
