/* The verdict of every run through the C API from plain C99
 * (docs/verdict.md): the checks by index with their limits and places, the
 * reasons with their size query, and errors that name the argument and
 * value and write nothing. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "sgmc/sgmc.h"

/* SGLD on a Gaussian of curvatures 1 and 4 with step `step`: 0.01 is
 * trusted, 0.4 inflates the variance fivefold in the second coordinate. */
static sgmc_draws *run(const sgmc_model *m, double step) {
  sgmc_options *o = NULL;
  sgmc_draws *d = NULL;
  double x0[2] = {0.0, 0.0};
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", "sgld"));
  CHECK_OK(sgmc_options_set_double(o, "step_size", step));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 60000));
  CHECK_OK(sgmc_options_set_int(o, "burn_in", 12000));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", 4));
  CHECK_OK(sgmc_options_set_int(o, "seed", 3));
  CHECK_OK(sgmc_sample(&d, m, o, x0, 2, NULL, NULL));
  sgmc_options_destroy(o);
  return d;
}

/* The index of check `name`, or -1. */
static int64_t find(const sgmc_draws *d, const char *name) {
  int64_t n = 0, i;
  const char *at = NULL;
  CHECK_OK(sgmc_draws_check_count(d, &n));
  for (i = 0; i < n; ++i) {
    CHECK_OK(sgmc_draws_check(d, i, &at, NULL, NULL, NULL, NULL, NULL, NULL));
    if (strcmp(at, name) == 0) return i;
  }
  return -1;
}

static void test_trusted(const sgmc_model *m) {
  sgmc_draws *d = run(m, 0.01);
  int32_t trusted = 0, passed = 0, above = 0;
  int64_t needed = 0, n = 0;
  char reasons[8];
  double value = 0, limit = 0;
  const char *name = NULL, *where = NULL, *meaning = NULL;
  CHECK_OK(sgmc_draws_verdict(d, &trusted, NULL, 0, &needed));
  CHECK(trusted == 1);
  CHECK(needed == 1);
  CHECK_OK(sgmc_draws_verdict(d, NULL, reasons, sizeof reasons, NULL));
  CHECK(reasons[0] == '\0');
  CHECK_OK(sgmc_draws_check_count(d, &n));
  CHECK(n == 7);
  CHECK_OK(sgmc_draws_check(d, 0, &name, &value, &limit, &above, &passed, &where, &meaning));
  /* 1.01, or R-hat's noise at the run's ESS when larger (docs/verdict.md) */
  CHECK(strcmp(name, "rhat") == 0 && limit >= 1.01 && limit <= 1.035 && above == 1 && passed == 1);
  CHECK(value >= 0.99 && value <= limit);
  CHECK(strncmp(where, "coordinate ", 11) == 0);
  CHECK(strlen(meaning) > 20);
  CHECK_OK(sgmc_draws_check(d, find(d, "ess_bulk"), NULL, &value, &limit, &above, NULL, NULL, NULL));
  CHECK(value > 400 && limit == 400 && above == 0);
  sgmc_draws_destroy(d);
}

static void test_untrusted(const sgmc_model *m) {
  sgmc_draws *d = run(m, 0.4);
  int32_t trusted = 7, passed = 7;
  int64_t needed = 0, i = find(d, "step_bias");
  char small[4] = "abc", text[4096];
  double value = 0;
  const char *where = NULL;
  CHECK(i >= 0);
  CHECK_OK(sgmc_draws_verdict(d, &trusted, NULL, 0, &needed));
  CHECK(trusted == 0);
  CHECK(needed > 20 && needed < (int64_t)sizeof text);
  CHECK_OK(sgmc_draws_verdict(d, NULL, text, (int64_t)sizeof text, NULL));
  CHECK(strstr(text, "step_bias = ") != NULL);
  CHECK_OK(sgmc_draws_check(d, i, NULL, &value, NULL, NULL, &passed, &where, NULL));
  CHECK(passed == 0 && value > 2.0);
  CHECK(strstr(where, "coordinate 1") != NULL);
  /* Too little room: an error naming it, and nothing written. */
  trusted = 7;
  CHECK_ERROR(sgmc_draws_verdict(d, &trusted, small, 4, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'reasons_len' = 4");
  CHECK(trusted == 7 && strcmp(small, "abc") == 0);
  CHECK_ERROR(sgmc_draws_verdict(d, NULL, NULL, 10, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'reasons'");
  CHECK_ERROR(sgmc_draws_verdict(d, NULL, text, -1, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'reasons_len' = -1");
  CHECK_ERROR(sgmc_draws_check(d, 7, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'index' = 7");
  CHECK_ERROR(sgmc_draws_check(d, -1, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
              SGMC_ERROR_INVALID_ARGUMENT, "'index' = -1");
  CHECK_ERROR(sgmc_draws_check_count(d, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'n'");
  CHECK_ERROR(sgmc_draws_verdict(NULL, &trusted, NULL, 0, NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "'draws'");
  sgmc_draws_destroy(d);
}

int main(void) {
  const double mean[2] = {0.0, 0.0}, cov[4] = {1.0, 0.0, 0.0, 0.25};
  sgmc_model *m = NULL;
  CHECK_OK(sgmc_model_gaussian(&m, 2, mean, cov, 0.0, 0.0));
  test_trusted(m);
  test_untrusted(m);
  sgmc_model_destroy(m);
  return check_summary();
}
