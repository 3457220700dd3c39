/**
 * @file sgmc_mpi.h
 * @brief The interacting contour samplers across MPI processes (optional).
 *
 * Present when libsgmc was built with the CMake option SGMC_MPI (on when
 * MPI is found; an MPI-free library is built with -DSGMC_MPI=OFF). It
 * includes <mpi.h>: compile with mpicc or CMake's MPI::MPI_C, and call
 * MPI_Init before any function here.
 *
 * ICSGLD over processes (SPEC §5, ICSGLD supplement B.1.2): process r of
 * the communicator's S processes owns the block r of the P = "n_chains"
 * chains, in rank order, near-equal (the first P mod S blocks hold one
 * chain more). Every iteration each process evaluates its chains (on
 * "threads" worker threads), the processes all-gather the subregion indices
 * J_p of all P chains (8 bytes per chain), and every process applies the
 * same shared update in chain order,
 *
 *     theta_{k+1} = theta_k + omega_k (1/P) sum_p H(theta_k, J_p),
 *
 * so no process holds a different theta, and the draws are bitwise those
 * of sgmc_sample() with the same options, whatever the number of processes
 * and threads. The pilot histogram of "contour_pilot_steps" is summed over
 * processes (an all-reduce of integer counts).
 *
 * Draws stay on the process whose chains made them; sgmc_mpi_gather_draws()
 * brings them to one process.
 *
 * Thread safety: collective calls; call them from one thread per process.
 */
#ifndef SGMC_SGMC_MPI_H
#define SGMC_SGMC_MPI_H

#include <mpi.h>

#include "sgmc/sgmc.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Runs an interacting contour sampler with its chains spread over
 *        the processes of @p comm. Collective over @p comm.
 *
 * Every process passes the same model, options and x0. The options are
 * those of sgmc_sample(); "sampler" must be "icsgld", "icsghmc" or
 * "picsgld", and "n_chains" at least the number of processes.
 * @param[out] out This process's draws: its block of chains, in chain
 *                 order (chain 0 of @p out is chain "first" of the run).
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
 *         argument and value: comm = MPI_COMM_NULL, a sampler that is not
 *         interacting, n_chains below the number of processes); or, after
 *         a fault of the model that stopped the run ("on_fault",
 *         docs/faults.md), ::SGMC_ERROR_NONFINITE or ::SGMC_ERROR_CALLBACK
 *         on every process alike, with the draws so far in @p out: every
 *         process stops at the same iteration with the fault of the lowest
 *         chain (its full message on the process that runs it).
 */
SGMC_API sgmc_status sgmc_mpi_sample(sgmc_draws **out, const sgmc_model *model,
                                     const sgmc_options *options, const double *x0,
                                     int64_t x0_len, MPI_Comm comm);

/**
 * @brief Brings the draws of all processes to process @p root, in chain
 *        order. Collective over @p comm.
 *
 * @param[out] out On @p root: the draws of all P chains, as sgmc_sample()
 *                 would return them (indices, weights, and the shared
 *                 theta and its trajectory); release with
 *                 sgmc_draws_destroy(). NULL on the other processes and on
 *                 failure.
 * @param[in] local This process's draws from sgmc_mpi_sample() on @p comm.
 * @param[in] root The rank that receives, in [0, size).
 * @param[in] comm The communicator of the run; not MPI_COMM_NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_mpi_gather_draws(sgmc_draws **out, const sgmc_draws *local, int root,
                                           MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* SGMC_SGMC_MPI_H */
