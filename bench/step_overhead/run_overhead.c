/* The engine's cost per chain-step of whole runs, through the C API only,
 * so that the same program measures any revision of libsgmc (run.sh builds
 * one before the run-level ask/tell and times both side by side):
 *
 *   run_overhead sample SAMPLER MODEL N_STEPS   sgmc_sample, one thread
 *   run_overhead hosted SAMPLER MODEL N_STEPS   the same run answered through
 *                                               sgmc_run_ask / sgmc_run_tell
 *
 * MODEL is "builtin" (the Gaussian target of dimension 10, U = |x|^2 / 2,
 * evaluated inside the library) or "callback" (U_i = |x - y_i|^2 / 2 over
 * N = 256 rows of dimension 10 in batches of 32, a C callback). SAMPLER is
 * sgld (1 chain), sgld4 (4 independent chains), resgld (4 replicas) or
 * icsgld (4 chains). Prints nanoseconds per chain-step and a checksum of
 * the draws (the same for both paths and every revision). Built with
 * RUN_OVERHEAD_SAMPLE_ONLY it needs only sgmc_sample (a libsgmc older than
 * the run-level ask/tell). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sgmc/sgmc.h"

#define DIM 10
#define ROWS 256

static double rows[ROWS][DIM];

static int rows_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                       double *batch_energy, double *batch_grad, double *prior_energy,
                       double *prior_grad, void *user) {
  int64_t b, j;
  (void)user;
  for (b = 0; b < n; ++b) {
    const double *y = rows[batch[b]];
    for (j = 0; j < dim; ++j) {
      const double r = x[j] - y[j];
      *batch_energy += 0.5 * r * r;
      if (batch_grad != NULL) batch_grad[j] += r;
    }
  }
  for (j = 0; j < dim; ++j) {
    *prior_energy += 0.5 * x[j] * x[j];
    if (prior_grad != NULL) prior_grad[j] = x[j];
  }
  return 0;
}

static void ok(sgmc_status status) {
  if (status != SGMC_OK) {
    fprintf(stderr, "run_overhead: %s\n", sgmc_last_error());
    exit(1);
  }
}

static sgmc_options *options_for(const char *sampler, int64_t n_steps, int64_t *chains) {
  sgmc_options *o = NULL;
  ok(sgmc_options_create(&o));
  *chains = strcmp(sampler, "sgld") == 0 ? 1 : 4;
  ok(sgmc_options_set_string(o, "sampler", strcmp(sampler, "sgld4") == 0 ? "sgld" : sampler));
  ok(sgmc_options_set_double(o, "step_size", 1e-3));
  ok(sgmc_options_set_int(o, "batch_size", 32));
  ok(sgmc_options_set_int(o, "n_steps", n_steps));
  ok(sgmc_options_set_int(o, "burn_in", n_steps - 1000));
  ok(sgmc_options_set_int(o, "n_chains", *chains));
  ok(sgmc_options_set_int(o, "threads", 1));
  ok(sgmc_options_set_int(o, "progress_every", 1000));
  if (strcmp(sampler, "resgld") == 0) ok(sgmc_options_set_double(o, "temperature_max", 4.0));
  if (strcmp(sampler, "icsgld") == 0) {
    ok(sgmc_options_set_int(o, "contour_m", 50));
    ok(sgmc_options_set_double(o, "contour_u1", 0.0));
    ok(sgmc_options_set_double(o, "contour_du", 200.0));
  }
  return o;
}

#ifndef RUN_OVERHEAD_SAMPLE_ONLY
/* Called through a pointer, as the library calls its callback: inlined
 * into answer(), the model would run faster here than in sgmc_sample. */
static int (*volatile energy_fn)(const double *, int64_t, const int64_t *, int64_t, double *,
                                 double *, double *, double *, void *) = rows_energy;

/* Answers the run's asks with rows_energy until it ends. */
static void answer(sgmc_run *run) {
  int64_t n = 0, i;
  sgmc_evaluation e;
  while (sgmc_run_ask(run, &n) == SGMC_OK && n > 0) {
    for (i = 0; i < n; ++i) {
      double be = 0.0, pe = 0.0, bg[DIM] = {0}, pg[DIM] = {0};
      ok(sgmc_run_evaluation(run, i, &e));
      energy_fn(e.x, DIM, e.batch, e.batch_size, &be, e.gradient ? bg : NULL, &pe,
                e.gradient ? pg : NULL, NULL);
      ok(sgmc_run_tell(run, i, be, bg, pe, pg, DIM));
    }
  }
}
#endif

int main(int argc, char **argv) {
  const double x0[DIM] = {0};
  double mean[DIM] = {0}, cov[DIM * DIM] = {0}, sum = 0.0, *x;
  struct timespec t0, t1;
  int64_t chains = 1, n_steps, c, n = 0, i, j;
  sgmc_model *model = NULL;
  sgmc_options *o;
  sgmc_draws *d = NULL;
  int hosted, builtin;
  if (argc != 5) {
    fprintf(stderr, "usage: run_overhead sample|hosted sgld|sgld4|resgld|icsgld builtin|callback N_STEPS\n");
    return 2;
  }
  hosted = strcmp(argv[1], "hosted") == 0;
  builtin = strcmp(argv[3], "builtin") == 0;
  n_steps = atol(argv[4]);
  for (i = 0; i < ROWS; ++i) {
    for (j = 0; j < DIM; ++j) rows[i][j] = (double)((i * 7 + j * 3) % 11) / 11.0;
  }
  for (j = 0; j < DIM; ++j) cov[j * DIM + j] = 1.0;
  if (hosted && builtin) {
    fprintf(stderr, "run_overhead: a hosted run answers with the callback model\n");
    return 2;
  }
  if (builtin) {
    ok(sgmc_model_gaussian(&model, DIM, mean, cov, 0.0, 0.0));
  } else {
    ok(sgmc_model_from_callback(&model, DIM, ROWS, rows_energy, SGMC_MODEL_THREAD_SAFE, NULL));
  }
  o = options_for(argv[2], n_steps, &chains);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (hosted) {
#ifndef RUN_OVERHEAD_SAMPLE_ONLY
    sgmc_run *run = NULL;
    ok(sgmc_run_create(&run, o, DIM, ROWS, x0, DIM));
    answer(run);
    ok(sgmc_run_draws(&d, run));
    sgmc_run_destroy(run);
#else
    fprintf(stderr, "run_overhead: built without the run-level ask/tell\n");
    return 2;
#endif
  } else {
    ok(sgmc_sample(&d, model, o, x0, DIM, NULL, NULL));
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  x = malloc(sizeof(double) * 1000 * DIM);
  for (c = 0; c < chains; ++c) {
    ok(sgmc_draws_count(d, c, &n));
    ok(sgmc_draws_copy(d, c, x, n * DIM));
    for (i = 0; i < n * DIM; ++i) sum += x[i];
  }
  printf("%.1f ns per chain-step, checksum %.17g\n",
         ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) /
             (double)(n_steps * chains),
         sum);
  free(x);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
  return 0;
}
