/* The run-level ask/tell API (sgmc_run_*) from plain C99: for every kind of
 * run — independent chains of each sampler family, replica exchange, the
 * interacting contour samplers with their pilot, variance-reduced energies
 * (control points), MHBT's extra evaluations, a preconditioner — a caller
 * that answers each ask with the same numbers as a callback model gets the
 * draws of sgmc_sample() bit for bit; checkpoints it writes resume either
 * way; a fault it tells stops or is rejected as a callback's would be; and
 * every misuse is an error naming the argument. */
#include <stdlib.h>

#include "check.h"
#include "gauss_rows.h"
#include "sgmc/sgmc.h"

#define N_DATA 200
#define DIM 2
#define MAX_CHAINS 4

static double rows[N_DATA][DIM];

/* Answers up to max_asks asks of `run` (all when negative) with the rows' terms;
 * evaluation `fail_at` of the whole run (counted from 0; -1: none) is told
 * as a fault instead. Returns the status of the last ask. */
static sgmc_status drive(sgmc_run *run, int64_t max_asks, int64_t fail_at) {
  int64_t n = 0, i, asks = 0, count = 0;
  sgmc_status status;
  sgmc_evaluation e;
  while ((status = sgmc_run_ask(run, &n)) == SGMC_OK && n > 0) {
    for (i = 0; i < n; ++i, ++count) {
      double be = 0.0, pe = 0.0, bg[DIM] = {0.0, 0.0}, pg[DIM] = {0.0, 0.0};
      CHECK_OK(sgmc_run_evaluation(run, i, &e));
      if (count == fail_at) {
        CHECK_OK(sgmc_run_tell_fault(run, i, "the host's model raised an error"));
        continue;
      }
      gauss_rows_terms(&rows[0][0], e.x, DIM, e.batch, e.batch_size, &be,
                       e.gradient ? bg : NULL, &pe, e.gradient ? pg : NULL);
      CHECK_OK(sgmc_run_tell(run, i, be, bg, pe, pg, DIM));
    }
    if (max_asks >= 0 && ++asks >= max_asks) break;
  }
  return status;
}

/* 1 when chain ca of a and chain cb of b hold the same draws and energies. */
static int same_chain(const sgmc_draws *a, int64_t ca, const sgmc_draws *b, int64_t cb) {
  int64_t na = 0, nb = 0, dim = 0;
  double *xa, *xb;
  int same;
  CHECK_OK(sgmc_draws_shape(a, NULL, NULL, &dim));
  CHECK_OK(sgmc_draws_count(a, ca, &na));
  CHECK_OK(sgmc_draws_count(b, cb, &nb));
  if (na != nb) return 0;
  xa = malloc(sizeof(double) * (size_t)(na * dim + 1));
  xb = malloc(sizeof(double) * (size_t)(na * dim + 1));
  CHECK_OK(sgmc_draws_copy(a, ca, xa, na * dim));
  CHECK_OK(sgmc_draws_copy(b, cb, xb, na * dim));
  same = memcmp(xa, xb, sizeof(double) * (size_t)(na * dim)) == 0;
  CHECK_OK(sgmc_draws_copy_column(a, ca, "energy", xa, na));
  CHECK_OK(sgmc_draws_copy_column(b, cb, "energy", xb, na));
  same = same && memcmp(xa, xb, sizeof(double) * (size_t)na) == 0;
  free(xa);
  free(xb);
  return same;
}

/* 1 when a and b hold the same draws and energies, chain by chain. */
static int same_draws(const sgmc_draws *a, const sgmc_draws *b) {
  int64_t chains_a = 0, chains_b = 0, c;
  int same = 1;
  CHECK_OK(sgmc_draws_shape(a, &chains_a, NULL, NULL));
  CHECK_OK(sgmc_draws_shape(b, &chains_b, NULL, NULL));
  if (chains_a != chains_b) return 0;
  for (c = 0; c < chains_a && same; ++c) same = same_chain(a, c, b, c);
  return same;
}

static sgmc_options *options(const char *sampler, int64_t n_chains) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 20));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 300));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 50));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", n_chains));
  CHECK_OK(sgmc_options_set_int(o, "progress_every", 64));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_options_set_int(o, "seed", 17));
  if (strcmp(sampler, "resgld") == 0) CHECK_OK(sgmc_options_set_double(o, "temperature_max", 20.0));
  return o;
}

/* Contour options on the rows' energies (U between about 200 and 1500). */
static void contour(sgmc_options *o, int64_t vr_period) {
  CHECK_OK(sgmc_options_set_int(o, "contour_m", 40));
  CHECK_OK(sgmc_options_set_double(o, "contour_u1", 150.0));
  CHECK_OK(sgmc_options_set_double(o, "contour_du", 25.0));
  CHECK_OK(sgmc_options_set_int(o, "contour_vr_period", vr_period));
}

/* Chain c of `sampled`, a run of o from x0 (one start per chain), equals
 * the one chain of a run with first_chain = c from chain c's start: for
 * the samplers whose chains run on their own. */
static void check_chains_one_by_one(const char *label, sgmc_options *o, const sgmc_draws *sampled,
                                    const double *x0) {
  const char *sampler = NULL;
  int64_t n_chains = 0, c;
  int32_t coupled = 0, interacting = 0;
  CHECK_OK(sgmc_options_get_string(o, "sampler", &sampler));
  CHECK_OK(sgmc_sampler_in_family(sampler, SGMC_FAMILY_REPLICA_EXCHANGE, &coupled));
  CHECK_OK(sgmc_sampler_in_family(sampler, SGMC_FAMILY_INTERACTING, &interacting));
  if (coupled || interacting) return;
  CHECK_OK(sgmc_options_get_int(o, "n_chains", &n_chains));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));
  for (c = 0; c < n_chains; ++c) {
    sgmc_run *run = NULL;
    sgmc_draws *hosted = NULL;
    int same;
    CHECK_OK(sgmc_options_set_int(o, "first_chain", c));
    CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0 + c * DIM, DIM));
    CHECK_OK(drive(run, -1, -1));
    CHECK_OK(sgmc_run_draws(&hosted, run));
    same = same_chain(sampled, c, hosted, 0);
    CHECK(same);
    if (!same) fprintf(stderr, "  ... %s: chain %d differs from a run of first_chain = %d\n", label, (int)c, (int)c);
    sgmc_draws_destroy(hosted);
    sgmc_run_destroy(run);
  }
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 0));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", n_chains));
}

static void check_same_as_sample(const char *label, sgmc_options *o) {
  const double x0[MAX_CHAINS * DIM] = {0.5, -0.5, 1.0, -1.0, 0.0, 0.2, 2.0, -2.5};
  int64_t n_chains = 0;
  sgmc_model *m = NULL;
  sgmc_draws *sampled = NULL, *hosted = NULL;
  sgmc_run *run = NULL;
  int same;
  CHECK_OK(sgmc_options_get_int(o, "n_chains", &n_chains));
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, gauss_rows_energy, 1, &rows[0][0]));
  CHECK_OK(sgmc_sample(&sampled, m, o, x0, n_chains * DIM, NULL, NULL));
  CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, n_chains * DIM));
  CHECK_OK(drive(run, -1, -1));
  CHECK_OK(sgmc_run_draws(&hosted, run));
  same = same_draws(sampled, hosted);
  CHECK(same);
  if (!same) fprintf(stderr, "  ... %s: the ask/tell run's draws differ from sgmc_sample's\n", label);
  check_chains_one_by_one(label, o, sampled, x0);
  sgmc_draws_destroy(sampled);
  sgmc_draws_destroy(hosted);
  sgmc_run_destroy(run);
  sgmc_model_destroy(m);
  sgmc_options_destroy(o);
}

static void test_every_kind_of_run(void) {
  sgmc_options *o;
  int64_t attempts[3] = {0, 0, 0}, accepts[3] = {0, 0, 0};
  check_same_as_sample("sgld", options("sgld", 3));
  check_same_as_sample("sghmc", options("sghmc", 2));
  check_same_as_sample("psgld", options("psgld", 2));
  o = options("cycsgld", 2);
  CHECK_OK(sgmc_options_set_int(o, "cycles", 3));
  check_same_as_sample("cycsgld", o);
  o = options("mhbt", 2); /* adaptive beta: extra evaluations between iterations */
  CHECK_OK(sgmc_options_set_string(o, "proposal", "rsgld"));
  CHECK_OK(sgmc_options_set_int(o, "rsgld_adaptive_beta", 1));
  check_same_as_sample("mhbt", o);
  o = options("csgld", 2);
  contour(o, 5);
  check_same_as_sample("csgld with control points", o);
  o = options("sgld", 2);
  CHECK_OK(sgmc_options_set_string(o, "precondition", "dense"));
  check_same_as_sample("sgld with a dense preconditioner", o);
  check_same_as_sample("resgld", options("resgld", 4));
  o = options("icsgld", 3);
  contour(o, 0);
  CHECK_OK(sgmc_options_set_int(o, "contour_pilot_steps", 100));
  check_same_as_sample("icsgld with its pilot", o);
  o = options("icsghmc", 3);
  contour(o, 4);
  check_same_as_sample("icsghmc with control points", o);
  o = options("icsgld", 2);
  CHECK_OK(sgmc_options_set_string(o, "contour_partition", "auto"));
  CHECK_OK(sgmc_options_set_int(o, "contour_pilot_steps", 100));
  check_same_as_sample("icsgld with an automatic partition", o);
  /* The swap statistics reach the run's draws. */
  {
    const double x0[DIM] = {0.0, 0.0};
    sgmc_run *run = NULL;
    sgmc_draws *d = NULL;
    o = options("resgld", 4);
    CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, DIM));
    CHECK_OK(drive(run, -1, -1));
    CHECK_OK(sgmc_run_draws(&d, run));
    CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "swap_attempts", attempts, 3));
    CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "swap_accepts", accepts, 3));
    CHECK(attempts[2] == 300 && accepts[2] > 0);
    sgmc_draws_destroy(d);
    sgmc_run_destroy(run);
    sgmc_options_destroy(o);
  }
}

/* A run stopped between asks resumes from its last checkpoint (a round's
 * end) with sgmc_run_resume() or sgmc_resume(), and ends with the draws of
 * the run that was never stopped. */
static void test_checkpoints(void) {
  const char *path = "test_capi_run.ckpt";
  const double x0[DIM] = {0.3, 0.3};
  const char *samplers[] = {"sgld", "resgld", "icsgld"};
  int s;
  for (s = 0; s < 3; ++s) {
    sgmc_options *o = options(samplers[s], 3);
    sgmc_model *m = NULL;
    sgmc_run *run = NULL, *resumed = NULL;
    sgmc_draws *whole = NULL, *again = NULL, *by_model = NULL;
    int64_t done = 0, total = 0;
    if (s == 2) contour(o, 3);
    CHECK_OK(sgmc_options_set_string(o, "checkpoint_file", path));
    CHECK_OK(sgmc_options_set_int(o, "checkpoint_every", 128));
    CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, gauss_rows_energy, 1, &rows[0][0]));
    CHECK_OK(sgmc_sample(&whole, m, o, x0, DIM, NULL, NULL));
    remove(path);
    CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, DIM));
    CHECK_OK(drive(run, 150, -1)); /* past the checkpoint at 128, short of 256 */
    CHECK_OK(sgmc_run_progress(run, &done, &total));
    CHECK(done == 128 && total == 300);
    sgmc_run_destroy(run);
    CHECK_ERROR(sgmc_run_resume(&resumed, path, NULL, 3, N_DATA), SGMC_ERROR_INVALID_ARGUMENT,
                "arguments 'dim' and 'data_size' give dim = 3");
    CHECK(resumed == NULL);
    CHECK_OK(sgmc_run_resume(&resumed, path, NULL, DIM, N_DATA));
    CHECK_OK(sgmc_run_progress(resumed, &done, &total));
    CHECK(done == 128);
    /* The ask/tell run's checkpoint resumes with a model too. */
    CHECK_OK(sgmc_resume(&by_model, m, path, NULL, NULL, NULL));
    CHECK(same_draws(whole, by_model));
    CHECK_OK(drive(resumed, -1, -1));
    CHECK_OK(sgmc_run_draws(&again, resumed));
    CHECK(same_draws(whole, again));
    sgmc_draws_destroy(whole);
    sgmc_draws_destroy(again);
    sgmc_draws_destroy(by_model);
    sgmc_run_destroy(resumed);
    sgmc_model_destroy(m);
    sgmc_options_destroy(o);
    remove(path);
  }
}

/* A failure told by the caller is a fault of the model (docs/faults.md). */
static void test_faults(void) {
  const double x0[DIM] = {0.0, 0.0};
  sgmc_options *o = options("resgld", 3);
  sgmc_run *run = NULL;
  sgmc_draws *d = NULL;
  int64_t n = 5, count = 0, faults = 0;
  /* "error": evaluation 10 is chain 1's at step 3; the run stops, the
   * draws so far stay, and every later ask says the same. */
  CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, DIM));
  CHECK_ERROR(drive(run, -1, 10), SGMC_ERROR_CALLBACK,
              "the model failed at chain 1, step 4: the host's model raised an error");
  CHECK_ERROR(sgmc_run_ask(run, &n), SGMC_ERROR_CALLBACK, "at chain 1, step 4");
  CHECK(n == 0);
  CHECK_OK(sgmc_run_draws(&d, run));
  CHECK_OK(sgmc_draws_count(d, 0, &count));
  CHECK(count == 0); /* burn_in = 50 */
  sgmc_draws_destroy(d);
  sgmc_run_destroy(run);
  /* "reject": the chain is asked again with a fresh batch and the run ends. */
  CHECK_OK(sgmc_options_set_string(o, "on_fault", "reject"));
  CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, DIM));
  CHECK_OK(drive(run, -1, 10));
  CHECK_OK(sgmc_run_draws(&d, run));
  CHECK_OK(sgmc_draws_count(d, 1, &count));
  CHECK(count == 250);
  CHECK_OK(sgmc_draws_copy_stat_int(d, 1, "faults", &faults, 1));
  CHECK(faults == 1);
  sgmc_draws_destroy(d);
  sgmc_run_destroy(run);
  sgmc_options_destroy(o);
}

static void test_misuse(void) {
  const double x0[DIM] = {0.0, 0.0}, g[DIM] = {0.0, 0.0};
  sgmc_options *o = options("sgld", 2);
  sgmc_run *run = NULL;
  sgmc_evaluation e;
  int64_t n = 0;
  CHECK_ERROR(sgmc_run_create(&run, NULL, DIM, N_DATA, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'options'");
  CHECK_ERROR(sgmc_run_create(&run, o, 0, N_DATA, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'dim' = 0");
  CHECK_ERROR(sgmc_run_create(&run, o, DIM, -1, x0, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'data_size' = -1");
  CHECK_ERROR(sgmc_run_create(&run, o, DIM, N_DATA, x0, 3), SGMC_ERROR_INVALID_ARGUMENT,
              "'x0'");
  CHECK(run == NULL);
  CHECK_OK(sgmc_run_create(&run, o, DIM, N_DATA, x0, DIM));
  CHECK_ERROR(sgmc_run_ask(NULL, &n), SGMC_ERROR_INVALID_ARGUMENT, "'run'");
  CHECK_OK(sgmc_run_ask(run, &n));
  CHECK(n == 2);
  CHECK_ERROR(sgmc_run_evaluation(run, 2, &e), SGMC_ERROR_INVALID_ARGUMENT, "'i' = 2");
  CHECK_OK(sgmc_run_evaluation(run, 1, &e));
  CHECK(e.chain == 1 && e.gradient == 1 && e.batch_size == 20);
  CHECK_ERROR(sgmc_run_tell(run, 0, 1.0, g, 0.0, g, 3), SGMC_ERROR_INVALID_ARGUMENT, "'dim' = 3");
  CHECK_OK(sgmc_run_tell(run, 0, 1.0, g, 0.0, g, DIM));
  CHECK_ERROR(sgmc_run_tell(run, 0, 1.0, g, 0.0, g, DIM), SGMC_ERROR_INVALID_ARGUMENT,
              "'i' = 0: was told already");
  CHECK_ERROR(sgmc_run_tell_fault(run, 1, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'cause'");
  /* An untold evaluation: the ask is refused and nothing changes. */
  CHECK_ERROR(sgmc_run_ask(run, &n), SGMC_ERROR_STATE, "evaluation 1 of the last ask has not been told");
  CHECK_OK(sgmc_run_tell(run, 1, 1.0, NULL, 0.0, NULL, DIM));
  CHECK_OK(sgmc_run_ask(run, &n));
  CHECK(n == 2);
  sgmc_run_destroy(run);
  sgmc_run_destroy(NULL);
  sgmc_options_destroy(o);
}

int main(void) {
  gauss_rows_fill(rows, N_DATA);
  test_every_kind_of_run();
  test_checkpoints();
  test_faults();
  test_misuse();
  return check_summary();
}
