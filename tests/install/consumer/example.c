/* Built against the installed sgmc only: samples gauss25 with SGLD and
 * prints the mean of the draws. Exits non-zero on any error. */
#include <stdio.h>
#include <stdlib.h>

#include <sgmc/sgmc.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    if ((call) != SGMC_OK) {                                              \
      fprintf(stderr, "%s failed: %s\n", #call, sgmc_last_error());       \
      return 1;                                                           \
    }                                                                     \
  } while (0)

int main(void) {
  sgmc_model *model = NULL;
  sgmc_options *options = NULL;
  sgmc_draws *draws = NULL;
  double x0[2] = {0.0, 0.0};
  int64_t n_chains = 0, n_draws = 0, dim = 0, i;
  double *values = NULL;
  double mean[2] = {0.0, 0.0};

  printf("sgmc %s\n", sgmc_version());
  CHECK(sgmc_model_target(&model, "gauss25", 0.0, 1.0));
  CHECK(sgmc_options_create(&options));
  CHECK(sgmc_options_set_double(options, "step_size", 1e-3));
  CHECK(sgmc_options_set_int(options, "n_steps", 2000));
  CHECK(sgmc_sample(&draws, model, options, x0, 2, NULL, NULL));
  CHECK(sgmc_draws_shape(draws, &n_chains, &n_draws, &dim));
  values = malloc(sizeof(double) * (size_t)(n_draws * dim));
  if (values == NULL) return 1;
  CHECK(sgmc_draws_copy(draws, 0, values, n_draws * dim));
  for (i = 0; i < n_draws; ++i) {
    mean[0] += values[2 * i] / (double)n_draws;
    mean[1] += values[2 * i + 1] / (double)n_draws;
  }
  printf("%lld draws, mean (%.3f, %.3f)\n", (long long)n_draws, mean[0], mean[1]);
  free(values);
  sgmc_draws_destroy(draws);
  sgmc_options_destroy(options);
  sgmc_model_destroy(model);
  return n_draws == 2000 ? 0 : 1;
}
