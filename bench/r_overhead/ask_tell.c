/* The library's own cost of an ask/tell run, without R: SGLD on d = 2, one
 * chain, every evaluation told zeros. What an R model's iteration costs
 * beyond this and the R functions is the binding's.
 * Usage: ask_tell [n_steps = 1e5] [repeats = 5]; prints the best time. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sgmc/sgmc.h"

int main(int argc, char **argv) {
  const int64_t n_steps = argc > 1 ? (int64_t)atof(argv[1]) : 100000;
  const int repeats = argc > 2 ? atoi(argv[2]) : 5;
  const double x0[2] = {0.0, 0.0}, zeros[2] = {0.0, 0.0};
  sgmc_options *options = NULL;
  sgmc_run *run = NULL;
  sgmc_evaluation e;
  int64_t n = 0, i, evaluations;
  int r;
  double best = -1.0, us;
  struct timespec start, end;
  if (sgmc_options_create(&options) != SGMC_OK ||
      sgmc_options_set_string(options, "sampler", "sgld") != SGMC_OK ||
      sgmc_options_set_int(options, "n_steps", n_steps) != SGMC_OK ||
      sgmc_options_set_int(options, "n_chains", 1) != SGMC_OK ||
      sgmc_options_set_double(options, "step_size", 1e-3) != SGMC_OK) {
    fprintf(stderr, "ask_tell: %s\n", sgmc_last_error());
    return 1;
  }
  for (r = 0; r < repeats; ++r) {
    if (sgmc_run_create(&run, options, 2, 0, x0, 2) != SGMC_OK) {
      fprintf(stderr, "ask_tell: %s\n", sgmc_last_error());
      return 1;
    }
    evaluations = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (sgmc_run_ask(run, &n) == SGMC_OK && n > 0) {
      for (i = 0; i < n; ++i, ++evaluations) {
        sgmc_run_evaluation(run, i, &e);
        sgmc_run_tell(run, i, 0.0, NULL, 0.0, zeros, 2);
      }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    us = ((double)(end.tv_sec - start.tv_sec) * 1e9 + (double)(end.tv_nsec - start.tv_nsec)) / 1e3 /
         (double)evaluations;
    if (best < 0 || us < best) best = us;
    sgmc_run_destroy(run);
  }
  printf("the library's ask/tell alone, from C   %8.2f\n", best);
  sgmc_options_destroy(options);
  return 0;
}
