/* Faults of the model through the C API (docs/faults.md), from plain C99:
 * a callback that returns an error, a NaN energy or an infinite gradient,
 * under "on_fault" = "error" (the run stops, the draws so far come back)
 * and "reject" (the run completes and counts its faults), on one and two
 * threads, for every sampler family; one chain stepped by its host with
 * sgmc_run_tell_fault(); bad arguments of the new functions. */
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "gauss_rows.h"
#include "host_run.h"
#include "sgmc/sgmc.h"

#define N_DATA 200
#define DIM 2
#define STEPS 300
#define CHAINS 3

enum fault_mode { NO_FAULT = 0, RETURN_CODE = 1, NAN_ENERGY = 2, INF_GRADIENT = 3 };

/* U_i(x) = |x - y_i|^2 / 2, U0(x) = |x|^2 / 2. An evaluation whose batch
 * holds data index `trigger` (1 in 10 of them) faults as `mode` says
 * (every evaluation when trigger < 0): a rule of the evaluation's batch
 * only, so the faults hit the same evaluations of every chain whatever the
 * threads. */
typedef struct {
  double y[N_DATA][DIM];
  int mode;
  int64_t trigger;
} model_data;

static void make_data(model_data *m, int mode, int64_t trigger) {
  memset(m, 0, sizeof *m);
  gauss_rows_fill(m->y, N_DATA);
  m->mode = mode;
  m->trigger = trigger;
}

static int energy(const double *x, int64_t dim, const int64_t *batch, int64_t n,
                  double *batch_energy, double *batch_grad, double *prior_energy, double *prior_grad,
                  void *user) {
  const model_data *m = (const model_data *)user;
  int64_t b;
  int fault = m->mode != NO_FAULT && m->trigger < 0;
  for (b = 0; b < n && m->mode != NO_FAULT; ++b) fault = fault || batch[b] == m->trigger;
  if (fault && m->mode == RETURN_CODE) return 5;
  gauss_rows_terms(&m->y[0][0], x, dim, batch, n, batch_energy, batch_grad, prior_energy,
                   prior_grad);
  if (fault && m->mode == NAN_ENERGY) *prior_energy = NAN;
  if (fault && m->mode == INF_GRADIENT) {
    if (batch_grad != NULL) batch_grad[1] = INFINITY;
    else *batch_energy = INFINITY;
  }
  return 0;
}

static sgmc_options *options_for(const char *sampler, int64_t threads, const char *on_fault) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_double(o, "step_size", strcmp(sampler, "mhbt") == 0 ? 1e-3 : 1e-4));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 20));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", STEPS));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", CHAINS));
  CHECK_OK(sgmc_options_set_int(o, "threads", threads));
  CHECK_OK(sgmc_options_set_int(o, "seed", 23));
  CHECK_OK(sgmc_options_set_string(o, "on_fault", on_fault));
  if (strcmp(sampler, "resgld") == 0) CHECK_OK(sgmc_options_set_double(o, "temperature_max", 3.0));
  if (strcmp(sampler, "csgld") == 0 || strcmp(sampler, "icsgld") == 0) {
    CHECK_OK(sgmc_options_set_int(o, "contour_m", 40));
    CHECK_OK(sgmc_options_set_double(o, "contour_u1", 500.0));
    CHECK_OK(sgmc_options_set_double(o, "contour_du", 50.0));
  }
  return o;
}

static int is_lockstep(const char *sampler) {
  return strcmp(sampler, "resgld") == 0 || strcmp(sampler, "icsgld") == 0;
}

/* Runs `sampler` on the model of `mode`; returns the status, the draws in *d. */
static sgmc_status run(const char *sampler, int mode, int64_t trigger, int64_t threads,
                       const char *on_fault, sgmc_draws **d) {
  model_data data;
  sgmc_model *m = NULL;
  sgmc_options *o = options_for(sampler, threads, on_fault);
  double x0[DIM] = {0.0, 0.0};
  sgmc_status status;
  make_data(&data, mode, trigger);
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, energy, SGMC_MODEL_THREAD_SAFE, &data));
  status = sgmc_sample(d, m, o, x0, DIM, NULL, NULL);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
  return status;
}

/* The draws of `chain` of `part` are the first draws of that chain of `full`. */
static int is_prefix(const sgmc_draws *part, const sgmc_draws *full, int64_t chain) {
  int64_t np = 0, nf = 0;
  double *a, *b;
  int same;
  CHECK_OK(sgmc_draws_count(part, chain, &np));
  CHECK_OK(sgmc_draws_count(full, chain, &nf));
  if (np > nf) return 0;
  a = malloc(sizeof(double) * (size_t)(np * DIM + 1));
  b = malloc(sizeof(double) * (size_t)(nf * DIM + 1));
  CHECK_OK(sgmc_draws_copy(part, chain, a, np * DIM));
  CHECK_OK(sgmc_draws_copy(full, chain, b, nf * DIM));
  same = memcmp(a, b, sizeof(double) * (size_t)(np * DIM)) == 0;
  free(a);
  free(b);
  return same;
}

static const char *const families[] = {"sgld", "psgld", "sghmc", "cycsgld",
                                       "csgld", "mhbt", "resgld", "icsgld"};
#define N_FAMILIES 8

/* "error": the first fault stops the run; the draws so far come back, the
 * same for one and two threads, each chain a prefix of the fault-free run. */
static void test_error_policy(void) {
  static const int modes[] = {RETURN_CODE, NAN_ENERGY, INF_GRADIENT};
  static const sgmc_status statuses[] = {SGMC_ERROR_CALLBACK, SGMC_ERROR_NONFINITE,
                                         SGMC_ERROR_NONFINITE};
  static const char *const texts[] = {"the model callback returned 5", "non-finite energy (nan)",
                                      "non-finite gradient (coordinate 1 = inf)"};
  int f, i;
  for (f = 0; f < N_FAMILIES; ++f) {
    const char *sampler = families[f];
    sgmc_draws *full = NULL;
    CHECK_OK(run(sampler, NO_FAULT, 0, 2, "error", &full));
    for (i = 0; i < 3; ++i) {
      sgmc_draws *one = NULL, *two = NULL;
      int64_t c, n1, n2, faults, n_chains = 0, longest = 0, fewest = STEPS;
      CHECK_ERROR(run(sampler, modes[i], 7, 1, "error", &one), statuses[i], texts[i]);
      CHECK_ERROR(run(sampler, modes[i], 7, 2, "error", &two), statuses[i], texts[i]);
      CHECK(strstr(sgmc_last_error(), " at chain ") != NULL);
      CHECK(one != NULL && two != NULL);
      if (one == NULL || two == NULL) continue;
      CHECK_OK(sgmc_draws_shape(one, &n_chains, &longest, NULL));
      CHECK(n_chains == CHAINS);
      for (c = 0; c < CHAINS; ++c) {
        CHECK_OK(sgmc_draws_count(one, c, &n1));
        CHECK_OK(sgmc_draws_count(two, c, &n2));
        CHECK(n1 == n2 && n1 <= longest);
        if (n1 < fewest) fewest = n1;
        CHECK(is_prefix(one, full, c));
        CHECK(is_prefix(two, full, c));
        CHECK_OK(sgmc_draws_copy_stat_int(one, c, "faults", &faults, 1));
        CHECK(faults == 0);
      }
      CHECK(fewest < STEPS); /* some chain stopped early */
      if (is_lockstep(sampler)) {
        for (c = 0; c < CHAINS; ++c) {
          CHECK_OK(sgmc_draws_count(one, c, &n1));
          CHECK(n1 == fewest);
        }
      }
      sgmc_draws_destroy(one);
      sgmc_draws_destroy(two);
    }
    sgmc_draws_destroy(full);
  }
}

/* "reject": the run completes with every draw; the faults are counted, and
 * one and two threads give the same draws and counts. */
static void test_reject_policy(void) {
  static const int modes[] = {RETURN_CODE, NAN_ENERGY, INF_GRADIENT};
  int f;
  for (f = 0; f < N_FAMILIES; ++f) {
    const char *sampler = families[f];
    sgmc_draws *one = NULL, *two = NULL, *full = NULL;
    int64_t c, n_full = 0, n1 = 0, f1 = 0, f2 = 0, total = 0;
    const int mode = modes[f % 3];
    CHECK_OK(run(sampler, NO_FAULT, 0, 2, "reject", &full));
    CHECK_OK(run(sampler, mode, 7, 1, "reject", &one));
    CHECK_OK(run(sampler, mode, 7, 2, "reject", &two));
    if (one == NULL || two == NULL || full == NULL) continue;
    for (c = 0; c < CHAINS; ++c) {
      CHECK_OK(sgmc_draws_count(full, c, &n_full));
      CHECK_OK(sgmc_draws_count(one, c, &n1));
      CHECK(n1 == n_full);
      CHECK(is_prefix(one, two, c) && is_prefix(two, one, c));
      CHECK_OK(sgmc_draws_copy_stat_int(one, c, "faults", &f1, 1));
      CHECK_OK(sgmc_draws_copy_stat_int(two, c, "faults", &f2, 1));
      CHECK(f1 == f2);
      total += f1;
    }
    /* About 1 evaluation in 10 holds index 7: some 30 per chain. */
    if (total < CHAINS * 10) fprintf(stderr, "%s: %ld faults\n", sampler, (long)total);
    CHECK(total >= CHAINS * 10);
    sgmc_draws_destroy(one);
    sgmc_draws_destroy(two);
    sgmc_draws_destroy(full);
  }
}

/* A model that always fails meets the limit of faults in a row. */
static void test_consecutive_limit(void) {
  model_data data;
  sgmc_model *m = NULL;
  sgmc_draws *d = NULL;
  sgmc_options *o = options_for("sghmc", 2, "reject");
  double x0[DIM] = {0.0, 0.0};
  int64_t faults = 0, n = -1;
  make_data(&data, NAN_ENERGY, -1);
  CHECK_OK(sgmc_options_set_int(o, "max_consecutive_faults", 5));
  CHECK_OK(sgmc_model_from_callback(&m, DIM, N_DATA, energy, SGMC_MODEL_THREAD_SAFE, &data));
  CHECK_ERROR(sgmc_sample(&d, m, o, x0, DIM, NULL, NULL), SGMC_ERROR_NONFINITE,
              "chain 0 faulted 5 times in a row at step 1 (max_consecutive_faults = 5); the last "
              "fault: the model returned a non-finite energy (nan) at chain 0, step 1");
  CHECK(d != NULL);
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, "faults", &faults, 1));
  CHECK(faults == 4);
  CHECK_OK(sgmc_draws_count(d, 0, &n));
  CHECK(n == 0);
  sgmc_draws_destroy(d);
  sgmc_options_destroy(o);
  sgmc_model_destroy(m);
}

/* One pass of a one-chain run with the model of `data`; fail = 1 reports a
 * failed evaluation instead of telling. Returns the status of the next ask. */
static sgmc_status ask_tell(sgmc_run *c, model_data *data, int fail) {
  host_answer answer;
  answer.f = energy;
  answer.user = data;
  answer.fail = fail;
  return host_pass(c, DIM, answer, NULL);
}

/* A run stopped by a fault under "error", saved and resumed: it goes on
 * from the state before the faulty evaluation. */
static void save_and_resume(sgmc_run **c) {
  const char *path = "test_capi_faults.ckpt";
  int64_t n = 0;
  CHECK_OK(sgmc_run_save(*c, path));
  sgmc_run_destroy(*c);
  CHECK_OK(sgmc_run_resume(c, path, NULL, DIM, N_DATA));
  CHECK_OK(sgmc_run_ask(*c, &n));
  CHECK(n == 1);
  remove(path);
}

static int64_t stat_int(const sgmc_run *c, const char *name) {
  sgmc_draws *d = NULL;
  int64_t value = -1;
  CHECK_OK(sgmc_run_draws(&d, c));
  CHECK_OK(sgmc_draws_copy_stat_int(d, 0, name, &value, 1));
  sgmc_draws_destroy(d);
  return value;
}

static void test_ask_tell(void) {
  model_data good, nan_always;
  sgmc_options *o = options_for("sghmc", 1, "error");
  sgmc_run *a = NULL, *b = NULL;
  sgmc_draws *da = NULL, *db = NULL;
  double x0[DIM] = {0.5, 0.5}, before[DIM], after[DIM];
  int64_t k, faults = -1, n = 0;
  make_data(&good, NO_FAULT, 0);
  make_data(&nan_always, NAN_ENERGY, -1);
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 100));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1));

  /* "error": a reported fault or a NaN stops the run as it was before the
   * faulty evaluation; saved there, it goes on and makes the draws of a
   * chain that never faulted. */
  CHECK_OK(host_start(&a, o, DIM, N_DATA, x0));
  CHECK_OK(host_start(&b, o, DIM, N_DATA, x0));
  for (k = 0; k < 100; ++k) {
    if (k == 40) {
      CHECK_OK(sgmc_run_position(a, 0, before, DIM));
      CHECK_ERROR(ask_tell(a, &good, 1), SGMC_ERROR_CALLBACK,
                  "the model failed at chain 0, step 41: the host's model raised an error");
      CHECK_ERROR(ask_tell(a, &good, 0), SGMC_ERROR_CALLBACK, "chain 0, step 41"); /* stopped */
      save_and_resume(&a);
      CHECK_ERROR(ask_tell(a, &nan_always, 0), SGMC_ERROR_NONFINITE,
                  "non-finite energy (nan) at chain 0, step 41");
      CHECK_OK(sgmc_run_position(a, 0, after, DIM));
      CHECK(memcmp(before, after, sizeof before) == 0);
      CHECK(host_steps(a) == 40);
      save_and_resume(&a);
    }
    CHECK_OK(ask_tell(a, &good, 0));
    CHECK_OK(ask_tell(b, &good, 0));
  }
  CHECK(stat_int(a, "faults") == 0);
  CHECK_OK(sgmc_run_draws(&da, a));
  CHECK_OK(sgmc_run_draws(&db, b));
  CHECK(is_prefix(da, db, 0) && is_prefix(db, da, 0));
  CHECK_OK(sgmc_run_ask(a, &n));
  CHECK(n == 0);
  CHECK_ERROR(sgmc_run_tell_fault(a, 0, "x"), SGMC_ERROR_INVALID_ARGUMENT,
              "'i' = 0: must be in [0, 0)");
  sgmc_draws_destroy(da);
  sgmc_draws_destroy(db);
  sgmc_run_destroy(a);
  sgmc_run_destroy(b);
  a = b = NULL;

  /* "reject": reported faults and NaNs are counted and the iteration tried
   * again; the limit of faults in a row stops the run without a change. */
  CHECK_OK(sgmc_options_set_string(o, "on_fault", "reject"));
  CHECK_OK(sgmc_options_set_int(o, "max_consecutive_faults", 3));
  CHECK_OK(sgmc_options_set_int(o, "first_chain", 1));
  CHECK_OK(host_start(&a, o, DIM, N_DATA, x0));
  for (k = 0; k < 100; ++k) {
    if (k == 10) {
      CHECK_OK(ask_tell(a, &good, 1));
      CHECK_OK(ask_tell(a, &nan_always, 0));
      CHECK_ERROR(ask_tell(a, &good, 1), SGMC_ERROR_CALLBACK,
                  "chain 1 faulted 3 times in a row at step 11 (max_consecutive_faults = 3)");
      CHECK(host_steps(a) == 10);
      save_and_resume(&a);
    }
    if (k == 50) CHECK_OK(ask_tell(a, &good, 1));
    CHECK_OK(ask_tell(a, &good, 0));
  }
  CHECK(stat_int(a, "faults") == 3);
  CHECK_OK(sgmc_run_draws(&da, a));
  CHECK_OK(sgmc_draws_copy_stat_int(da, 0, "faults", &faults, 1));
  CHECK(faults == 3);
  CHECK_OK(sgmc_draws_count(da, 0, &n));
  CHECK(n == 100);
  sgmc_draws_destroy(da);
  sgmc_run_destroy(a);
  sgmc_options_destroy(o);
}

static void test_bad_arguments(void) {
  sgmc_options *o = NULL;
  sgmc_run *c = NULL;
  sgmc_draws *d = NULL;
  double x0[DIM] = {0.0, 0.0};
  int64_t out = 0;
  const char *value = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_get_string(o, "on_fault", &value));
  CHECK(strcmp(value, "error") == 0);
  CHECK_OK(sgmc_options_get_int(o, "max_consecutive_faults", &out));
  CHECK(out == 10);
  CHECK_ERROR(sgmc_options_set_string(o, "on_fault", "ignore"), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'on_fault' = \"ignore\": must be one of error|reject");
  CHECK_ERROR(sgmc_options_set_int(o, "max_consecutive_faults", 0), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'max_consecutive_faults' = 0: must be in [1,");
  CHECK_ERROR(sgmc_run_tell_fault(NULL, 0, "x"), SGMC_ERROR_INVALID_ARGUMENT, "'run' is NULL");
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 1)); /* a run of one chain */
  CHECK_OK(host_start(&c, o, DIM, N_DATA, x0));
  CHECK_ERROR(sgmc_run_tell_fault(c, 0, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'cause' is NULL");
  CHECK_ERROR(sgmc_run_steps_done(c, 0, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'out' is NULL");
  CHECK_ERROR(sgmc_run_steps_done(NULL, 0, &out), SGMC_ERROR_INVALID_ARGUMENT, "'run' is NULL");
  CHECK_ERROR(sgmc_run_steps_done(c, -1, &out), SGMC_ERROR_INVALID_ARGUMENT, "'chain' = -1");
  CHECK_OK(sgmc_run_draws(&d, c));
  CHECK_ERROR(sgmc_draws_copy_stat_int(d, 1, "faults", &out, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'chain' = 1: must be in [0, n_chains) with n_chains = 1");
  CHECK_ERROR(sgmc_draws_copy_stat_int(NULL, 0, "faults", &out, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws' is NULL");
  CHECK_ERROR(sgmc_draws_copy_stat_int(d, 0, "faults", NULL, 1), SGMC_ERROR_INVALID_ARGUMENT,
              "'out' is NULL");
  CHECK_ERROR(sgmc_draws_count(d, -1, &out), SGMC_ERROR_INVALID_ARGUMENT, "'chain' = -1");
  CHECK_ERROR(sgmc_draws_count(d, 0, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'n_draws' is NULL");
  CHECK_OK(sgmc_draws_count(d, 0, &out));
  CHECK(out == 0);
  /* The handles stay usable after the rejected calls. */
  CHECK_OK(sgmc_run_tell_fault(c, 0, "x"));
  CHECK_ERROR(sgmc_run_ask(c, &out), SGMC_ERROR_CALLBACK, "x");
  CHECK_OK(sgmc_run_steps_done(c, 0, &out));
  CHECK(out == 0);
  sgmc_draws_destroy(d);
  sgmc_run_destroy(c);
  sgmc_options_destroy(o);
}

int main(void) {
  test_error_policy();
  test_reject_policy();
  test_consecutive_limit();
  test_ask_tell();
  test_bad_arguments();
  return check_summary();
}
