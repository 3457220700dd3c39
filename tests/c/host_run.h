/* A host that steps a run (sgmc_run_*) itself, answering its evaluations
 * with an sgmc_energy_fn: what the tests of one chain driven from C share.
 * After host_start() the evaluations of the last ask are pending; each
 * host_iteration() answers them and asks on until chain 0 has made one
 * more iteration (MHBT's extra evaluations and rejected faults make none),
 * leaving the next ones pending. */
#ifndef SGMC_TESTS_HOST_RUN_H
#define SGMC_TESTS_HOST_RUN_H

#include "check.h"
#include "sgmc/sgmc.h"

#define HOST_RUN_MAX_DIM 16

/* How a host answers: with f and user, failing every evaluation when fail. */
typedef struct {
  sgmc_energy_fn f;
  void *user;
  int fail;
} host_answer;

/* A run of `options` (one chain when they set "n_chains" = 1; its default
 * is 4) from x0 (dim values, every chain's), asked once: *out holds it, the status is the first ask's. */
static inline sgmc_status host_start(sgmc_run **out, const sgmc_options *options, int64_t dim,
                              int64_t data_size, const double *x0) {
  int64_t n = 0;
  CHECK_OK(sgmc_run_create(out, options, dim, data_size, x0, dim));
  return sgmc_run_ask(*out, &n);
}

/* Tells every evaluation of the last ask (those sgmc_run_evaluation()
 * gives) as `answer` says. */
static inline void host_tell_all(sgmc_run *run, int64_t dim, host_answer answer) {
  int64_t i, n = 0;
  sgmc_evaluation e;
  while (sgmc_run_evaluation(run, n, &e) == SGMC_OK) ++n;
  for (i = 0; i < n; ++i) {
    double be = 0.0, pe = 0.0, bg[HOST_RUN_MAX_DIM] = {0.0}, pg[HOST_RUN_MAX_DIM] = {0.0};
    CHECK_OK(sgmc_run_evaluation(run, i, &e));
    if (answer.fail || answer.f(e.x, dim, e.batch, e.batch_size, &be, e.gradient ? bg : NULL, &pe,
                                e.gradient ? pg : NULL, answer.user) != 0) {
      CHECK_OK(sgmc_run_tell_fault(run, i, "the host's model raised an error"));
    } else {
      CHECK_OK(sgmc_run_tell(run, i, be, bg, pe, pg, dim));
    }
  }
}

/* host_tell_all(), then the next ask: its status, and its number of
 * evaluations in *n (may be NULL). */
static inline sgmc_status host_pass(sgmc_run *run, int64_t dim, host_answer answer, int64_t *n) {
  int64_t count = 0;
  host_tell_all(run, dim, answer);
  return sgmc_run_ask(run, n != NULL ? n : &count);
}

/* Chain 0's iterations so far. */
static inline int64_t host_steps(const sgmc_run *run) {
  int64_t done = -1;
  CHECK_OK(sgmc_run_steps_done(run, 0, &done));
  return done;
}

/* Passes until chain 0 has made one more iteration; the status of the last
 * ask (a fault that stopped the run, or SGMC_OK with the run at its end). */
static inline sgmc_status host_iteration(sgmc_run *run, int64_t dim, host_answer answer) {
  const int64_t before = host_steps(run);
  int64_t n = 1;
  sgmc_status status = SGMC_OK;
  while (status == SGMC_OK && n > 0 && host_steps(run) == before) {
    status = host_pass(run, dim, answer, &n);
  }
  return status;
}

#endif
