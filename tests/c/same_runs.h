/* Whether two models give the same short SGLD run: the check that a built-in
 * model's energies and gradients agree with a hand-written callback (the
 * path depends on both), or that two ways of making one model agree to the
 * bit. */
#ifndef SGMC_TESTS_SAME_RUNS_H
#define SGMC_TESTS_SAME_RUNS_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sgmc/sgmc.h"

#define SAME_RUNS_STEPS 50
#define SAME_RUNS_MAX_DIM 8

/* Draws and energies of SAME_RUNS_STEPS SGLD steps (batches of 4, seed 5,
 * one thread) from x0_j = 0.1 (j + 1) (-1)^j. */
static void same_runs_sample(const sgmc_model *model, int64_t dim, double step, double *draws,
                             double *energy) {
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[SAME_RUNS_MAX_DIM];
  int64_t j;
  for (j = 0; j < dim && j < SAME_RUNS_MAX_DIM; ++j) x0[j] = 0.1 * (double)(j + 1) * (j % 2 ? -1 : 1);
  CHECK(dim <= SAME_RUNS_MAX_DIM);
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_double(o, "step_size", step));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 4));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", SAME_RUNS_STEPS));
  CHECK_OK(sgmc_options_set_int(o, "threads", 1));
  CHECK_OK(sgmc_options_set_int(o, "seed", 5));
  CHECK_OK(sgmc_sample(&d, model, o, x0, dim, NULL, NULL));
  CHECK_OK(sgmc_draws_copy(d, 0, draws, SAME_RUNS_STEPS * dim));
  CHECK_OK(sgmc_draws_copy_column(d, 0, "energy", energy, SAME_RUNS_STEPS));
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
}

static int same_runs_close(double a, double b) { return fabs(a - b) <= 1e-10 * (1.0 + fabs(b)); }

/* 1 when models a and b (both of dimension dim) give the same draws and
 * energies: bit for bit when `bitwise`, else to 1e-10 relative. */
static int same_runs(const sgmc_model *a, const sgmc_model *b, int64_t dim, double step,
                     int bitwise) {
  double draws[2][SAME_RUNS_STEPS * SAME_RUNS_MAX_DIM], energy[2][SAME_RUNS_STEPS];
  int64_t i, n = SAME_RUNS_STEPS * dim;
  int same = 1;
  same_runs_sample(a, dim, step, draws[0], energy[0]);
  same_runs_sample(b, dim, step, draws[1], energy[1]);
  if (bitwise) {
    return memcmp(draws[0], draws[1], (size_t)n * sizeof(double)) == 0 &&
           memcmp(energy[0], energy[1], sizeof energy[0]) == 0;
  }
  for (i = 0; i < n; ++i) same = same && same_runs_close(draws[0][i], draws[1][i]);
  for (i = 0; i < SAME_RUNS_STEPS; ++i) same = same && same_runs_close(energy[0][i], energy[1][i]);
  return same;
}

#endif
