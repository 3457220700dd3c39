/**
 * @file sgmc.h
 * @brief The sgmc C API: stochastic-gradient MCMC samplers behind a stable ABI.
 *
 * Conventions (docs/conventions.md says more):
 *
 * - Objects are typed opaque handles made by `sgmc_<type>_create` (or a
 *   named constructor) and released by `sgmc_<type>_destroy`; destroying
 *   NULL is a no-op.
 * - Every function that can fail returns an ::sgmc_status: ::SGMC_OK (0) on
 *   success, a negative error code on failure. After a failure,
 *   sgmc_last_error() gives a message, local to the calling thread, that
 *   names the offending argument and its value. A failed call changes
 *   nothing: output handles are set to NULL and objects keep their state.
 * - Arrays are passed as pointer + length. The library never keeps a
 *   caller's pointer past the call unless a function says so.
 * - Threads: distinct handles may be used from distinct threads at once;
 *   one handle must not be used by two threads at once. Read-only (`const`)
 *   handles (options, models) may be shared by concurrent calls.
 * - No C++ exception ever crosses this interface.
 */
#ifndef SGMC_SGMC_H
#define SGMC_SGMC_H

#include <stdint.h>

#include "sgmc/sgmc_export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @name Version
 *  The compile-time version of this header; sgmc_version() gives the
 *  version of the library actually loaded.
 *  @{ */
#define SGMC_VERSION_MAJOR 0
#define SGMC_VERSION_MINOR 1
#define SGMC_VERSION_PATCH 0
/** MAJOR * 10000 + MINOR * 100 + PATCH. */
#define SGMC_VERSION_NUMBER \
  (SGMC_VERSION_MAJOR * 10000 + SGMC_VERSION_MINOR * 100 + SGMC_VERSION_PATCH)
/** @} */

/**
 * @brief The version of the loaded library as "MAJOR.MINOR.PATCH".
 * @return A static string; never NULL.
 */
SGMC_API const char *sgmc_version(void);

/**
 * @brief The version of the loaded library as a number.
 * @return MAJOR * 10000 + MINOR * 100 + PATCH, comparable with
 *         ::SGMC_VERSION_NUMBER.
 */
SGMC_API int32_t sgmc_version_number(void);

/** @brief Result of every fallible call. Errors are negative. */
typedef enum sgmc_status {
  SGMC_OK = 0,                       /**< success */
  SGMC_CANCELLED = 1,                /**< a progress callback stopped the run; draws so far are kept */
  SGMC_ERROR_INVALID_ARGUMENT = -1,  /**< an argument is NULL, out of range or of the wrong size */
  SGMC_ERROR_NONFINITE = -2,         /**< the model produced a NaN or an infinity */
  SGMC_ERROR_CALLBACK = -3,          /**< a user callback returned non-zero */
  SGMC_ERROR_OUT_OF_MEMORY = -4,     /**< an allocation failed */
  SGMC_ERROR_IO = -5,                /**< a file could not be read or written */
  SGMC_ERROR_UNSUPPORTED = -6,       /**< the request is valid but not supported by this build */
  SGMC_ERROR_STATE = -7,             /**< the object cannot do this in its current state */
  SGMC_ERROR_INTERNAL = -8           /**< a bug in sgmc; please report it */
} sgmc_status;

/**
 * @brief The message of the last failed call on this thread.
 *
 * Names the offending argument and its value, for example
 * "option 'step_size' = -1: must be in (0, inf)".
 * @return A thread-local string, valid until the next failing call on this
 *         thread; "" when no call has failed. Never NULL.
 */
SGMC_API const char *sgmc_last_error(void);

/**
 * @brief The name of a status code, e.g. "SGMC_ERROR_NONFINITE".
 * @param[in] status Any value.
 * @return A static string; "SGMC_UNKNOWN_STATUS" for unknown values.
 */
SGMC_API const char *sgmc_status_name(sgmc_status status);

/* ------------------------------------------------------------------------ */
/** @name Options
 *  One scheme for every setting: string keys with typed values. Every value
 *  is checked when it is set; a rejected value leaves the options as they
 *  were. sgmc_option_info() lists the keys with their types and meaning.
 *  @{ */

/** @brief A set of option values; unset keys keep their defaults. */
typedef struct sgmc_options sgmc_options;

/** @brief The type of an option's value. */
typedef enum sgmc_option_type {
  SGMC_OPTION_INT = 1,    /**< int64_t */
  SGMC_OPTION_DOUBLE = 2, /**< double */
  SGMC_OPTION_STRING = 3  /**< NUL-terminated string */
} sgmc_option_type;

/**
 * @brief Creates options holding every default.
 * @param[out] out The new options; NULL on failure. Release with
 *                 sgmc_options_destroy().
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT when @p out is NULL.
 */
SGMC_API sgmc_status sgmc_options_create(sgmc_options **out);

/**
 * @brief Creates a copy of @p options.
 * @param[out] out The copy; NULL on failure.
 * @param[in] options The options to copy.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_options_clone(sgmc_options **out, const sgmc_options *options);

/**
 * @brief Releases options. NULL is a no-op.
 * @param[in] options Options from sgmc_options_create(), or NULL.
 */
SGMC_API void sgmc_options_destroy(sgmc_options *options);

/**
 * @brief Sets an integer option.
 * @param[in,out] options The options to change.
 * @param[in] key An option of type ::SGMC_OPTION_INT, e.g. "n_steps".
 * @param[in] value Must lie in the option's range.
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key, a
 *         key of another type or a value out of range.
 */
SGMC_API sgmc_status sgmc_options_set_int(sgmc_options *options, const char *key, int64_t value);

/**
 * @brief Sets a real-valued option.
 * @param[in,out] options The options to change.
 * @param[in] key An option of type ::SGMC_OPTION_DOUBLE, e.g. "step_size".
 * @param[in] value Must be finite and lie in the option's range.
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key, a
 *         key of another type, NaN or a value out of range.
 */
SGMC_API sgmc_status sgmc_options_set_double(sgmc_options *options, const char *key, double value);

/**
 * @brief Sets a string option.
 * @param[in,out] options The options to change.
 * @param[in] key An option of type ::SGMC_OPTION_STRING, e.g. "sampler".
 * @param[in] value One of the option's admissible values (copied).
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_options_set_string(sgmc_options *options, const char *key,
                                             const char *value);

/**
 * @brief Reads an integer option (its value, or its default when unset).
 * @param[in] options The options.
 * @param[in] key An option of type ::SGMC_OPTION_INT.
 * @param[out] out The value.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_options_get_int(const sgmc_options *options, const char *key,
                                          int64_t *out);

/**
 * @brief Reads a real-valued option (its value, or its default when unset).
 * @param[in] options The options.
 * @param[in] key An option of type ::SGMC_OPTION_DOUBLE.
 * @param[out] out The value.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_options_get_double(const sgmc_options *options, const char *key,
                                             double *out);

/**
 * @brief Reads a string option (its value, or its default when unset).
 * @param[in] options The options.
 * @param[in] key An option of type ::SGMC_OPTION_STRING.
 * @param[out] out The value, owned by @p options and valid until the option
 *                 is set again or the options are destroyed.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_options_get_string(const sgmc_options *options, const char *key,
                                             const char **out);

/**
 * @brief The number of option keys; valid indices for sgmc_option_info().
 * @return The count (> 0).
 */
SGMC_API int64_t sgmc_option_count(void);

/**
 * @brief Describes option number @p index.
 * @param[in] index In [0, sgmc_option_count()).
 * @param[out] name The key (static string). May be NULL.
 * @param[out] type Its type. May be NULL.
 * @param[out] doc A one-line description (static string).
 *                 May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an index out of range.
 */
SGMC_API sgmc_status sgmc_option_info(int64_t index, const char **name, sgmc_option_type *type,
                                      const char **doc);

/**
 * @brief The type of option @p key.
 * @param[in] key An option key.
 * @param[out] out Its type.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key.
 */
SGMC_API sgmc_status sgmc_option_type_of(const char *key, sgmc_option_type *out);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Models
 *  A model gives, at a point x and for a batch B of data indices, the batch
 *  sum S_B(x) = sum_{i in B} U_i(x) of per-datum energies
 *  (U_i = -log p(datum i | x)), the prior energy U0(x), and their gradients.
 *  The engine forms U(x) ≈ U0(x) + (N/n) S_B(x) itself.
 *  @{ */

/** @brief A target or model; immutable once made, so it may be shared. */
typedef struct sgmc_model sgmc_model;

/**
 * @brief A model written in C.
 *
 * @param[in] x The point, @p dim values.
 * @param[in] dim The dimension.
 * @param[in] batch The data indices of the batch, each in [0, N); @p batch_size
 *                  of them (0 and possibly NULL for a data-free target).
 * @param[in] batch_size n.
 * @param[out] batch_energy S_B(x); leave 0 for a data-free target.
 * @param[out] batch_grad The gradient of S_B at x, @p dim values, zeroed by
 *                        the caller; NULL when only energies are wanted.
 * @param[out] prior_energy U0(x).
 * @param[out] prior_grad The gradient of U0 at x, @p dim values, zeroed by
 *                        the caller; NULL when only energies are wanted.
 * @param[in] user The pointer given when the model was made.
 * @return 0 on success; any other value aborts the run, which then returns
 *         ::SGMC_ERROR_CALLBACK with that value in its message.
 */
typedef int (*sgmc_energy_fn)(const double *x, int64_t dim, const int64_t *batch,
                              int64_t batch_size, double *batch_energy, double *batch_grad,
                              double *prior_energy, double *prior_grad, void *user);

/** Flag for sgmc_model_from_callback(): the callback may run on several
 *  threads at once (for different chains). Without it every evaluation runs
 *  on the thread that called sgmc_sample(). */
#define SGMC_MODEL_THREAD_SAFE 1u

/**
 * @brief A model whose energies come from a C callback.
 * @param[out] out The new model; NULL on failure. Release with sgmc_model_destroy().
 * @param[in] dim The dimension d of x, >= 1.
 * @param[in] data_size The number of data N, >= 0 (0 for a data-free target).
 * @param[in] fn The callback; must not be NULL.
 * @param[in] flags 0 or ::SGMC_MODEL_THREAD_SAFE.
 * @param[in] user Passed to every call of @p fn; the library keeps this
 *                 pointer for the life of the model but never dereferences it.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_from_callback(sgmc_model **out, int64_t dim, int64_t data_size,
                                              sgmc_energy_fn fn, uint32_t flags, void *user);

/**
 * @brief A built-in synthetic target of SPEC §9.
 *
 * Independent N(0, s^2) noise can be added to each energy and to each
 * gradient coordinate to mimic stochastic gradients.
 * @param[out] out The new model; NULL on failure.
 * @param[in] name "mix1d" (d = 1), "nine", "twentyfive" or "gauss25" (d = 2).
 * @param[in] energy_noise_sd s of the energy noise, >= 0.
 * @param[in] grad_noise_sd s of the gradient noise, >= 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_target(sgmc_model **out, const char *name,
                                       double energy_noise_sd, double grad_noise_sd);

/**
 * @brief A data-free Gaussian target N(mean, covariance).
 * @param[out] out The new model; NULL on failure.
 * @param[in] dim d >= 1.
 * @param[in] mean d values.
 * @param[in] covariance d * d values, row-major, symmetric positive definite.
 * @param[in] energy_noise_sd s of the energy noise, >= 0.
 * @param[in] grad_noise_sd s of the gradient noise, >= 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_gaussian(sgmc_model **out, int64_t dim, const double *mean,
                                         const double *covariance, double energy_noise_sd,
                                         double grad_noise_sd);

/**
 * @brief Releases a model. NULL is a no-op.
 * @param[in] model A model, or NULL. Must not be in use by a running call.
 */
SGMC_API void sgmc_model_destroy(sgmc_model *model);

/**
 * @brief The dimension d and the number of data N of a model.
 * @param[in] model The model.
 * @param[out] dim d. May be NULL.
 * @param[out] data_size N. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_shape(const sgmc_model *model, int64_t *dim, int64_t *data_size);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Draws
 *  Recorded draws of one or more chains: per chain, n_draws points of
 *  dimension d with the stochastic energy and the iteration of each.
 *  @{ */

/** @brief Recorded draws; owned by the caller. */
typedef struct sgmc_draws sgmc_draws;

/**
 * @brief Releases draws. NULL is a no-op.
 * @param[in] draws Draws, or NULL.
 */
SGMC_API void sgmc_draws_destroy(sgmc_draws *draws);

/**
 * @brief The sizes of a set of draws (the size query before a copy).
 * @param[in] draws The draws.
 * @param[out] n_chains The number of chains. May be NULL.
 * @param[out] n_draws The number of draws of every chain. May be NULL.
 * @param[out] dim The dimension d. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_shape(const sgmc_draws *draws, int64_t *n_chains,
                                      int64_t *n_draws, int64_t *dim);

/**
 * @brief Copies the draws of one chain.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[out] out n_draws * dim values, draw after draw (row-major n_draws x d).
 * @param[in] out_len The length of @p out; must be at least n_draws * dim.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_copy(const sgmc_draws *draws, int64_t chain, double *out,
                                     int64_t out_len);

/**
 * @brief Copies the stochastic energy U(x) ≈ U0 + (N/n) S_B of each draw of one chain.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[out] out n_draws values.
 * @param[in] out_len The length of @p out; at least n_draws.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_copy_energy(const sgmc_draws *draws, int64_t chain, double *out,
                                            int64_t out_len);

/**
 * @brief Copies the iteration k (1-based) at which each draw of one chain was made.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[out] out n_draws values.
 * @param[in] out_len The length of @p out; at least n_draws.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_copy_steps(const sgmc_draws *draws, int64_t chain, int64_t *out,
                                           int64_t out_len);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Running chains
 *  @{ */

/**
 * @brief Progress report, called on the thread that called sgmc_sample()
 *        after every "progress_every" iterations of all chains.
 * @param[in] steps_done Iterations made by every chain so far.
 * @param[in] steps_total "n_steps".
 * @param[in] user The pointer given to sgmc_sample().
 * @return 0 to go on; non-zero to stop the run, which then returns
 *         ::SGMC_CANCELLED with the draws made so far.
 */
typedef int (*sgmc_progress_fn)(int64_t steps_done, int64_t steps_total, void *user);

/**
 * @brief Runs "n_chains" independent chains of the sampler set in @p options
 *        on @p model, in parallel on "threads" worker threads.
 *
 * Chain c uses random streams keyed by ("seed", c), so the draws do not
 * depend on the number of threads. A model made without
 * ::SGMC_MODEL_THREAD_SAFE runs on the calling thread.
 * @param[out] out The draws; NULL on failure. Release with sgmc_draws_destroy().
 * @param[in] model The model.
 * @param[in] options Sampler, schedule, recording and run options.
 * @param[in] x0 Starting points: dim values shared by every chain, or
 *               n_chains * dim values (chain after chain).
 * @param[in] x0_len dim or n_chains * dim.
 * @param[in] progress Progress callback, or NULL.
 * @param[in] user Passed to @p progress.
 * @return ::SGMC_OK; ::SGMC_CANCELLED when @p progress stopped the run (the
 *         draws so far are in @p out); or an error: ::SGMC_ERROR_INVALID_ARGUMENT,
 *         ::SGMC_ERROR_NONFINITE (the message names chain and step),
 *         ::SGMC_ERROR_CALLBACK, ::SGMC_ERROR_OUT_OF_MEMORY.
 */
SGMC_API sgmc_status sgmc_sample(sgmc_draws **out, const sgmc_model *model,
                                 const sgmc_options *options, const double *x0, int64_t x0_len,
                                 sgmc_progress_fn progress, void *user);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Ask/tell chains
 *  One chain driven by the caller, for hosts whose model must run on their
 *  own thread (R, Julia) or that evaluate the model elsewhere:
 *
 *      while (steps < n_steps) {
 *        sgmc_chain_ask(chain, x, dim, batch, cap, &n);   // where to evaluate
 *        ... compute S_B(x), U0(x) and their gradients ...
 *        sgmc_chain_tell(chain, s_b, grad_s_b, u0, grad_u0, dim);
 *      }
 *  @{ */

/** @brief One chain driven by ask/tell. */
typedef struct sgmc_chain sgmc_chain;

/**
 * @brief Creates a chain.
 * @param[out] out The new chain; NULL on failure. Release with sgmc_chain_destroy().
 * @param[in] options Sampler, schedule and recording options ("n_chains",
 *                    "threads" and "progress_every" are not used).
 * @param[in] dim d >= 1.
 * @param[in] data_size N >= 0; batches are drawn from [0, N).
 * @param[in] x0 The starting point, @p dim finite values.
 * @param[in] chain_index Keys the random streams with "seed": chain c of
 *                        sgmc_sample() equals an ask/tell chain with the
 *                        same options and chain_index = c.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_create(sgmc_chain **out, const sgmc_options *options, int64_t dim,
                                       int64_t data_size, const double *x0, int64_t chain_index);

/**
 * @brief Releases a chain. NULL is a no-op.
 * @param[in] chain A chain, or NULL.
 */
SGMC_API void sgmc_chain_destroy(sgmc_chain *chain);

/**
 * @brief Where the next evaluation is wanted.
 * @param[in] chain The chain.
 * @param[out] x The point, @p dim values.
 * @param[in] dim The chain's dimension.
 * @param[out] batch The batch's data indices; may be NULL when
 *                   @p batch_capacity is 0 (then only @p batch_size is set).
 * @param[in] batch_capacity The length of @p batch; at least the batch size.
 * @param[out] batch_size n, the number of indices (0 for a data-free target).
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_ask(const sgmc_chain *chain, double *x, int64_t dim,
                                    int64_t *batch, int64_t batch_capacity, int64_t *batch_size);

/**
 * @brief Hands over the evaluation at the point and batch of the last ask
 *        and advances the chain one iteration.
 *
 * Sampler "mhbt" also asks for evaluations that are not iterations (its
 * first, at x0, and the adjustment proposals of adaptive beta); their tells
 * leave sgmc_chain_steps_done() unchanged, so loop on that count.
 * @param[in,out] chain The chain.
 * @param[in] batch_energy S_B(x) (0 for a data-free target).
 * @param[in] batch_grad The gradient of S_B, @p dim values; NULL means zero.
 * @param[in] prior_energy U0(x).
 * @param[in] prior_grad The gradient of U0, @p dim values; NULL means zero.
 * @param[in] dim The chain's dimension.
 * @return ::SGMC_OK; ::SGMC_ERROR_NONFINITE for a NaN or infinite energy or
 *         gradient (the chain is unchanged: tell again with good values);
 *         ::SGMC_ERROR_STATE once "n_steps" iterations are done;
 *         ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_tell(sgmc_chain *chain, double batch_energy,
                                     const double *batch_grad, double prior_energy,
                                     const double *prior_grad, int64_t dim);

/**
 * @brief The number of iterations the chain has made.
 * @param[in] chain The chain.
 * @param[out] out The count, in [0, n_steps].
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_steps_done(const sgmc_chain *chain, int64_t *out);

/**
 * @brief The chain's current position.
 * @param[in] chain The chain.
 * @param[out] x @p dim values.
 * @param[in] dim The chain's dimension.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_position(const sgmc_chain *chain, double *x, int64_t dim);

/**
 * @brief A copy of the draws the chain has recorded so far (one chain).
 * @param[out] out The draws; NULL on failure. Release with sgmc_draws_destroy().
 * @param[in] chain The chain.
 * @return ::SGMC_OK, ::SGMC_ERROR_INVALID_ARGUMENT or ::SGMC_ERROR_OUT_OF_MEMORY.
 */
SGMC_API sgmc_status sgmc_chain_draws(sgmc_draws **out, const sgmc_chain *chain);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name MHBT statistics
 *  Sampler "mhbt" (SPEC §7, docs/mhbt.md) is mini-batch Metropolis–Hastings
 *  on the augmented chain (x_t, I_t) with target exp(c_n mu_I(x)),
 *  mu_I(x) = -(1/n) S_I(x) - U0(x)/N = -U_hat(x)/N (MHBT eq. 1). Each
 *  iteration proposes x' from q_{I_t}(x_t -> .), evaluates a fresh batch I'
 *  there and accepts with probability min(1, r),
 *
 *      log r = log q_{I'}(x' -> x_t) - log q_{I_t}(x_t -> x')
 *              + c_n (mu_{I'}(x') - mu_{I_t}(x_t)),
 *
 *  with g_I = grad mu_I, sigma = sqrt(2 eps) / N and the proposal q one of
 *  random walk x' = x + delta z (log q ratio 0), SGLD x' = x + eps g_I(x)
 *  + sigma z (MHBT eq. 5), or RSGLD (eq. 6/7): forward as SGLD with
 *  probability p_f, otherwise x' = x - eps g_I(x) + beta sigma z, whose
 *  density is the two-component Gaussian mixture of eq. (7). Rejected
 *  proposals leave x_t, I_t and its cached mu and gradient unchanged; the draw
 *  of an iteration is the state after its accept/reject.
 *  @{ */

/**
 * @brief MHBT's acceptance counts and current beta of an ask/tell chain.
 *
 * Counts are over iterations: the first evaluation (at x0) and the adjustment
 * proposals of adaptive beta are asks that are not iterations and are not
 * counted. Random-walk and SGLD proposals count as forward; backward counts
 * are the differences.
 * @param[in] chain A chain of sampler "mhbt".
 * @param[out] proposed Proposals made (= iterations). May be NULL.
 * @param[out] accepted Proposals accepted. May be NULL.
 * @param[out] forward_proposed Forward proposals (RSGLD eq. 6, first case). May be NULL.
 * @param[out] forward_accepted Forward proposals accepted. May be NULL.
 * @param[out] beta The backward noise scale beta >= 1 now (RSGLD). May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also for a chain of
 *         another sampler).
 */
SGMC_API sgmc_status sgmc_chain_mhbt_stats(const sgmc_chain *chain, int64_t *proposed,
                                           int64_t *accepted, int64_t *forward_proposed,
                                           int64_t *forward_accepted, double *beta);

/**
 * @brief The same statistics for one chain of draws made by sgmc_sample() or
 *        sgmc_chain_draws() with sampler "mhbt", at the end of the run.
 * @param[in] draws Draws of sampler "mhbt".
 * @param[in] chain In [0, n_chains).
 * @param[out] proposed Proposals made. May be NULL.
 * @param[out] accepted Proposals accepted. May be NULL.
 * @param[out] forward_proposed Forward proposals. May be NULL.
 * @param[out] forward_accepted Forward proposals accepted. May be NULL.
 * @param[out] beta The final beta. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also for draws of
 *         another sampler).
 */
SGMC_API sgmc_status sgmc_draws_mhbt_stats(const sgmc_draws *draws, int64_t chain,
                                           int64_t *proposed, int64_t *accepted,
                                           int64_t *forward_proposed, int64_t *forward_accepted,
                                           double *beta);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* SGMC_SGMC_H */
