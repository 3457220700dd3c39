/* The diagnostics of the C API from plain C99: the per-coordinate
 * convenience agrees with the one-scalar call, and every bad input gets a
 * status and a message naming the argument and its value. (The values
 * themselves are checked against R's posterior and analytic answers in
 * tests/cpp/diagnostics.) */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "sgmc/sgmc.h"

#define N_CHAINS 3
#define N_STEPS 400
#define DIM 2

static void test_draws_convergence_matches_one_scalar(void) {
  sgmc_model *model = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[DIM] = {0.0, 0.0}, per_coordinate[DIM], one, *chain, *column;
  int64_t n_chains, n, dim, c, i, j;
  sgmc_convergence_stat stat;

  CHECK_OK(sgmc_model_target(&model, "gauss25", 0.0, 1.0));
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", N_STEPS));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", N_CHAINS));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3));
  CHECK_OK(sgmc_sample(&d, model, o, x0, DIM, NULL, NULL));
  CHECK_OK(sgmc_draws_shape(d, &n_chains, &n, &dim));
  CHECK(n_chains == N_CHAINS && n == N_STEPS && dim == DIM);

  chain = malloc(sizeof(double) * N_STEPS * DIM);
  column = malloc(sizeof(double) * N_STEPS * N_CHAINS);
  for (stat = SGMC_RHAT; stat <= SGMC_ESS_BASIC; stat = (sgmc_convergence_stat)(stat + 1)) {
    CHECK_OK(sgmc_draws_convergence(d, stat, per_coordinate, DIM));
    for (j = 0; j < DIM; ++j) {
      for (c = 0; c < N_CHAINS; ++c) {
        CHECK_OK(sgmc_draws_copy(d, c, chain, N_STEPS * DIM));
        for (i = 0; i < N_STEPS; ++i) column[c * N_STEPS + i] = chain[i * DIM + j];
      }
      CHECK_OK(sgmc_convergence(column, N_STEPS, N_CHAINS, stat, &one));
      CHECK(one == per_coordinate[j] && isfinite(one));
    }
  }
  CHECK_ERROR(sgmc_draws_convergence(d, SGMC_RHAT, per_coordinate, DIM - 1),
              SGMC_ERROR_INVALID_ARGUMENT, "'out_len' = 1: must be at least 2");
  free(column);
  free(chain);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
}

static void test_convergence_bad_inputs(void) {
  double draws[8] = {0.1, 0.5, -0.3, 1.2, 0.7, -0.9, 0.2, 0.4}, out = 0.0;
  double constant[8] = {2, 2, 2, 2, 2, 2, 2, 2};

  CHECK_OK(sgmc_convergence(draws, 4, 2, SGMC_RHAT, &out));
  CHECK(out > 0.0);
  /* posterior's NA is NaN: an ESS needs 6 draws per chain, constant draws have none. */
  CHECK_OK(sgmc_convergence(draws, 4, 2, SGMC_ESS_BULK, &out));
  CHECK(isnan(out));
  CHECK_OK(sgmc_convergence(constant, 4, 2, SGMC_RHAT, &out));
  CHECK(isnan(out));

  CHECK_ERROR(sgmc_convergence(NULL, 4, 2, SGMC_RHAT, &out), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws' is NULL");
  CHECK_ERROR(sgmc_convergence(draws, 4, 2, SGMC_RHAT, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'out' is NULL");
  CHECK_ERROR(sgmc_convergence(draws, 1, 8, SGMC_RHAT, &out), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_draws' = 1: must be at least 4");
  CHECK_ERROR(sgmc_convergence(draws, -4, 2, SGMC_RHAT, &out), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_draws' = -4: must be >= 0");
  CHECK_ERROR(sgmc_convergence(draws, 8, 0, SGMC_RHAT, &out), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_chains' = 0: must be at least 1");
  CHECK_ERROR(sgmc_convergence(draws, 4, 2, (sgmc_convergence_stat)9, &out),
              SGMC_ERROR_INVALID_ARGUMENT, "'stat' = 9");
  draws[5] = NAN;
  CHECK_ERROR(sgmc_convergence(draws, 4, 2, SGMC_ESS_TAIL, &out), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws[5]' = nan: must be finite");
  CHECK_ERROR(sgmc_draws_convergence(NULL, SGMC_RHAT, &out, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws' is NULL");
}

static void test_distances_and_bad_inputs(void) {
  /* Points of [0, 2] x [0, 1] cut in two along x: (3/4, 1/4) and (1/4, 1/2, outside 1/4). */
  const double a[8] = {0.1, 0.5, 0.5, 0.2, 0.9, 1.0, 1.5, 0.5};
  const double b[8] = {0.2, 0.5, 1.2, 0.5, 1.9, 0.0, 5.0, 0.5};
  const double lower[2] = {0.0, 0.0}, upper[2] = {2.0, 1.0}, density[2] = {1.0, 1.0};
  const double centres[4] = {0.0, 0.5, 2.0, 0.5}, true_masses[2] = {0.5, 0.5};
  const double reference[4] = {0.3, 0.3, 1.7, 0.8};
  double kl = -1.0, outside = -1.0, tv = -1.0, masses[2], log_w[4] = {0, 0, 0, 0};
  int64_t bins[2] = {2, 1}, n_distinct = 0;

  CHECK_OK(sgmc_kl_histogram(a, 4, 2, NULL, lower, upper, bins, density, 2, &kl, &outside));
  CHECK(fabs(kl - (0.75 * log(1.5) + 0.25 * log(0.5))) < 1e-15 && outside == 0.0);
  CHECK_OK(sgmc_total_variation(a, 4, NULL, b, 4, log_w, 2, lower, upper, bins, &tv));
  CHECK(fabs(tv - 0.5) < 1e-15);
  CHECK_OK(sgmc_mode_masses(a, 4, 2, log_w, centres, 2, true_masses, 0.0, masses, &outside, &tv));
  CHECK(fabs(masses[0] - 0.75) < 1e-15 && fabs(tv - 0.25) < 1e-15 && outside == 0.0);
  CHECK_OK(sgmc_kl_nearest_neighbour(a, 4, reference, 2, 2, &kl, &n_distinct));
  CHECK(isfinite(kl) && n_distinct == 4);

  bins[1] = -3;
  CHECK_ERROR(sgmc_kl_histogram(a, 4, 2, NULL, lower, upper, bins, density, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'bins[1]' = -3: must be at least 1");
  CHECK_ERROR(sgmc_total_variation(a, 4, NULL, b, 4, NULL, 2, lower, upper, bins, &tv),
              SGMC_ERROR_INVALID_ARGUMENT, "'bins[1]' = -3");
  bins[1] = 1;
  CHECK_ERROR(sgmc_kl_histogram(a, 4, 2, NULL, lower, upper, bins, density, 3, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'density_len' = 3: must equal the number of grid cells, 2");
  CHECK_ERROR(sgmc_kl_histogram(a, 4, 2, NULL, NULL, upper, bins, density, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'lower' is NULL");
  CHECK_ERROR(sgmc_kl_histogram(a, 4, 0, NULL, lower, upper, bins, density, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 0: must be at least 1");
  CHECK_ERROR(sgmc_kl_histogram(a, -1, 2, NULL, lower, upper, bins, density, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'n' = -1: must be >= 0");
  CHECK_ERROR(sgmc_kl_nearest_neighbour(a, 4, reference, 1, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'reference size' = 1: must be at least 2");
  CHECK_ERROR(sgmc_kl_nearest_neighbour(a, 4, NULL, 2, 2, &kl, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'reference' is NULL");
  CHECK_ERROR(sgmc_kl_nearest_neighbour(a, 4, reference, 2, 2, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'kl' is NULL");
  log_w[2] = NAN;
  CHECK_ERROR(sgmc_total_variation(a, 4, NULL, b, 4, log_w, 2, lower, upper, bins, &tv),
              SGMC_ERROR_INVALID_ARGUMENT, "'log_weights_b[2]' = nan");
  CHECK_ERROR(sgmc_mode_masses(a, 4, 2, NULL, centres, 2, true_masses, -1.0, NULL, NULL, &tv),
              SGMC_ERROR_INVALID_ARGUMENT, "'radius' = -1");
  CHECK_ERROR(sgmc_mode_masses(a, 4, 2, NULL, centres, 2, density, 0.0, NULL, NULL, &tv),
              SGMC_ERROR_INVALID_ARGUMENT, "'true_masses' = 2: must sum to at most 1");
  {
    double nan_points[8];
    memcpy(nan_points, a, sizeof nan_points);
    nan_points[3] = NAN;
    CHECK_ERROR(sgmc_mode_masses(nan_points, 4, 2, NULL, centres, 2, true_masses, 0.0, NULL, NULL, &tv),
                SGMC_ERROR_INVALID_ARGUMENT, "'points[3]' = nan: must be finite");
  }
}

int main(void) {
  test_draws_convergence_matches_one_scalar();
  test_convergence_bad_inputs();
  test_distances_and_bad_inputs();
  return check_summary();
}
