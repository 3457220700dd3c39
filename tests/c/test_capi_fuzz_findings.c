/* What the fuzzers found in the C API (docs/fuzzing.md, "Findings"), kept as
 * plain C99 regression tests: they run in every build, and under the
 * sanitizers in the sanitizer builds. */
#include <float.h>
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "sgmc/sgmc.h"

/* C callers may pass any int for an enum; the library read such values as
 * its C++ enum types, which is undefined (UBSan: "load of value -10, which
 * is not a valid value for type 'sgmc_status'"). */
static void test_enum_arguments_out_of_range(void) {
  sgmc_model *model = NULL;
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[1] = {0.0}, out[64], value = 0.0;
  double draws[8] = {0.1, 0.5, -0.3, 1.2, 0.7, -0.9, 0.2, 0.4};

  CHECK(strcmp(sgmc_status_name((sgmc_status)-10), "SGMC_UNKNOWN_STATUS") == 0);
  CHECK(strcmp(sgmc_status_name((sgmc_status)1000), "SGMC_UNKNOWN_STATUS") == 0);
  CHECK_ERROR(sgmc_convergence(draws, 4, 2, (sgmc_convergence_stat)-7, &value),
              SGMC_ERROR_INVALID_ARGUMENT, "'stat' = -7");

  CHECK_OK(sgmc_model_target(&model, "mix1d", 0.0, 0.0));
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "csgld"));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 20));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3)); /* 20 steps: too few for a warm-up */
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 4));
  CHECK_ERROR(sgmc_sample(&d, model, o, x0, 1, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_steps' = 20: is too short for contour_partition");
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 0.0));
  CHECK_OK(sgmc_sample(&d, model, o, x0, 1, NULL, NULL));
  CHECK_ERROR(sgmc_draws_weighted_moments(d, 0, (sgmc_weight_kind)-3, SGMC_WEIGHT_FINAL, out,
                                          NULL, 1, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'kind' = -3");
  CHECK_ERROR(sgmc_draws_weighted_moments(d, 0, SGMC_WEIGHT_BIN, (sgmc_weight_theta)77, out,
                                          NULL, 1, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'when' = 77");
  sgmc_draws_destroy(d);
  d = NULL;

  CHECK_OK(sgmc_options_set_string(o, "sampler", "cycsgld"));
  CHECK_OK(sgmc_sample(&d, model, o, x0, 1, NULL, NULL));
  CHECK_ERROR(sgmc_draws_cycle_weights(d, 0, NULL, (sgmc_cycle_weighting)-1, out, 64),
              SGMC_ERROR_INVALID_ARGUMENT, "'weighting' = -1");
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
}

/* Streams of chain c were c jumps of the generator, one after another: a
 * chain index of 2^62 hung the chain's creation for ever. A first chain
 * whose run's indices would overflow is refused. */
static void test_huge_chain_index_is_quick(void) {
  sgmc_options *o = NULL;
  sgmc_run *run = NULL;
  double x0[2] = {0.0, 0.0};

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1)); /* the one chain INT64_MAX */
  CHECK_OK(sgmc_options_set_int(o, "first_chain", INT64_MAX));
  CHECK_OK(sgmc_run_create(&run, o, 2, 0, x0, 2));
  CHECK(run != NULL);
  sgmc_run_destroy(run);
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 2));
  CHECK_ERROR(sgmc_run_create(&run, o, 2, 0, x0, 2), SGMC_ERROR_INVALID_ARGUMENT,
              "'first_chain' = 9223372036854775807: leaves no room");
  CHECK_OK(sgmc_options_set_int(o, "first_chain", (int64_t)1 << 40));
  CHECK_OK(sgmc_run_create(&run, o, 2, 0, x0, 2));
  sgmc_run_destroy(run);
  sgmc_options_destroy(o);
}

/* sgmc_total_variation built a dense histogram of prod(bins) cells: 16 GiB
 * for bins = {2^31}, although two points occupy two cells at most. */
static void test_total_variation_with_many_bins(void) {
  double a[2] = {0.25, 0.75}, b[2] = {0.25, 0.25}, lower[1] = {0.0}, upper[1] = {1.0}, tv = -1;
  int64_t bins[1] = {(int64_t)1 << 31};

  CHECK_OK(sgmc_total_variation(a, 2, NULL, b, 2, NULL, 1, lower, upper, bins, &tv));
  CHECK(tv == 0.5);
  bins[0] = INT64_MAX / 2;
  CHECK_OK(sgmc_total_variation(a, 2, NULL, a, 2, NULL, 1, lower, upper, bins, &tv));
  CHECK(tv == 0.0);
}

/* Sampler "mhbt" computed its epoch length ceil(N / n) as (N + n - 1) / n
 * before the batch size was checked against N: signed overflow for
 * n = 2^63 - 1. */
static void test_mhbt_batch_size_beyond_data(void) {
  sgmc_options *o = NULL;
  sgmc_run *chain = NULL;
  double x0[1] = {0.0};

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "mhbt"));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", INT64_MAX));
  CHECK_ERROR(sgmc_run_create(&chain, o, 1, 4, x0, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'batch_size' = 9223372036854775807");
  CHECK(chain == NULL);
  sgmc_options_destroy(o);
}

/* The draws survive sgmc_draws_save_bytes and sgmc_draws_load_bytes. */
static void check_bytes_round_trip(const sgmc_draws *d) {
  unsigned char bytes[4096];
  int64_t size = 0;
  sgmc_draws *back = NULL;
  CHECK_OK(sgmc_draws_save_bytes(d, bytes, (int64_t)sizeof bytes, &size));
  CHECK_OK(sgmc_draws_load_bytes(&back, bytes, size));
  sgmc_draws_destroy(back);
  /* Cut short, they are refused as damaged draws bytes, not as a checkpoint. */
  back = NULL;
  CHECK_ERROR(sgmc_draws_load_bytes(&back, bytes, size - 1), SGMC_ERROR_FORMAT, "draws bytes damaged at byte");
  CHECK(back == NULL);
}

/* sgmc_run_draws during the SGLD pilot of an interacting contour sampler
 * (fixed partition, contour_pilot_steps > 0) returned draws of 0 chains and
 * dimension 0: the run's chains were made only when the pilot ended. */
static void test_run_draws_during_interacting_pilot(void) {
  const char *samplers[3] = {"icsgld", "icsghmc", "picsgld"};
  const double x0[2] = {0.5, -0.5};
  int s;
  for (s = 0; s < 3; ++s) {
    sgmc_options *o = NULL;
    sgmc_run *run = NULL;
    sgmc_draws *d = NULL;
    int64_t n = 0, chains = -1, draws = -1, dim = -1;
    CHECK_OK(sgmc_options_create(&o));
    CHECK_OK(sgmc_options_set_string(o, "sampler", samplers[s]));
    CHECK_OK(sgmc_options_set_int(o, "n_chains", 2));
    CHECK_OK(sgmc_options_set_int(o, "n_steps", 40));
    CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3)); /* 40 steps: no warm-up */
    CHECK_OK(sgmc_options_set_int(o, "contour_m", 4));
    CHECK_OK(sgmc_options_set_double(o, "contour_u1", 0.0));
    CHECK_OK(sgmc_options_set_double(o, "contour_du", 1.0));
    CHECK_OK(sgmc_options_set_int(o, "contour_pilot_steps", 10));
    CHECK_OK(sgmc_run_create(&run, o, 2, 0, x0, 2));
    CHECK_OK(sgmc_run_ask(run, &n));
    CHECK(n == 2);
    CHECK_OK(sgmc_run_draws(&d, run));
    CHECK_OK(sgmc_draws_shape(d, &chains, &draws, &dim));
    CHECK(chains == 2 && draws == 0 && dim == 2);
    sgmc_draws_destroy(d);
    sgmc_run_destroy(run);
    sgmc_options_destroy(o);
  }
}

/* Sampler "mhbt" recorded its state's energy as -N mu with mu = -U/N: for a
 * finite U near -DBL_MAX the product overflowed, the draws held -inf and
 * neither they nor the run's checkpoint could be read back. */
static int huge_second_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n_batch,
                              double *batch_energy, double *batch_grad, double *prior_energy,
                              double *prior_grad, void *user) {
  int *calls = (int *)user;
  int64_t j;
  (void)batch;
  ++*calls;
  *batch_energy = *calls == 2 ? -DBL_MAX : 0.5 * (double)n_batch * x[0] * x[0];
  *prior_energy = -2.4069;
  for (j = 0; j < dim; ++j) {
    if (batch_grad) batch_grad[j] = (double)n_batch * x[j];
    if (prior_grad) prior_grad[j] = 0.0;
  }
  return 0;
}

static void test_mhbt_energy_near_overflow(void) {
  sgmc_options *o = NULL;
  sgmc_model *model = NULL;
  sgmc_draws *d = NULL;
  const double x0[1] = {0.5};
  double energy[10];
  int64_t n = 0, i;
  int calls = 0;

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "mhbt"));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3)); /* no warm-up: 10 steps */
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 10));
  CHECK_OK(sgmc_options_set_int(o, "threads", 1));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 0));
  CHECK_OK(sgmc_model_from_callback(&model, 1, 3, huge_second_energy, 0, &calls));
  CHECK_OK(sgmc_sample(&d, model, o, x0, 1, NULL, NULL));
  CHECK_OK(sgmc_draws_count(d, 0, &n));
  CHECK(n == 10);
  CHECK_OK(sgmc_draws_copy_column(d, 0, "energy", energy, 10));
  for (i = 0; i < 10; ++i) CHECK(isfinite(energy[i]));
  check_bytes_round_trip(d);
  sgmc_draws_destroy(d);
  sgmc_model_destroy(model);
  sgmc_options_destroy(o);
}

/* A contour_rho of 1e100 was accepted, and its update drove theta's tail
 * below 0 before theta was renormalised and floored: theta summed to 4. */
static void test_contour_rho_keeps_theta_on_simplex(void) {
  sgmc_options *o = NULL;
  sgmc_model *model = NULL;
  sgmc_draws *d = NULL;
  const double x0[1] = {1.0919117647058822};
  double theta[5], sum = 0.0;
  int64_t m = 0, i;

  CHECK_OK(sgmc_options_create(&o));
  CHECK_ERROR(sgmc_options_set_double(o, "contour_rho", 1e100), SGMC_ERROR_INVALID_ARGUMENT,
              "'contour_rho' = 1e+100");
  /* One step from x0 = 1.09, whose energy lies in subregion 1 of 5. */
  CHECK_OK(sgmc_options_set_string(o, "sampler", "csgld"));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 1));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3)); /* one step: no warm-up */
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 5));
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 4.9961397058823316));
  CHECK_OK(sgmc_options_set_double(o, "contour_rho", 1e6));
  CHECK_OK(sgmc_model_target(&model, "mix1d", 0.0, 0.0));
  CHECK_OK(sgmc_sample(&d, model, o, x0, 1, NULL, NULL));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "contour_m", &m, 1));
  CHECK(m == 5);
  CHECK_OK(sgmc_draws_copy_stat(d, 0, "theta", theta, 5));
  for (i = 0; i < 5; ++i) {
    CHECK(theta[i] > 0.0);
    sum += theta[i];
  }
  CHECK(sum > 1.0 - 1e-12 && sum < 1.0 + 1e-12);
  sgmc_draws_destroy(d);
  sgmc_model_destroy(model);
  sgmc_options_destroy(o);
}

/* sgmc_kl_histogram returned SGMC_OK with outside_mass = 1, outside its
 * documented [0, 1), when the one draw in the grid had a positive but
 * negligible weight (its log-weight 717 below another's). */
static void test_kl_histogram_negligible_share_in_grid(void) {
  const double points[9] = {-1.45, -1.44, 2.98, -2.15, -3.0, -0.63, -1.09, -1.09, -0.58};
  const double log_weights[3] = {717.6, -5.0, 0.0};
  const double lower[3] = {-1.6, -3.0, -2.1}, upper[3] = {1.4, 1.3, 1e-11};
  const int64_t bins[3] = {1, 1, 4};
  const double density[4] = {0.96, 0.96, 1.72, 1.72};
  double kl = -1.0, outside = -1.0;

  CHECK_ERROR(sgmc_kl_histogram(points, 3, 3, log_weights, lower, upper, bins, density, 4, &kl,
                                &outside),
              SGMC_ERROR_INVALID_ARGUMENT, "'points' = a weight share of");
  CHECK(kl == -1.0 && outside == -1.0);
}

/* A move can overflow from finite terms: with temperature = DBL_MAX the first
 * SGLD step went to -inf, the next point was handed to the model, and the
 * run's draws held -inf (and could not be read back from their bytes). */
static void test_move_that_overflows_ends_the_run(void) {
  sgmc_options *o = NULL;
  sgmc_model *model = NULL;
  sgmc_draws *d = NULL;
  const double x0[2] = {0.1, -0.2};
  int64_t n = -1;

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "temperature", DBL_MAX));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3));  /* no warm-up: the first move overflows */
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 20));
  CHECK_OK(sgmc_model_target(&model, "twentyfive", 0.0, 0.0));
  CHECK_ERROR(sgmc_sample(&d, model, o, x0, 2, NULL, NULL), SGMC_ERROR_NONFINITE,
              "the sampler's move gave a non-finite point (coordinate 0 = ");
  CHECK(strstr(sgmc_last_error(), "at chain 0, step 2: step_size, temperature or the gradient") != NULL);
  CHECK(d != NULL);
  CHECK_OK(sgmc_draws_count(d, 0, &n));
  CHECK(n == 1);
  check_bytes_round_trip(d);
  sgmc_draws_destroy(d);
  sgmc_model_destroy(model);
  sgmc_options_destroy(o);
}

/* The same through a run its host steps: the overflowing move is told
 * without error; the next ask fails at step 2 and the chain keeps its one
 * iteration. */
static void test_chain_move_that_overflows(void) {
  sgmc_options *o = NULL;
  sgmc_run *run = NULL;
  const double x0[2] = {0.1, -0.2}, grad[2] = {0.0, 0.0};
  int64_t n = -1, steps = -1;

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "temperature", DBL_MAX));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3)); /* no warm-up: the first move overflows */
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));         /* one chain, stepped by its host */
  CHECK_OK(sgmc_run_create(&run, o, 2, 0, x0, 2));
  CHECK_OK(sgmc_run_ask(run, &n));
  CHECK_OK(sgmc_run_tell(run, 0, 0.0, NULL, 1.0, grad, 2));
  CHECK_ERROR(sgmc_run_ask(run, &n), SGMC_ERROR_NONFINITE,
              "the sampler's move gave a non-finite point");
  CHECK(n == 0);
  CHECK_ERROR(sgmc_run_ask(run, &n), SGMC_ERROR_NONFINITE, "at chain 0, step 2");
  CHECK_OK(sgmc_run_steps_done(run, 0, &steps));
  CHECK(steps == 1);
  sgmc_run_destroy(run);
  sgmc_options_destroy(o);
}

int main(void) {
  test_enum_arguments_out_of_range();
  test_huge_chain_index_is_quick();
  test_total_variation_with_many_bins();
  test_mhbt_batch_size_beyond_data();
  test_run_draws_during_interacting_pilot();
  test_mhbt_energy_near_overflow();
  test_contour_rho_keeps_theta_on_simplex();
  test_kl_histogram_negligible_share_in_grid();
  test_move_that_overflows_ends_the_run();
  test_chain_move_that_overflows();
  return check_summary();
}
