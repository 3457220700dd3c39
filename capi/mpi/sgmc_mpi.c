/* libsgmc_mpi: runs over MPI processes (sgmc_mpi.h), in C over the public
 * API of sgmc.h only — an sgmc_exchange whose collectives are MPI's. */
#include "sgmc/sgmc_mpi.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* The exchange and what its collectives need: the blocks' chain counts and
 * offsets in rank order (MPI's counts are ints), and room to scale them. */
typedef struct {
  sgmc_exchange base; /* first: the sgmc_exchange* is this struct's address */
  MPI_Comm comm;
  int *counts;
  int *offsets;
  int *scaled_counts;
  int *scaled_offsets;
} mpi_exchange;

/* The tag of a replica's state crossing processes. */
enum { SWAP_TAG = 7301 };

static int fits_int(int64_t n) { return n >= 0 && n <= INT_MAX; }

static int gather_doubles(const double *local, int64_t n_local, double *all, int64_t n_all,
                          int64_t per_chain, void *user) {
  mpi_exchange *e = (mpi_exchange *)user;
  int r;
  if (!fits_int(n_local) || !fits_int(n_all)) return MPI_ERR_COUNT;
  for (r = 0; r < e->base.processes; ++r) {
    e->scaled_counts[r] = e->counts[r] * (int)per_chain;
    e->scaled_offsets[r] = e->offsets[r] * (int)per_chain;
  }
  return MPI_Allgatherv(local, (int)n_local, MPI_DOUBLE, all, e->scaled_counts, e->scaled_offsets,
                        MPI_DOUBLE, e->comm);
}

static int gather_int64s(const int64_t *local, int64_t n_local, int64_t *all, int64_t n_all,
                         void *user) {
  mpi_exchange *e = (mpi_exchange *)user;
  (void)n_all;
  return MPI_Allgatherv(local, (int)n_local, MPI_INT64_T, all, e->counts, e->offsets, MPI_INT64_T,
                        e->comm);
}

static int sum_int64s(int64_t *values, int64_t n, void *user) {
  mpi_exchange *e = (mpi_exchange *)user;
  if (!fits_int(n)) return MPI_ERR_COUNT;
  return MPI_Allreduce(MPI_IN_PLACE, values, (int)n, MPI_INT64_T, MPI_SUM, e->comm);
}

static int swap_bytes(int32_t partner, uint8_t *bytes, int64_t n, void *user) {
  mpi_exchange *e = (mpi_exchange *)user;
  if (!fits_int(n)) return MPI_ERR_COUNT;
  return MPI_Sendrecv_replace(bytes, (int)n, MPI_BYTE, partner, SWAP_TAG, partner, SWAP_TAG,
                              e->comm, MPI_STATUS_IGNORE);
}

/* An error of ours, worded as the library words its own. */
static sgmc_status invalid(const char *argument, const char *value, const char *problem) {
  char message[256];
  snprintf(message, sizeof message, "argument '%s' = %s: %s", argument, value, problem);
  return sgmc_fail(SGMC_ERROR_INVALID_ARGUMENT, message);
}

static sgmc_status mpi_failed(const char *call, int code) {
  char message[256];
  snprintf(message, sizeof message, "%s failed (MPI error %d)", call, code);
  return sgmc_fail(SGMC_ERROR_CALLBACK, message);
}

sgmc_status sgmc_mpi_exchange_create(sgmc_exchange **out, MPI_Comm comm, int64_t n_chains) {
  mpi_exchange *e;
  int rank = 0, size = 0, r;
  if (out == NULL) return invalid("out", "NULL", "must not be NULL");
  *out = NULL;
  if (comm == MPI_COMM_NULL) return invalid("comm", "MPI_COMM_NULL", "must be a valid communicator");
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (n_chains < size) {
    char value[32], problem[96];
    snprintf(value, sizeof value, "%lld", (long long)n_chains);
    snprintf(problem, sizeof problem, "must be >= the number of processes, %d", size);
    return invalid("n_chains", value, problem);
  }
  e = (mpi_exchange *)calloc(1, sizeof *e);
  if (e != NULL) {
    e->counts = (int *)calloc((size_t)size * 4, sizeof(int));
    if (e->counts == NULL) {
      free(e);
      e = NULL;
    }
  }
  if (e == NULL) return sgmc_fail(SGMC_ERROR_OUT_OF_MEMORY, "out of memory for the MPI exchange");
  e->offsets = e->counts + size;
  e->scaled_counts = e->offsets + size;
  e->scaled_offsets = e->scaled_counts + size;
  for (r = 0; r < size; ++r) {
    int64_t first = 0, count = 0;
    sgmc_chain_block(n_chains, r, size, &first, &count);
    e->counts[r] = (int)count;
    e->offsets[r] = (int)first;
  }
  e->comm = comm;
  e->base.processes = size;
  e->base.rank = rank;
  e->base.gather_doubles = gather_doubles;
  e->base.gather_int64s = gather_int64s;
  e->base.sum_int64s = sum_int64s;
  e->base.swap_bytes = swap_bytes;
  e->base.user = e;
  *out = &e->base;
  return SGMC_OK;
}

void sgmc_mpi_exchange_destroy(sgmc_exchange *exchange) {
  mpi_exchange *e = (mpi_exchange *)exchange;
  if (e == NULL) return;
  free(e->counts);
  free(e);
}

sgmc_status sgmc_mpi_sample(sgmc_draws **out, const sgmc_model *model, const sgmc_options *options,
                            const double *x0, int64_t x0_len, MPI_Comm comm) {
  sgmc_exchange *exchange = NULL;
  int64_t n_chains = 1;
  sgmc_status status;
  if (out != NULL) *out = NULL;
  if (options == NULL) return invalid("options", "NULL", "must not be NULL");
  status = sgmc_options_get_int(options, "n_chains", &n_chains);
  if (status != SGMC_OK) return status;
  status = sgmc_mpi_exchange_create(&exchange, comm, n_chains);
  if (status != SGMC_OK) return status;
  status = sgmc_sample_distributed(out, model, options, x0, x0_len, exchange);
  sgmc_mpi_exchange_destroy(exchange);
  return status;
}

sgmc_status sgmc_mpi_gather_draws(sgmc_draws **out, const sgmc_draws *local, int root,
                                  MPI_Comm comm) {
  int rank = 0, size = 0, code, r, length;
  int64_t bytes = 0, total = 0;
  int *lengths = NULL, *offsets = NULL;
  uint8_t *mine = NULL, *all = NULL;
  sgmc_status status;
  if (out == NULL) return invalid("out", "NULL", "must not be NULL");
  *out = NULL;
  if (comm == MPI_COMM_NULL) return invalid("comm", "MPI_COMM_NULL", "must be a valid communicator");
  if (local == NULL) return invalid("local", "NULL", "must not be NULL");
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (root < 0 || root >= size) {
    char value[32], problem[64];
    snprintf(value, sizeof value, "%d", root);
    snprintf(problem, sizeof problem, "must be in [0, size) with size = %d", size);
    return invalid("root", value, problem);
  }
  status = sgmc_draws_save_bytes(local, NULL, 0, &bytes);
  if (status != SGMC_OK) return status;
  if (!fits_int(bytes)) return sgmc_fail(SGMC_ERROR_UNSUPPORTED, "the draws exceed 2 GiB, MPI's count limit");
  mine = (uint8_t *)malloc((size_t)bytes + 1);
  lengths = (int *)calloc((size_t)size * 2, sizeof(int));
  if (mine == NULL || lengths == NULL) {
    free(mine);
    free(lengths);
    return sgmc_fail(SGMC_ERROR_OUT_OF_MEMORY, "out of memory for the draws");
  }
  offsets = lengths + size;
  sgmc_draws_save_bytes(local, mine, bytes, &bytes);
  length = (int)bytes;
  code = MPI_Gather(&length, 1, MPI_INT, lengths, 1, MPI_INT, root, comm);
  if (code == MPI_SUCCESS && rank == root) {
    for (r = 0; r < size; ++r) {
      offsets[r] = (int)total;
      total += lengths[r];
    }
    if (!fits_int(total)) code = MPI_ERR_COUNT;
    else all = (uint8_t *)malloc((size_t)total + 1);
  }
  /* Every process takes part in the gather, whatever the root found. */
  if (code == MPI_SUCCESS || rank != root) {
    int gathered = MPI_Gatherv(mine, length, MPI_BYTE, all, lengths, offsets, MPI_BYTE, root, comm);
    if (code == MPI_SUCCESS) code = gathered;
  }
  status = code != MPI_SUCCESS ? mpi_failed("gathering the draws", code)
           : rank == root      ? sgmc_draws_load_bytes(out, all, total)
                               : SGMC_OK;
  free(all);
  free(mine);
  free(lengths);
  return status;
}
