/* What the bindings ask the library instead of keeping lists of their own:
 * which options a resumed run may change, which samplers read an option,
 * the samplers and their families. */
#include <sgmc/sgmc.h>

#include "check.h"

static void test_resumable(void) {
  int32_t flag = -1;
  CHECK_OK(sgmc_option_resumable("threads", &flag));
  CHECK(flag == 1);
  CHECK_OK(sgmc_option_resumable("checkpoint_every", &flag));
  CHECK(flag == 1);
  CHECK_OK(sgmc_option_resumable("n_steps", &flag));
  CHECK(flag == 0);
  CHECK_ERROR(sgmc_option_resumable("no_such_key", &flag), SGMC_ERROR_INVALID_ARGUMENT,
              "'no_such_key'");
  CHECK_ERROR(sgmc_option_resumable("threads", NULL), SGMC_ERROR_INVALID_ARGUMENT, "'resumable'");
  CHECK_ERROR(sgmc_option_resumable(NULL, &flag), SGMC_ERROR_INVALID_ARGUMENT, "'key'");
}

static void test_read_by(void) {
  int32_t reads = -1;
  CHECK_OK(sgmc_option_read_by("friction", "csghmc", &reads));
  CHECK(reads == 1);
  CHECK_OK(sgmc_option_read_by("friction", "sgld", &reads));
  CHECK(reads == 0);
  CHECK_OK(sgmc_option_read_by("n_steps", "mhbt", &reads));
  CHECK(reads == 1);
  CHECK_OK(sgmc_option_read_by("temperature", "mhbt", &reads));
  CHECK(reads == 0);
  CHECK_ERROR(sgmc_option_read_by("friction", "hmc", &reads), SGMC_ERROR_INVALID_ARGUMENT,
              "'sampler' = \"hmc\"");
  CHECK_ERROR(sgmc_option_read_by("frictio", "sgld", &reads), SGMC_ERROR_INVALID_ARGUMENT,
              "'frictio'");
  CHECK_ERROR(sgmc_option_read_by("friction", NULL, &reads), SGMC_ERROR_INVALID_ARGUMENT,
              "'sampler'");
}

static void test_families(void) {
  int64_t i, n = sgmc_sampler_count(), contour = 0, interacting = 0, cyclical = 0;
  int32_t member = -1;
  const char *name = NULL;
  CHECK(n >= 14);
  for (i = 0; i < n; ++i) {
    CHECK_OK(sgmc_sampler_name(i, &name));
    CHECK_OK(sgmc_sampler_in_family(name, SGMC_FAMILY_CONTOUR, &member));
    contour += member;
    CHECK_OK(sgmc_sampler_in_family(name, SGMC_FAMILY_INTERACTING, &member));
    interacting += member;
    CHECK_OK(sgmc_sampler_in_family(name, SGMC_FAMILY_CYCLICAL, &member));
    cyclical += member;
  }
  CHECK(contour == 7 && interacting == 3 && cyclical == 2);
  CHECK_OK(sgmc_sampler_name(0, &name));
  CHECK(strcmp(name, "sgld") == 0);
  CHECK_OK(sgmc_sampler_in_family("icsghmc", SGMC_FAMILY_CONTOUR, &member));
  CHECK(member == 1);
  CHECK_OK(sgmc_sampler_in_family("resgld", SGMC_FAMILY_REPLICA_EXCHANGE, &member));
  CHECK(member == 1);
  CHECK_OK(sgmc_sampler_in_family("mhbt", SGMC_FAMILY_MHBT, &member));
  CHECK(member == 1);
  CHECK_OK(sgmc_sampler_in_family("ksgld", SGMC_FAMILY_INTERACTING, &member));
  CHECK(member == 0);
  CHECK_ERROR(sgmc_sampler_name(n, &name), SGMC_ERROR_INVALID_ARGUMENT, "'index'");
  CHECK_ERROR(sgmc_sampler_name(0, NULL), SGMC_ERROR_INVALID_ARGUMENT, "'name'");
  CHECK_ERROR(sgmc_sampler_in_family("sgld", (sgmc_sampler_family)9, &member),
              SGMC_ERROR_INVALID_ARGUMENT, "'family' = 9");
  CHECK_ERROR(sgmc_sampler_in_family("hmc", SGMC_FAMILY_MHBT, &member),
              SGMC_ERROR_INVALID_ARGUMENT, "'sampler' = \"hmc\"");
}

int main(void) {
  test_resumable();
  test_read_by();
  test_families();
  return check_summary();
}
