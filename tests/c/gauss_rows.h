/* The data model of the C tests: rows y_i in R^dim with
 * U_i(x) = |x - y_i|^2 / 2 and the prior U0(x) = |x|^2 / 2, so that the
 * posterior of N rows is N(sum_i y_i / (N + 1), I / (N + 1)). */
#ifndef SGMC_TESTS_GAUSS_ROWS_H
#define SGMC_TESTS_GAUSS_ROWS_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* Adds the terms of the rows in `batch` of `y` (row-major, dim columns) to
 * the outputs of an sgmc_energy_fn, which the library has zeroed; a NULL
 * batch_grad asks for energies only. */
static inline void gauss_rows_terms(const double *y, const double *x, int64_t dim,
                                    const int64_t *batch, int64_t n, double *batch_energy,
                                    double *batch_grad, double *prior_energy,
                                    double *prior_grad) {
  int64_t b, j;
  for (b = 0; b < n; ++b) {
    for (j = 0; j < dim; ++j) {
      double r = x[j] - y[batch[b] * dim + j];
      *batch_energy += 0.5 * r * r;
      if (batch_grad != NULL) batch_grad[j] += r;
    }
  }
  for (j = 0; j < dim; ++j) {
    *prior_energy += 0.5 * x[j] * x[j];
    if (prior_grad != NULL) prior_grad[j] = x[j];
  }
}

/* An sgmc_energy_fn over the rows at `user` (row-major, dim columns). */
static inline int gauss_rows_energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                                    double *batch_energy, double *batch_grad, double *prior_energy,
                                    double *prior_grad, void *user) {
  gauss_rows_terms((const double *)user, x, dim, batch, n, batch_energy, batch_grad, prior_energy,
                   prior_grad);
  return 0;
}

/* Two-dimensional rows spread over a unit-size cloud around (1, -2). */
static inline void gauss_rows_fill(double (*y)[2], int n) {
  int i;
  for (i = 0; i < n; ++i) {
    y[i][0] = 1.0 + sin(0.7 * i);
    y[i][1] = -2.0 + cos(1.3 * i);
  }
}

#endif
