/* The interacting contour samplers through the C API from plain C99: the
 * pooled weighted estimates against the per-chain ones, the shared theta,
 * resampling indices into the pooled draws, and errors that name the
 * argument and value. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "icsgld_options.h"
#include "sgmc/sgmc.h"

#define CHAINS 4
#define STEPS 20000
#define M 50

static sgmc_options *icsgld_options(void) {
  return mix1d_icsgld_options(STEPS, CHAINS, 1000, 1000, 11);
}

static void test_pooled_estimates(const sgmc_model *mix1d) {
  sgmc_options *o = icsgld_options();
  sgmc_draws *d = NULL;
  double x0 = 0.0, mean = 0, var = 0, ess = 0, theta0[M], theta[M], q[3];
  double probs[3] = {0.05, 0.5, 0.95};
  int64_t n_chains = 0, n = 0, m = 0, n_thetas = 0, c, i, total = 0, *picks;
  CHECK_OK(sgmc_sample(&d, mix1d, o, &x0, 1, NULL, NULL));
  CHECK_OK(sgmc_draws_shape(d, &n_chains, &n, NULL));
  CHECK(n_chains == CHAINS && n == STEPS);
  CHECK_OK(sgmc_draws_stat_shape(d, 0, "theta_trace", NULL, &n_thetas, &m));
  CHECK(m == M && n_thetas == STEPS / 1000);
  /* One theta shared by every chain. */
  CHECK_OK(sgmc_draws_copy_stat(d, 0, "theta", theta0, M));
  for (c = 1; c < CHAINS; ++c) {
    CHECK_OK(sgmc_draws_copy_stat(d, c, "theta", theta, M));
    CHECK(memcmp(theta, theta0, sizeof theta) == 0);
  }
  CHECK_OK(sgmc_draws_weighted_moments(d, -1, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                       &mean, &var, 1, &ess));
  CHECK(fabs(mean) < 1.5);        /* true 0; SGLD from 0 would give about 4 */
  CHECK(fabs(var - 25.0) < 8.0);  /* true 1 + 0.4 * 0.6 * 100 = 25 */
  CHECK(ess > 100 && ess <= CHAINS * STEPS);
  CHECK_OK(sgmc_draws_weighted_quantiles(d, -1, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                         probs, 3, q, 3));
  CHECK(q[0] < -5 && q[1] > 1 && q[2] > 4);
  picks = malloc(sizeof *picks * CHAINS * STEPS);
  CHECK_OK(sgmc_draws_resample(d, -1, SGMC_WEIGHT_BIN, SGMC_WEIGHT_RUNNING, CHAINS * STEPS, 3,
                               picks));
  for (i = 0; i < CHAINS * STEPS; ++i) total += picks[i] >= 0 && picks[i] < CHAINS * STEPS;
  CHECK(total == CHAINS * STEPS);
  free(picks);
  CHECK_ERROR(sgmc_draws_weighted_moments(d, -1, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                          &mean, &var, 2, &ess),
              SGMC_ERROR_INVALID_ARGUMENT, "dim");
  CHECK_ERROR(sgmc_draws_weighted_moments(NULL, -1, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                          &mean, &var, 1, &ess),
              SGMC_ERROR_INVALID_ARGUMENT, "draws");
  sgmc_draws_destroy(d);
  /* n_chains = 1 is CSGLD with the linear field: allowed. */
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));
  CHECK_OK(sgmc_sample(&d, mix1d, o, &x0, 1, NULL, NULL));
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

static void test_errors(const sgmc_model *mix1d) {
  sgmc_options *o = icsgld_options();
  sgmc_draws *d = NULL;
  sgmc_run *chain = NULL;
  double x0 = 0.0, mean;
  CHECK_ERROR(sgmc_options_set_int(o, "contour_pilot_steps", -5), SGMC_ERROR_INVALID_ARGUMENT,
              "contour_pilot_steps");
  /* A lone chain of a larger run has no theta to share. */
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 1));
  CHECK(sgmc_run_create(&chain, o, 1, 0, &x0, 1) != SGMC_OK && chain == NULL);
  CHECK(strstr(sgmc_last_error(), "icsgld") != NULL);
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 0));
  /* The pilot belongs to the interacting samplers, pooling to shared thetas. */
  CHECK_OK(sgmc_options_set_string(o, "sampler", "csgld"));
  CHECK_ERROR(sgmc_sample(&d, mix1d, o, &x0, 1, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "contour_pilot_steps");
  CHECK_OK(sgmc_options_set_int(o, "contour_pilot_steps", 0));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 100));
  CHECK_OK(sgmc_sample(&d, mix1d, o, &x0, 1, NULL, NULL));
  CHECK_ERROR(sgmc_draws_weighted_moments(d, -1, SGMC_WEIGHT_INTERPOLATED, SGMC_WEIGHT_FINAL,
                                          &mean, NULL, 1, NULL),
              SGMC_ERROR_STATE, "interacting");
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

int main(void) {
  sgmc_model *mix1d = NULL;
  CHECK_OK(sgmc_model_target(&mix1d, "mix1d", 0.1, 0.1));
  test_pooled_estimates(mix1d);
  test_errors(mix1d);
  sgmc_model_destroy(mix1d);
  return check_summary();
}
