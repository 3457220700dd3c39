/* What the fuzzers found in the C API (docs/fuzzing.md, "Findings"), kept as
 * plain C99 regression tests: they run in every build, and under the
 * sanitizers in the sanitizer builds. */
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
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 4));
  CHECK_ERROR(sgmc_sample(&d, model, o, x0, 1, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'n_steps' = 20: is too short for contour_partition");
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 0.0));
  CHECK_OK(sgmc_sample(&d, model, o, x0, 1, NULL, NULL));
  CHECK_ERROR(sgmc_draws_copy_log_weights(d, 0, (sgmc_weight_kind)-3, SGMC_WEIGHT_FINAL, out, 64),
              SGMC_ERROR_INVALID_ARGUMENT, "'kind' = -3");
  CHECK_ERROR(sgmc_draws_copy_log_weights(d, 0, SGMC_WEIGHT_BIN, (sgmc_weight_theta)77, out, 64),
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
 * chain index of 2^62 hung sgmc_chain_create for ever. */
static void test_huge_chain_index_is_quick(void) {
  sgmc_options *o = NULL;
  sgmc_chain *chain = NULL;
  double x0[2] = {0.0, 0.0};

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_chain_create(&chain, o, 2, 0, x0, INT64_MAX));
  CHECK(chain != NULL);
  sgmc_chain_destroy(chain);
  CHECK_OK(sgmc_chain_create(&chain, o, 2, 0, x0, (int64_t)1 << 40));
  sgmc_chain_destroy(chain);
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
  sgmc_chain *chain = NULL;
  double x0[1] = {0.0};

  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "mhbt"));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", INT64_MAX));
  CHECK_ERROR(sgmc_chain_create(&chain, o, 1, 4, x0, 0), SGMC_ERROR_INVALID_ARGUMENT,
              "'batch_size' = 9223372036854775807");
  CHECK(chain == NULL);
  sgmc_options_destroy(o);
}

int main(void) {
  test_enum_arguments_out_of_range();
  test_huge_chain_index_is_quick();
  test_total_variation_with_many_bins();
  test_mhbt_batch_size_beyond_data();
  return check_summary();
}
