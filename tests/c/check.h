/* A minimal check framework for the pure-C tests: no dependency, prints
 * "N passed, M failed" and sets the exit status. */
#ifndef SGMC_TESTS_CHECK_H
#define SGMC_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int checks_passed = 0;
static int checks_failed = 0;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (cond) {                                                            \
      ++checks_passed;                                                     \
    } else {                                                               \
      ++checks_failed;                                                     \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                      \
  } while (0)

/* The call returns `status` and the thread's message contains `text`. */
#define CHECK_ERROR(call, status, text)                                    \
  do {                                                                     \
    sgmc_status got_ = (call);                                             \
    CHECK(got_ == (status));                                               \
    if (strstr(sgmc_last_error(), (text)) == NULL) {                       \
      ++checks_failed;                                                     \
      fprintf(stderr, "%s:%d: message \"%s\" lacks \"%s\"\n", __FILE__,    \
              __LINE__, sgmc_last_error(), (text));                        \
    } else {                                                               \
      ++checks_passed;                                                     \
    }                                                                      \
  } while (0)

#define CHECK_OK(call) CHECK((call) == SGMC_OK)

static int check_summary(void) {
  printf("%d passed, %d failed\n", checks_passed, checks_failed);
  return checks_failed == 0 ? 0 : 1;
}

#endif
