/* The model of the MPI fault tests: U(x) = x^2 / 2 in one dimension, with a
 * NaN energy beyond x = *(double *)user, which a chain's noise reaches. */
#ifndef SGMC_TESTS_CAPPED_GAUSSIAN_H
#define SGMC_TESTS_CAPPED_GAUSSIAN_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

static int capped_gaussian(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                           double *batch_energy, double *batch_grad, double *prior_energy,
                           double *prior_grad, void *user) {
  (void)dim, (void)batch, (void)n, (void)batch_energy, (void)batch_grad;
  *prior_energy = x[0] > *(const double *)user ? NAN : 0.5 * x[0] * x[0];
  if (prior_grad != NULL) prior_grad[0] = x[0];
  return 0;
}

#endif
