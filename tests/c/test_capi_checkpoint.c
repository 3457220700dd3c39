/* Checkpoint and resume through the C API: a run cancelled after a
 * checkpoint and resumed draws exactly what the uninterrupted run draws, for
 * each driver; a damaged, foreign or mismatched checkpoint is refused with a
 * clear error and changes nothing. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host_run.h"
#include "sgmc/sgmc.h"

#define STEPS 240
#define STOP_AT 120

static char path[512];

static int stop_at(int64_t done, int64_t total, void *user) {
  (void)total;
  (void)user;
  return done >= STOP_AT;
}

static sgmc_options *options_for(const char *sampler, int64_t n_chains) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", STEPS));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", n_chains));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_options_set_int(o, "progress_every", 40));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.01));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 20));
  if (strcmp(sampler, "resgld") == 0) CHECK_OK(sgmc_options_set_double(o, "temperature_max", 4.0));
  if (strcmp(sampler, "mhbt") == 0) CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-4));
  return o;
}

/* The draws of every chain of `a` and `b` are bitwise equal. */
static void check_same_draws(const sgmc_draws *a, const sgmc_draws *b) {
  int64_t ca, na, da, cb, nb, db, c;
  CHECK_OK(sgmc_draws_shape(a, &ca, &na, &da));
  CHECK_OK(sgmc_draws_shape(b, &cb, &nb, &db));
  CHECK(ca == cb && na == nb && da == db);
  if (ca != cb || na != nb || da != db) return;
  for (c = 0; c < ca; ++c) {
    size_t n = (size_t)(na * da);
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    CHECK_OK(sgmc_draws_copy(a, c, x, na * da));
    CHECK_OK(sgmc_draws_copy(b, c, y, nb * db));
    CHECK(memcmp(x, y, n * sizeof *x) == 0);
    free(x);
    free(y);
  }
}

static void check_resume(const sgmc_model *model, const char *sampler, int64_t n_chains,
                         const double *x0, int64_t x0_len) {
  sgmc_options *o = options_for(sampler, n_chains);
  sgmc_draws *whole = NULL, *first = NULL, *rest = NULL;
  printf("resume %s\n", sampler);
  CHECK_OK(sgmc_sample(&whole, model, o, x0, x0_len, NULL, NULL));
  if (whole == NULL) fprintf(stderr, "  %s: %s\n", sampler, sgmc_last_error());
  CHECK_OK(sgmc_options_set_string(o, "checkpoint_file", path));
  CHECK_OK(sgmc_options_set_int(o, "checkpoint_every", 50));
  CHECK(sgmc_sample(&first, model, o, x0, x0_len, stop_at, NULL) == SGMC_CANCELLED);
  CHECK(first != NULL);
  /* The run's own options are acceptable overrides; threads may change. */
  CHECK_OK(sgmc_options_set_int(o, "threads", 1));
  CHECK_OK(sgmc_resume(&rest, model, path, o, NULL, NULL));
  {
    sgmc_options *saved = NULL;
    const char *name = NULL;
    int64_t every = 0;
    CHECK_OK(sgmc_checkpoint_options(&saved, path));
    CHECK_OK(sgmc_options_get_string(saved, "sampler", &name));
    CHECK(name != NULL && strcmp(name, sampler) == 0);
    CHECK_OK(sgmc_options_get_int(saved, "checkpoint_every", &every));
    CHECK(every == 50);
    sgmc_options_destroy(saved);
  }
  if (rest == NULL) fprintf(stderr, "  %s: %s\n", sampler, sgmc_last_error());
  CHECK(rest != NULL);
  if (whole != NULL && rest != NULL) check_same_draws(whole, rest);
  sgmc_draws_destroy(whole);
  sgmc_draws_destroy(first);
  sgmc_draws_destroy(rest);
  sgmc_options_destroy(o);
}

static long file_size(const char *name) {
  FILE *f = fopen(name, "rb");
  long n;
  if (f == NULL) return -1;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fclose(f);
  return n;
}

/* Flips one byte of the file in place. */
static void damage(const char *name, long offset) {
  FILE *f = fopen(name, "r+b");
  int c;
  fseek(f, offset, SEEK_SET);
  c = fgetc(f);
  fseek(f, offset, SEEK_SET);
  fputc(c ^ 0x5A, f);
  fclose(f);
}

static void check_refusals(const sgmc_model *model, const sgmc_model *other, const double *x0) {
  sgmc_options *o = options_for("sgld", 2);
  sgmc_options *wrong = NULL;
  sgmc_draws *draws = (sgmc_draws *)&draws;
  char foreign[600];
  FILE *f;
  long size;
  CHECK_OK(sgmc_options_set_string(o, "checkpoint_file", path));
  CHECK(sgmc_sample(&draws, model, o, x0, 2, stop_at, NULL) == SGMC_CANCELLED);
  sgmc_draws_destroy(draws);

  CHECK_ERROR(sgmc_resume(&draws, model, NULL, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'path'");
  CHECK(draws == NULL);
  CHECK_ERROR(sgmc_resume(NULL, model, path, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'out'");
  CHECK_ERROR(sgmc_resume(&draws, NULL, path, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'model'");
  CHECK_ERROR(sgmc_resume(&draws, other, path, NULL, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "written for dim = 2");
  CHECK(draws == NULL);

  CHECK_OK(sgmc_options_create(&wrong));
  CHECK_OK(sgmc_options_set_int(wrong, "n_steps", 2 * STEPS));
  CHECK_ERROR(sgmc_resume(&draws, model, path, wrong, NULL, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "option 'n_steps' differs");
  sgmc_options_destroy(wrong);

  snprintf(foreign, sizeof foreign, "%s.missing", path);
  CHECK_ERROR(sgmc_resume(&draws, model, foreign, NULL, NULL, NULL), SGMC_ERROR_IO, foreign);

  snprintf(foreign, sizeof foreign, "%s.csv", path);
  f = fopen(foreign, "w");
  fputs("x,y\n1,2\n", f);
  fclose(f);
  CHECK_ERROR(sgmc_resume(&draws, model, foreign, NULL, NULL, NULL), SGMC_ERROR_FORMAT,
              "not an sgmc checkpoint");
  remove(foreign);

  /* A damaged checkpoint is refused, left as it is, and still damaged. */
  size = file_size(path);
  damage(path, size / 2);
  CHECK_ERROR(sgmc_resume(&draws, model, path, NULL, NULL, NULL), SGMC_ERROR_FORMAT, "corrupt");
  {
    sgmc_options *saved = (sgmc_options *)&saved;
    CHECK_ERROR(sgmc_checkpoint_options(&saved, path), SGMC_ERROR_FORMAT, "corrupt");
    CHECK(saved == NULL);
  }
  CHECK(draws == NULL);
  CHECK(file_size(path) == size);
  damage(path, size / 2);  /* repaired: usable again */
  CHECK_OK(sgmc_resume(&draws, model, path, NULL, NULL, NULL));
  sgmc_draws_destroy(draws);

  /* A newer format. */
  damage(path, 8);
  CHECK_ERROR(sgmc_resume(&draws, model, path, NULL, NULL, NULL), SGMC_ERROR_UNSUPPORTED, "newer sgmc");
  CHECK(strcmp(sgmc_status_name(SGMC_ERROR_FORMAT), "SGMC_ERROR_FORMAT") == 0);
  sgmc_options_destroy(o);
}

/* U_i(x) = |x - y_i|^2 / 2, y_i = (i % 7) / 7, U0 = |x|^2 / 2 (an sgmc_energy_fn). */
static int sevenths(const double *x, int64_t dim, const int64_t *batch, int64_t n, double *be,
                    double *bg, double *pe, double *pg, void *user) {
  int64_t b;
  (void)dim;
  (void)user;
  for (b = 0; b < n; ++b) {
    double y = (double)(batch[b] % 7) / 7.0;
    *be += 0.5 * ((x[0] - y) * (x[0] - y) + (x[1] + y) * (x[1] + y));
    if (bg != NULL) {
      bg[0] += x[0] - y;
      bg[1] += x[1] + y;
    }
  }
  *pe = 0.5 * (x[0] * x[0] + x[1] * x[1]);
  if (pg != NULL) {
    pg[0] = x[0];
    pg[1] = x[1];
  }
  return 0;
}

/* A one-chain run (chain 3 of a larger run) saved before its first ask,
 * and within a round with the evaluations of its last ask untold and with
 * them told, goes on from each file to the end as the original does. */
static void check_run_save_within_rounds(void) {
  const char *samplers[] = {"sghmc", "psgld", "csgld", "mhbt", "cycsgld"};
  const host_answer answer = {sevenths, NULL, 0};
  char told_path[600];
  size_t s;
  snprintf(told_path, sizeof told_path, "%s.told", path);
  for (s = 0; s < sizeof samplers / sizeof *samplers; ++s) {
    sgmc_options *o = options_for(samplers[s], 1);
    sgmc_run *run = NULL, *copy = NULL, *told = NULL, *fresh = NULL;
    sgmc_draws *a = NULL, *b = NULL, *c = NULL, *f = NULL;
    double x0[2] = {0.3, -0.2};
    int i;
    int64_t n = 0;
    printf("run save within a round %s\n", samplers[s]);
    CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
    CHECK_OK(sgmc_options_set_int(o, "first_chain", 3));
    CHECK_OK(sgmc_run_create(&run, o, 2, 70, x0, 2));
    CHECK_OK(sgmc_run_save(run, told_path)); /* before the first ask */
    CHECK_OK(sgmc_run_resume(&fresh, told_path, NULL, 2, 70));
    CHECK_OK(sgmc_run_ask(run, &n));
    CHECK_OK(sgmc_run_ask(fresh, &n));
    for (i = 0; i < 100; ++i) CHECK_OK(host_iteration(run, 2, answer));
    CHECK_OK(sgmc_run_save(run, path));
    host_tell_all(run, 2, answer);
    CHECK_OK(sgmc_run_save(run, told_path));
    CHECK_OK(sgmc_run_ask(run, &n));
    CHECK_ERROR(sgmc_run_resume(&copy, path, NULL, 3, 70), SGMC_ERROR_INVALID_ARGUMENT,
                "dim = 2 and N = 70");
    CHECK_OK(sgmc_run_resume(&copy, path, NULL, 2, 70));
    CHECK_OK(sgmc_run_resume(&told, told_path, NULL, 2, 70));
    CHECK(host_steps(copy) == 100);
    CHECK_OK(sgmc_run_ask(copy, &n));
    CHECK_OK(sgmc_run_ask(told, &n));
    while (host_steps(run) < STEPS) CHECK_OK(host_iteration(run, 2, answer));
    while (host_steps(copy) < STEPS) CHECK_OK(host_iteration(copy, 2, answer));
    while (host_steps(told) < STEPS) CHECK_OK(host_iteration(told, 2, answer));
    while (host_steps(fresh) < STEPS) CHECK_OK(host_iteration(fresh, 2, answer));
    CHECK_OK(sgmc_run_draws(&f, fresh));
    if (f != NULL) CHECK_OK(sgmc_run_draws(&a, run));
    if (a != NULL && f != NULL) check_same_draws(a, f);
    sgmc_draws_destroy(a);
    sgmc_draws_destroy(f);
    a = NULL;
    sgmc_run_destroy(fresh);
    CHECK_OK(sgmc_run_draws(&a, run));
    CHECK_OK(sgmc_run_draws(&b, copy));
    CHECK_OK(sgmc_run_draws(&c, told));
    if (a != NULL && b != NULL && c != NULL) {
      check_same_draws(a, b);
      check_same_draws(a, c);
    }
    sgmc_draws_destroy(a);
    sgmc_draws_destroy(b);
    sgmc_draws_destroy(c);
    sgmc_run_destroy(run);
    sgmc_run_destroy(copy);
    sgmc_run_destroy(told);
    sgmc_options_destroy(o);
  }
  remove(told_path);
}

/* Saves that cannot be exact are refused and change nothing. */
static void check_run_save_refusals(void) {
  sgmc_options *o = options_for("resgld", 3);
  sgmc_run *run = (sgmc_run *)&run;
  sgmc_evaluation e;
  const host_answer answer = {sevenths, NULL, 0};
  double x0[2] = {0.5, -0.5};
  char bad[600];
  int64_t n = 0;
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
  CHECK_ERROR(sgmc_run_resume(&run, NULL, NULL, 2, 70), SGMC_ERROR_INVALID_ARGUMENT, "'path'");
  CHECK(run == NULL);
  CHECK_OK(sgmc_run_create(&run, o, 2, 70, x0, 2));
  CHECK_ERROR(sgmc_run_save(run, path), SGMC_ERROR_UNSUPPORTED, "where its checkpoints are written");
  CHECK_OK(sgmc_run_ask(run, &n));
  CHECK_ERROR(sgmc_run_save(run, path), SGMC_ERROR_UNSUPPORTED, "where its checkpoints are written");
  CHECK_OK(sgmc_run_evaluation(run, 0, &e));
  CHECK_OK(sgmc_run_tell(run, 0, 0.0, NULL, 0.0, NULL, 2));
  CHECK_ERROR(sgmc_run_save(run, path), SGMC_ERROR_STATE, "every evaluation of the last ask told, or none");
  /* Ended, the run is where its last checkpoint is written: saved, it
   * resumes as ended, with the same draws. */
  {
    sgmc_run *ended = NULL;
    sgmc_draws *a = NULL, *b = NULL;
    int64_t i, asked = n;
    for (i = 1; i < asked; ++i) CHECK_OK(sgmc_run_tell(run, i, 0.0, NULL, 0.0, NULL, 2));
    CHECK_OK(sgmc_run_ask(run, &n));
    while (n > 0) CHECK_OK(host_pass(run, 2, answer, &n));
    CHECK_OK(sgmc_run_save(run, path));
    CHECK_OK(sgmc_run_resume(&ended, path, NULL, 2, 70));
    CHECK_OK(sgmc_run_ask(ended, &n));
    CHECK(n == 0);
    CHECK_OK(sgmc_run_draws(&a, run));
    CHECK_OK(sgmc_run_draws(&b, ended));
    if (a != NULL && b != NULL) check_same_draws(a, b);
    sgmc_draws_destroy(a);
    sgmc_draws_destroy(b);
    sgmc_run_destroy(ended);
  }
  snprintf(bad, sizeof bad, "%s.no-such-dir/x.ckpt", path);
  sgmc_run_destroy(run);
  CHECK_OK(sgmc_options_set_string(o, "sampler", "sgld"));
  CHECK_OK(host_start(&run, o, 2, 70, x0));
  CHECK_OK(host_pass(run, 2, answer, &n));
  CHECK_ERROR(sgmc_run_save(run, bad), SGMC_ERROR_IO, bad);
  CHECK_ERROR(sgmc_run_save(NULL, path), SGMC_ERROR_INVALID_ARGUMENT, "'run'");
  CHECK_ERROR(sgmc_run_save(run, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'path'");
  CHECK_OK(sgmc_run_save(run, path)); /* still usable */
  sgmc_run_destroy(run);
  sgmc_options_destroy(o);
}

int main(void) {
  sgmc_model *gauss25 = NULL, *line = NULL, *logistic = NULL;
  sgmc_data *data = NULL;
  double x0[2] = {0.5, -0.5};
  double rows[200 * 3];
  double labels[200];
  int i;
  const char *tmp = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/sgmc-capi-checkpoint-%ld.ckpt", tmp ? tmp : "/tmp", (long)rand());

  CHECK_OK(sgmc_model_target(&gauss25, "gauss25", 0.1, 0.3));
  for (i = 0; i < 200; ++i) {
    rows[3 * i] = 1.0;
    rows[3 * i + 1] = (double)(i % 17) / 17.0 - 0.5;
    rows[3 * i + 2] = (double)(i % 5) / 5.0 - 0.4;
    labels[i] = (double)((i * 7) % 3 == 0);
  }
  CHECK_OK(sgmc_data_create(&data, 200, 3, rows, labels, 0));
  CHECK_OK(sgmc_model_logistic(&logistic, data, 1.0));
  sgmc_data_destroy(data);
  data = NULL;
  {
    double mean[3] = {0, 0, 0};
    double cov[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    CHECK_OK(sgmc_model_gaussian(&line, 3, mean, cov, 0.0, 0.0));
  }
  check_resume(gauss25, "sgld", 2, x0, 2);
  check_resume(gauss25, "cycsghmc", 2, x0, 2);
  check_resume(gauss25, "resgld", 3, x0, 2);
  check_resume(gauss25, "icsgld", 3, x0, 2);
  check_resume(gauss25, "csghmc", 2, x0, 2);
  {
    double z[4] = {0, 0, 0, 0};
    check_resume(logistic, "mhbt", 2, z, 4);
    check_resume(logistic, "psgld", 2, z, 4);
  }
  check_refusals(gauss25, line, x0);
  check_run_save_within_rounds();
  check_run_save_refusals();
  remove(path);
  sgmc_model_destroy(gauss25);
  sgmc_model_destroy(line);
  sgmc_model_destroy(logistic);
  sgmc_data_destroy(data);
  return check_summary();
}
