/* What a client program such as sgmc (apps/sgmc) reads of the library
 * besides draws: where a fault of the model struck, the values an option
 * takes, a model's energy, a data set's values, the summary of a quantity
 * and normalised log-weights. */
#include <math.h>
#include <string.h>

#include <sgmc/sgmc.h>

#include "check.h"

static void test_last_fault(void) {
  sgmc_model *model = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  const double mean[] = {0.0, 0.0}, covariance[] = {1.0, 0.0, 0.0, 1.0}, x0[] = {0.0, 0.0};
  int64_t chain = -1, step = -1, iterations = -1;
  CHECK_OK(sgmc_model_gaussian(&model, 2, mean, covariance, 0.0, 0.0));
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 10.0)); /* diverges until U overflows */
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 1000));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));
  CHECK(sgmc_sample(&d, model, o, x0, 2, NULL, NULL) == SGMC_ERROR_NONFINITE);
  CHECK_OK(sgmc_last_fault(&chain, &step));
  CHECK(chain == 0 && step > 1);
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "iterations", &iterations, 1));
  CHECK(iterations == step - 1); /* the chain stopped before its failing iteration */
  CHECK_OK(sgmc_last_fault(NULL, NULL)); /* asking clears nothing */
  /* Any other failure clears it. */
  CHECK_ERROR(sgmc_options_set_int(o, "n_stepz", 1), SGMC_ERROR_INVALID_ARGUMENT, "'n_stepz'");
  CHECK(sgmc_last_fault(&chain, &step) == SGMC_ERROR_STATE);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
}

static void test_option_domain(void) {
  double lo = -1, hi = -1;
  int32_t lo_open = -1, hi_open = -1;
  const char *choices = NULL;
  CHECK_OK(sgmc_option_domain("step_size", &lo, &hi, &lo_open, &hi_open, &choices));
  CHECK(lo == 0 && isinf(hi) && lo_open == 1 && hi_open == 1 && strcmp(choices, "") == 0);
  CHECK_OK(sgmc_option_domain("sampler", NULL, NULL, NULL, NULL, &choices));
  CHECK(strncmp(choices, "sgld|", 5) == 0);
  CHECK_OK(sgmc_option_domain("contour_m", &lo, NULL, &lo_open, NULL, NULL));
  CHECK(lo == 2 && lo_open == 0);
  CHECK_ERROR(sgmc_option_domain("step_sise", &lo, &hi, NULL, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'step_sise'");
  CHECK_ERROR(sgmc_option_domain(NULL, &lo, &hi, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'key'");
}

static void test_model_energy(void) {
  sgmc_model *model = NULL;
  const double mean[] = {1.0}, variance[] = {4.0}, at_mean[] = {1.0}, off[] = {3.0};
  double at = 0, away = 0;
  CHECK_OK(sgmc_model_gaussian(&model, 1, mean, variance, 0.0, 1.0));
  CHECK_OK(sgmc_model_energy(model, at_mean, 1, &at));
  CHECK_OK(sgmc_model_energy(model, off, 1, &away));
  CHECK(fabs((away - at) - 0.5) < 1e-12); /* (3 - 1)^2 / (2 * 4): no gradient noise in U */
  CHECK_ERROR(sgmc_model_energy(model, off, 2, &away), SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 2");
  CHECK_ERROR(sgmc_model_energy(model, NULL, 1, &away), SGMC_ERROR_INVALID_ARGUMENT, "'x'");
  sgmc_model_destroy(model);
}

static void test_data_copy_and_classes(void) {
  const double features[] = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}, targets[] = {0.0, 2.0, 1.0};
  double f[6] = {0}, t[3] = {0};
  sgmc_data *data = NULL;
  sgmc_model *model = NULL;
  int64_t dim = 0;
  CHECK_OK(sgmc_data_create(&data, 3, 2, features, targets, 0));
  CHECK_OK(sgmc_data_copy(data, f, 6, t, 3));
  CHECK(memcmp(f, features, sizeof f) == 0 && memcmp(t, targets, sizeof t) == 0);
  CHECK_OK(sgmc_data_copy(data, NULL, 0, t, 3));
  CHECK_ERROR(sgmc_data_copy(data, f, 5, NULL, 0), SGMC_ERROR_INVALID_ARGUMENT, "'features_len' = 5");
  /* K = 0: the largest label + 1 = 3 classes, d = H (p + 1) + K (H + 1). */
  CHECK_OK(sgmc_model_mlp_classifier(&model, data, 4, 0, 1.0));
  CHECK_OK(sgmc_model_shape(model, &dim, NULL));
  CHECK(dim == 4 * 3 + 3 * 5);
  sgmc_model_destroy(model);
  sgmc_data_destroy(data);
}

static void test_summary_and_weights(void) {
  const double values[] = {5.0, 1.0, 4.0, 2.0, 3.0}, probs[] = {0.0, 0.5, 0.95};
  const double log_weights[] = {0.0, log(3.0)};
  double mean = 0, sd = 0, q[3] = {0}, normalised[2] = {0};
  CHECK_OK(sgmc_summary_stats(values, 5, probs, 3, &mean, &sd, q));
  CHECK(mean == 3.0 && fabs(sd - sqrt(2.5)) < 1e-15);
  CHECK(q[0] == 1.0 && q[1] == 3.0 && fabs(q[2] - 4.8) < 1e-12); /* R: quantile(1:5, 0.95) */
  CHECK_ERROR(sgmc_summary_stats(values, 1, NULL, 0, &mean, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'n' = 1");
  CHECK_ERROR(sgmc_summary_stats(values, 5, probs + 1, 1, &mean, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'quantiles'");
  CHECK_OK(sgmc_normalise_log_weights(log_weights, 2, normalised));
  CHECK(fabs(exp(normalised[0]) - 0.25) < 1e-15 && fabs(exp(normalised[1]) - 0.75) < 1e-15);
  CHECK_ERROR(sgmc_normalise_log_weights(log_weights, 0, normalised), SGMC_ERROR_INVALID_ARGUMENT,
              "'log_weights'");
}

int main(void) {
  test_last_fault();
  test_option_domain();
  test_model_energy();
  test_data_copy_and_classes();
  test_summary_and_weights();
  return check_summary();
}
