/* Every sampler across MPI processes (libsgmc_mpi): independent chains of
 * each family, resgld with its replicas on different processes (swaps
 * across them move the states), csgld with a theta per chain; the draws
 * that sgmc_mpi_gather_draws() brings to rank 0 are bitwise those of
 * sgmc_sample() in one process, whatever the number of processes (CTest
 * runs this under mpirun -np 1, 2 and 3), with the swap, contour, MHBT and
 * cycle records; a fault of independent chains ends every process at the
 * same round with the fault of the lowest chain. */
#include <math.h>
#include <stdlib.h>

#include "../c/check.h"
#include "../c/gauss_rows.h"
#include "../c/icsgld_options.h"
#include "capped_gaussian.h"
#include "sgmc/sgmc_mpi.h"

#define N_DATA 100
#define CHAINS 5 /* blocks of 3 and 2 on 2 processes, 2, 2 and 1 on 3 */
#define STEPS 400

static double rows[N_DATA][2];

static sgmc_options *options(const char *sampler) {
  sgmc_options *o = NULL;
  CHECK_OK(sgmc_options_create(&o));
  CHECK_OK(sgmc_options_set_string(o, "sampler", sampler));
  CHECK_OK(sgmc_options_set_double(o, "step_size", 1e-3));
  CHECK_OK(sgmc_options_set_int(o, "batch_size", 10));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", STEPS));
  CHECK_OK(sgmc_options_set_int(o, "n_chains", CHAINS));
  CHECK_OK(sgmc_options_set_int(o, "progress_every", 100));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_options_set_int(o, "seed", 23));
  return o;
}

/* The arrays of every chain of a and b, and what the sampler records
 * besides, are bitwise the same. */
static void check_same(const sgmc_draws *a, const sgmc_draws *b, const char *sampler) {
  int64_t na = 0, nb = 0, dim = 0, c, n;
  double *xa, *xb;
  int64_t *ia, *ib;
  CHECK_OK(sgmc_draws_shape(a, &na, NULL, &dim));
  CHECK_OK(sgmc_draws_shape(b, &nb, NULL, NULL));
  CHECK(na == CHAINS && nb == CHAINS);
  xa = malloc(sizeof(double) * STEPS * 2 + 64);
  xb = malloc(sizeof(double) * STEPS * 2 + 64);
  ia = malloc(sizeof(int64_t) * STEPS + 64);
  ib = malloc(sizeof(int64_t) * STEPS + 64);
  for (c = 0; c < CHAINS; ++c) {
    CHECK_OK(sgmc_draws_count(a, c, &n));
    CHECK_OK(sgmc_draws_count(b, c, &nb));
    CHECK(n == nb);
    CHECK_OK(sgmc_draws_copy(a, c, xa, n * dim));
    CHECK_OK(sgmc_draws_copy(b, c, xb, n * dim));
    CHECK(memcmp(xa, xb, sizeof(double) * (size_t)(n * dim)) == 0);
    CHECK_OK(sgmc_draws_copy_column(a, c, "energy", xa, n));
    CHECK_OK(sgmc_draws_copy_column(b, c, "energy", xb, n));
    CHECK(memcmp(xa, xb, sizeof(double) * (size_t)n) == 0);
    CHECK_OK(sgmc_draws_copy_column_int(a, c, "step", ia, n));
    CHECK_OK(sgmc_draws_copy_column_int(b, c, "step", ib, n));
    CHECK(memcmp(ia, ib, sizeof(int64_t) * (size_t)n) == 0);
    if (strcmp(sampler, "csgld") == 0) {
      CHECK_OK(sgmc_draws_copy_column(a, c, "log_weight_final", xa, n));
      CHECK_OK(sgmc_draws_copy_column(b, c, "log_weight_final", xb, n));
      CHECK(memcmp(xa, xb, sizeof(double) * (size_t)n) == 0);
    }
    if (strcmp(sampler, "mhbt") == 0) {
      static const char *const counts[4] = {"mhbt_proposed", "mhbt_accepted",
                                            "mhbt_forward_proposed", "mhbt_forward_accepted"};
      int64_t na = 0, nb = 0;
      double ba = 0, bb = 0;
      int k;
      for (k = 0; k < 4; ++k) {
        CHECK_OK(sgmc_draws_copy_stat_int(a, c, counts[k], &na, 1));
        CHECK_OK(sgmc_draws_copy_stat_int(b, c, counts[k], &nb, 1));
        CHECK(na == nb && (k > 0 || na > 0));
      }
      CHECK_OK(sgmc_draws_copy_stat(a, c, "mhbt_beta", &ba, 1));
      CHECK_OK(sgmc_draws_copy_stat(b, c, "mhbt_beta", &bb, 1));
      CHECK(ba == bb);
    }
  }
  if (strcmp(sampler, "resgld") == 0) {
    int64_t at_a[CHAINS], ac_a[CHAINS], at_b[CHAINS], ac_b[CHAINS], l, accepted = 0;
    CHECK_OK(sgmc_draws_copy_stat_int(a, 0, "swap_attempts", at_a, CHAINS - 1));
    CHECK_OK(sgmc_draws_copy_stat_int(a, 0, "swap_accepts", ac_a, CHAINS - 1));
    CHECK_OK(sgmc_draws_copy_stat_int(b, 0, "swap_attempts", at_b, CHAINS - 1));
    CHECK_OK(sgmc_draws_copy_stat_int(b, 0, "swap_accepts", ac_b, CHAINS - 1));
    for (l = 0; l + 1 < CHAINS; ++l) {
      CHECK(at_a[l] == at_b[l] && ac_a[l] == ac_b[l]);
      accepted += ac_a[l];
    }
    CHECK(accepted > 0); /* states did cross processes */
  }
  if (strcmp(sampler, "cycsgld") == 0) {
    int64_t cycles = 0;
    CHECK_OK(sgmc_draws_copy_stat_int(a, 0, "cycles", &cycles, 1));
    CHECK(cycles == 4);
  }
  free(xa);
  free(xb);
  free(ia);
  free(ib);
}

static void check_sampler(const sgmc_model *model, sgmc_options *o, const char *sampler,
                          const double *x0, int64_t x0_len, int rank) {
  sgmc_draws *local = NULL, *all = NULL, *reference = NULL;
  CHECK_OK(sgmc_mpi_sample(&local, model, o, x0, x0_len, MPI_COMM_WORLD));
  CHECK_OK(sgmc_mpi_gather_draws(&all, local, 0, MPI_COMM_WORLD));
  if (rank == 0) {
    CHECK_OK(sgmc_sample(&reference, model, o, x0, x0_len, NULL, NULL));
    check_same(all, reference, sampler);
  } else {
    CHECK(all == NULL);
  }
  sgmc_draws_destroy(reference);
  sgmc_draws_destroy(all);
  sgmc_draws_destroy(local);
  sgmc_options_destroy(o);
}

static void test_every_sampler(int rank) {
  const double x0[CHAINS * 2] = {0.0, 0.0, 1.0, -1.0, 0.5, -2.0, 1.5, -1.5, 2.0, -2.5};
  const double origin = 0.0;
  sgmc_model *rows_model = NULL, *mix1d = NULL;
  sgmc_options *o;
  CHECK_OK(sgmc_model_from_callback(&rows_model, 2, N_DATA, gauss_rows_energy, SGMC_MODEL_THREAD_SAFE, &rows[0][0]));
  CHECK_OK(sgmc_model_target(&mix1d, "mix1d", 0.1, 0.1));
  check_sampler(rows_model, options("sgld"), "sgld", x0, CHAINS * 2, rank);
  check_sampler(rows_model, options("sghmc"), "sghmc", x0, 2, rank);
  o = options("cycsgld");
  CHECK_OK(sgmc_options_set_int(o, "cycles", 4));
  check_sampler(rows_model, o, "cycsgld", x0, 2, rank);
  o = options("mhbt");
  CHECK_OK(sgmc_options_set_string(o, "proposal", "rsgld"));
  check_sampler(rows_model, o, "mhbt", x0, CHAINS * 2, rank);
  o = options("resgld");
  CHECK_OK(sgmc_options_set_double(o, "temperature_max", 3.0));
  check_sampler(rows_model, o, "resgld", x0, CHAINS * 2, rank);
  o = mix1d_icsgld_options(STEPS, CHAINS, 0, 10, 23);
  CHECK_OK(sgmc_options_set_string(o, "sampler", "csgld"));
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  check_sampler(mix1d, o, "csgld", &origin, 1, rank);
  sgmc_model_destroy(rows_model);
  sgmc_model_destroy(mix1d);
}

/* Independent chains: every process ends at the same round with the same
 * fault status and the lowest faulted chain; the draws are one process's. */
static void test_fault(int rank) {
  double limit = 1.2, x0 = 0.0;
  sgmc_model *model = NULL;
  sgmc_options *o = options("sgld");
  sgmc_draws *local = NULL, *all = NULL, *reference = NULL;
  sgmc_status status;
  char message[512];
  CHECK_OK(sgmc_options_set_double(o, "step_size", 0.05));
  CHECK_OK(sgmc_options_set_int(o, "n_steps", 100000));
  CHECK_OK(sgmc_options_set_int(o, "progress_every", 1000));
  CHECK_OK(sgmc_model_from_callback(&model, 1, 0, capped_gaussian, SGMC_MODEL_THREAD_SAFE, &limit));
  status = sgmc_mpi_sample(&local, model, o, &x0, 1, MPI_COMM_WORLD);
  CHECK(status == SGMC_ERROR_NONFINITE);
  snprintf(message, sizeof message, "%s", sgmc_last_error());
  CHECK(local != NULL);
  CHECK(sgmc_sample(&reference, model, o, &x0, 1, NULL, NULL) == SGMC_ERROR_NONFINITE);
  {
    int chain = -1, ref = -1;
    const char *at = strstr(message, "chain ");
    const char *ref_at = strstr(sgmc_last_error(), "chain ");
    CHECK(at != NULL && ref_at != NULL);
    if (at != NULL && ref_at != NULL) {
      CHECK(sscanf(at, "chain %d", &chain) == 1 && sscanf(ref_at, "chain %d", &ref) == 1);
      CHECK(chain == ref);
    }
  }
  CHECK_OK(sgmc_mpi_gather_draws(&all, local, 0, MPI_COMM_WORLD));
  if (rank == 0) {
    int64_t c, n_all = 0, n_ref = 0;
    for (c = 0; c < CHAINS; ++c) {
      CHECK_OK(sgmc_draws_count(all, c, &n_all));
      CHECK_OK(sgmc_draws_count(reference, c, &n_ref));
      CHECK(n_all == n_ref);
    }
  }
  sgmc_draws_destroy(all);
  sgmc_draws_destroy(local);
  sgmc_draws_destroy(reference);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
}

int main(int argc, char **argv) {
  int rank = 0, status;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  gauss_rows_fill(rows, N_DATA);
  test_every_sampler(rank);
  test_fault(rank);
  status = check_summary();
  MPI_Finalize();
  return status;
}
