/**
 * @file sgmc_mpi.h
 * @brief Runs over MPI processes: libsgmc_mpi (optional).
 * A library of its own, built when MPI is found (CMake option SGMC_MPI;
 * link sgmc::sgmc_mpi or -lsgmc_mpi -lsgmc): libsgmc itself never depends
 * on MPI, and its exported symbols are the same however it was built.
 * libsgmc_mpi uses only the C API of sgmc.h: it fills an sgmc_exchange
 * with MPI collectives over a communicator and calls
 * sgmc_sample_distributed(). It includes <mpi.h>: compile with mpicc or
 * CMake's MPI::MPI_C, and call MPI_Init before any function here.
 *
 * Every sampler runs across processes (sgmc.h, "Runs over several
 * processes"): process r of the communicator's S processes runs block r
 * of the P = "n_chains" chains (sgmc_chain_block()); independent chains
 * only agree at round ends on faults; resgld all-gathers the replicas'
 * energies each iteration and moves the states of swapped replicas
 * between processes; the interacting contour samplers all-gather the
 * subregion indices J_p (8 bytes per chain) and every process applies the
 * same update theta_{k+1} = theta_k + omega_k (1/P) sum_p H(theta_k, J_p).
 * The draws are bitwise those of sgmc_sample() with the same options,
 * whatever the number of processes and threads. Draws stay on the process
 * whose chains made them; sgmc_mpi_gather_draws() brings them to one.
 * Thread safety: collective calls; call them from one thread per process.
 */
#ifndef SGMC_SGMC_MPI_H
#define SGMC_SGMC_MPI_H

#include <mpi.h>

#include "sgmc/sgmc.h"

/** Marks libsgmc_mpi's exported functions. */
#if defined(SGMC_MPI_BUILDING)
#  define SGMC_MPI_API __attribute__((visibility("default")))
#else
#  define SGMC_MPI_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Runs any sampler with its chains spread over the processes of
 *        @p comm. Collective over @p comm.
 * Every process passes the same model, options and x0; "n_chains" must be
 * at least the number of processes; "checkpoint_file" is not supported.
 * @param[out] out This process's draws: its block of chains, in chain
 *                 order (chain 0 of @p out is the block's first chain).
 *                 NULL on failure, except after a fault of the model that
 *                 stopped the run (see below). Release with
 *                 sgmc_draws_destroy().
 * @param[in] model The model (the same on every process).
 * @param[in] options The options (the same on every process).
 * @param[in] x0 dim values shared by every chain, or n_chains * dim values
 *               (chain after chain; every process passes all of them).
 * @param[in] x0_len dim or n_chains * dim.
 * @param[in] comm The communicator; not MPI_COMM_NULL.
 * @return ::SGMC_OK or an error: ::SGMC_ERROR_INVALID_ARGUMENT (names the
 *         argument and value: comm = MPI_COMM_NULL, n_chains below the
 *         number of processes); ::SGMC_ERROR_CALLBACK when an MPI call
 *         failed; or, after a fault of the model that stopped the run
 *         ("on_fault", docs/faults.md), ::SGMC_ERROR_NONFINITE or
 *         ::SGMC_ERROR_CALLBACK on every process alike, with the draws so
 *         far in @p out: every process stops at the same iteration (for
 *         independent chains, the same round) with the fault of the lowest
 *         chain (its full message on the process that runs it).
 */
SGMC_MPI_API sgmc_status sgmc_mpi_sample(sgmc_draws **out, const sgmc_model *model,
                                         const sgmc_options *options, const double *x0,
                                         int64_t x0_len, MPI_Comm comm);

/**
 * @brief Brings the draws of all processes to process @p root, in rank
 *        order (for sgmc_mpi_sample()'s blocks: chain order). Collective.
 * @param[out] out On @p root: the draws of all chains, as sgmc_sample()
 *                 would return them; release with sgmc_draws_destroy().
 *                 NULL on the other processes and on failure.
 * @param[in] local This process's draws.
 * @param[in] root The rank that receives, in [0, size).
 * @param[in] comm The communicator of the run; not MPI_COMM_NULL.
 * @return ::SGMC_OK, ::SGMC_ERROR_INVALID_ARGUMENT, or ::SGMC_ERROR_CALLBACK
 *         when an MPI call failed.
 */
SGMC_MPI_API sgmc_status sgmc_mpi_gather_draws(sgmc_draws **out, const sgmc_draws *local,
                                               int root, MPI_Comm comm);

/**
 * @brief The sgmc_exchange over @p comm that sgmc_mpi_sample() uses, for
 *        callers that call sgmc_sample_distributed() themselves (to time
 *        or log the collectives, say).
 * @param[out] out The exchange; NULL on failure. Release with
 *                 sgmc_mpi_exchange_destroy().
 * @param[in] comm The communicator; not MPI_COMM_NULL.
 * @param[in] n_chains The run's "n_chains", at least the number of processes.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_MPI_API sgmc_status sgmc_mpi_exchange_create(sgmc_exchange **out, MPI_Comm comm,
                                                  int64_t n_chains);

/**
 * @brief Releases an exchange of sgmc_mpi_exchange_create(). NULL is a no-op.
 * @param[in] exchange The exchange, or NULL.
 */
SGMC_MPI_API void sgmc_mpi_exchange_destroy(sgmc_exchange *exchange);

#ifdef __cplusplus
}
#endif

#endif /* SGMC_SGMC_MPI_H */
