/* ICSGLD across MPI processes (SPEC §5): the draws, indices, weights and
 * theta that sgmc_mpi_gather_draws() brings to rank 0 are bitwise those of
 * sgmc_sample() in one process on 1 and on 2 threads, whatever the number
 * of processes (CTest runs this under mpirun -np 1 and -np 2); a fault of
 * the model stops every process at the same iteration with the draws of a
 * one-process run; bad arguments are errors that name the argument. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../c/check.h"
#include "../c/icsgld_options.h"
#include "capped_gaussian.h"
#include "sgmc/sgmc_mpi.h"

#define CHAINS 5 /* uneven over 2 processes: blocks of 3 and 2 */
#define STEPS 2000
#define M 50

static sgmc_options *icsgld_options(void) {
  sgmc_options *o = mix1d_icsgld_options(STEPS, CHAINS, 300, 100, 3);
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  return o;
}

/* Every array of chain c of a and b is bitwise the same. */
static void check_same_chain(const sgmc_draws *a, const sgmc_draws *b, int64_t c) {
  static double xa[STEPS], xb[STEPS], ta[M * STEPS / 100], tb[M * STEPS / 100];
  static int64_t ia[STEPS], ib[STEPS];
  static const char *const weights[4] = {"log_weight", "log_weight_final", "log_weight_bin",
                                         "log_weight_bin_final"};
  int kind;
  memset(xa, 0, sizeof xa), memset(xb, 0, sizeof xb), memset(ta, 0, sizeof ta);
  memset(tb, 0, sizeof tb), memset(ia, 0, sizeof ia), memset(ib, 0, sizeof ib);
  CHECK_OK(sgmc_draws_copy(a, c, xa, STEPS));
  CHECK_OK(sgmc_draws_copy(b, c, xb, STEPS));
  CHECK(memcmp(xa, xb, sizeof xa) == 0);
  CHECK_OK(sgmc_draws_copy_column(a, c, "energy", xa, STEPS));
  CHECK_OK(sgmc_draws_copy_column(b, c, "energy", xb, STEPS));
  CHECK(memcmp(xa, xb, sizeof xa) == 0);
  CHECK_OK(sgmc_draws_copy_column_int(a, c, "step", ia, STEPS));
  CHECK_OK(sgmc_draws_copy_column_int(b, c, "step", ib, STEPS));
  CHECK(memcmp(ia, ib, sizeof ia) == 0);
  CHECK_OK(sgmc_draws_copy_column_int(a, c, "subregion", ia, STEPS));
  CHECK_OK(sgmc_draws_copy_column_int(b, c, "subregion", ib, STEPS));
  CHECK(memcmp(ia, ib, sizeof ia) == 0);
  for (kind = 0; kind < 4; ++kind) {
    CHECK_OK(sgmc_draws_copy_column(a, c, weights[kind], xa, STEPS));
    CHECK_OK(sgmc_draws_copy_column(b, c, weights[kind], xb, STEPS));
    CHECK(memcmp(xa, xb, sizeof xa) == 0);
  }
  CHECK_OK(sgmc_draws_copy_stat(a, c, "theta_trace", ta, M * STEPS / 100));
  CHECK_OK(sgmc_draws_copy_stat(b, c, "theta_trace", tb, M * STEPS / 100));
  CHECK(memcmp(ta, tb, sizeof ta) == 0);
  CHECK_OK(sgmc_draws_copy_stat(a, c, "theta", ta, M));
  CHECK_OK(sgmc_draws_copy_stat(b, c, "theta", tb, M));
  CHECK(memcmp(ta, tb, M * sizeof *ta) == 0);
}

static void test_same_draws(const sgmc_model *mix1d, int rank) {
  sgmc_options *o = icsgld_options();
  sgmc_draws *local = NULL, *all = NULL, *reference = NULL;
  double x0 = 0.0;
  int64_t n_chains = 0, c, threads;
  CHECK_OK(sgmc_mpi_sample(&local, mix1d, o, &x0, 1, MPI_COMM_WORLD));
  CHECK_OK(sgmc_mpi_gather_draws(&all, local, 0, MPI_COMM_WORLD));
  if (rank == 0) {
    CHECK_OK(sgmc_draws_shape(all, &n_chains, NULL, NULL));
    CHECK(n_chains == CHAINS);
    for (threads = 1; threads <= 2; ++threads) {
      CHECK_OK(sgmc_options_set_int(o, "threads", threads));
      CHECK_OK(sgmc_sample(&reference, mix1d, o, &x0, 1, NULL, NULL));
      for (c = 0; c < CHAINS; ++c) check_same_chain(all, reference, c);
      sgmc_draws_destroy(reference);
    }
  } else {
    CHECK(all == NULL);
  }
  sgmc_draws_destroy(all);
  sgmc_draws_destroy(local);
  sgmc_options_destroy(o);
}

/* The chain and step of "... at chain C, step K" or "... chain C at step K". */
static void chain_and_step(const char *message, int *chain, int *step) {
  const char *at = strstr(message, "at chain ");
  const char *other = strstr(message, "stopped chain ");
  *chain = *step = -1;
  if (at != NULL && sscanf(at, "at chain %d, step %d", chain, step) == 2) return;
  if (other != NULL) CHECK(sscanf(other, "stopped chain %d at step %d", chain, step) == 2);
}

/* A fault stops every process at the same iteration, with the fault of the
 * lowest chain, and the gathered draws are those of one process. */
static void test_fault(int rank, int64_t pilot_steps) {
  double limit = 1.5, x0 = 0.0;
  sgmc_model *model = NULL;
  sgmc_options *o = mix1d_icsgld_options(STEPS, CHAINS, pilot_steps, 0, 3);
  sgmc_draws *local = NULL, *all = NULL, *reference = NULL;
  sgmc_status status, expected;
  char message[512];
  int chain, step, ref_chain, ref_step;
  int64_t c, n_all, n_ref;
  CHECK_OK(sgmc_options_set_int(o, "threads", 2));
  CHECK_OK(sgmc_model_from_callback(&model, 1, 0, capped_gaussian, SGMC_MODEL_THREAD_SAFE, &limit));
  status = sgmc_mpi_sample(&local, model, o, &x0, 1, MPI_COMM_WORLD);
  CHECK(status == SGMC_ERROR_NONFINITE);
  snprintf(message, sizeof message, "%s", sgmc_last_error());
  CHECK(local != NULL);
  if (pilot_steps > 0) CHECK(strstr(message, "the SGLD pilot (contour_pilot_steps) stopped") != NULL);
  chain_and_step(message, &chain, &step);
  expected = sgmc_sample(&reference, model, o, &x0, 1, NULL, NULL);
  CHECK(expected == SGMC_ERROR_NONFINITE);
  chain_and_step(sgmc_last_error(), &ref_chain, &ref_step);
  CHECK(chain == ref_chain && chain >= 0);
  if (pilot_steps == 0) CHECK(step == ref_step && step > 1);
  CHECK_OK(sgmc_mpi_gather_draws(&all, local, 0, MPI_COMM_WORLD));
  if (rank == 0 && all != NULL) {
    for (c = 0; c < CHAINS; ++c) {
      CHECK_OK(sgmc_draws_count(all, c, &n_all));
      CHECK_OK(sgmc_draws_count(reference, c, &n_ref));
      CHECK(n_all == n_ref);
      CHECK(n_all == (pilot_steps > 0 ? 0 : step - 1));
      if (n_all > 0) check_same_chain(all, reference, c);
    }
  }
  sgmc_draws_destroy(all);
  sgmc_draws_destroy(local);
  sgmc_draws_destroy(reference);
  sgmc_options_destroy(o);
  sgmc_model_destroy(model);
}

static void test_errors(const sgmc_model *mix1d, int size) {
  sgmc_options *o = icsgld_options();
  sgmc_draws *d = NULL;
  double x0 = 0.0;
  CHECK_ERROR(sgmc_mpi_sample(&d, mix1d, o, &x0, 1, MPI_COMM_NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "comm");
  CHECK(d == NULL);
  CHECK_ERROR(sgmc_mpi_gather_draws(&d, NULL, 0, MPI_COMM_NULL), SGMC_ERROR_INVALID_ARGUMENT,
              "comm");
  CHECK_ERROR(sgmc_mpi_gather_draws(&d, NULL, 0, MPI_COMM_WORLD), SGMC_ERROR_INVALID_ARGUMENT,
              "local");
  CHECK_OK(sgmc_options_set_int(o, "n_chains", size - 1 > 0 ? size - 1 : 1));
  if (size > 1) {
    CHECK_ERROR(sgmc_mpi_sample(&d, mix1d, o, &x0, 1, MPI_COMM_WORLD), SGMC_ERROR_INVALID_ARGUMENT,
                "n_chains");
  }
  CHECK_OK(sgmc_options_set_int(o, "n_chains", CHAINS));
  CHECK_OK(sgmc_options_set_string(o, "checkpoint_file", "never_written.ckpt"));
  CHECK_ERROR(sgmc_mpi_sample(&d, mix1d, o, &x0, 1, MPI_COMM_WORLD), SGMC_ERROR_UNSUPPORTED,
              "checkpoint_file");
  sgmc_options_destroy(o);
}

int main(int argc, char **argv) {
  sgmc_model *mix1d = NULL;
  int rank = 0, size = 1, status;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK_OK(sgmc_model_target(&mix1d, "mix1d", 0.1, 0.1));
  test_same_draws(mix1d, rank);
  test_fault(rank, 0);
  test_fault(rank, 300);
  test_errors(mix1d, size);
  sgmc_model_destroy(mix1d);
  status = check_summary();
  MPI_Finalize();
  return status;
}
