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
/** @name Data sets and built-in models with data
 *  Dense data for the built-in statistical models: n rows of p features and
 *  one target per row (a 0/1 label, a class label 0..K-1 or a real
 *  response). A model made from a data set shares it: the data set may be
 *  destroyed as soon as the model is made. docs/models.md gives each
 *  model's energy and the order of its parameters.
 *  @{ */

/** @brief A data set: features and targets; immutable, so it may be shared. */
typedef struct sgmc_data sgmc_data;

/** Flag for sgmc_data_create(): borrow the caller's arrays instead of
 *  copying them. They must then stay valid and unchanged until the data set
 *  and every model made from it have been destroyed. */
#define SGMC_DATA_BORROW 1u

/**
 * @brief A data set from arrays in memory.
 * @param[out] out The new data set; NULL on failure. Release with sgmc_data_destroy().
 * @param[in] n_rows n >= 1.
 * @param[in] n_features p >= 1.
 * @param[in] features n * p finite values, row-major (row i holds the p
 *                     features of datum i). Copied, unless @p flags has
 *                     ::SGMC_DATA_BORROW.
 * @param[in] targets n finite values, target i of datum i. Copied or
 *                    borrowed like @p features.
 * @param[in] flags 0 (copy) or ::SGMC_DATA_BORROW.
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT for a NULL array, a
 *         size < 1, unknown flags, or a non-finite value (the message names
 *         its row and column, 0-based).
 */
SGMC_API sgmc_status sgmc_data_create(sgmc_data **out, int64_t n_rows, int64_t n_features,
                                      const double *features, const double *targets,
                                      uint32_t flags);

/**
 * @brief A data set read from a CSV file with a header row.
 *
 * The column named @p target_column holds the targets; every other column is
 * a feature, in file order. Cells are numbers separated by commas, possibly
 * wrapped in double quotes; blank lines are skipped.
 * @param[out] out The new data set; NULL on failure.
 * @param[in] path The file (NUL-terminated, UTF-8 or the system's encoding).
 * @param[in] target_column The header name of the target column.
 * @return ::SGMC_OK; ::SGMC_ERROR_IO for a file that cannot be opened, is
 *         empty, has no data rows, a row of the wrong length or a cell that
 *         is not a finite number (the message names the file, the line and
 *         the column, 1-based); ::SGMC_ERROR_INVALID_ARGUMENT for NULL
 *         arguments or a @p target_column that names no column.
 */
SGMC_API sgmc_status sgmc_data_read_csv(sgmc_data **out, const char *path,
                                        const char *target_column);

/**
 * @brief Releases a data set. NULL is a no-op. Models made from it keep it.
 * @param[in] data A data set, or NULL.
 */
SGMC_API void sgmc_data_destroy(sgmc_data *data);

/**
 * @brief The number of rows n and of features p of a data set.
 * @param[in] data The data set.
 * @param[out] n_rows n. May be NULL.
 * @param[out] n_features p. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_data_shape(const sgmc_data *data, int64_t *n_rows, int64_t *n_features);

/**
 * @brief The name of feature column @p column of a data set read from a file.
 * @param[in] data The data set.
 * @param[in] column In [0, p).
 * @param[out] out The name, owned by @p data; "" for a data set made from
 *                 arrays.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_data_feature_name(const sgmc_data *data, int64_t column,
                                            const char **out);

/**
 * @brief Bayesian logistic regression, d = p + 1.
 *
 * x = (w_1..w_p, b), intercept last; U_i = log(1 + exp(z_i)) - y_i z_i with
 * z_i = a_i' w + b; prior N(0, s^2 I) on x.
 * @param[out] out The new model; NULL on failure. Release with sgmc_model_destroy().
 * @param[in] data Targets must be 0 or 1. Shared by the model.
 * @param[in] prior_sd s, finite and > 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (naming the first
 *         target that is not 0 or 1 by its row).
 */
SGMC_API sgmc_status sgmc_model_logistic(sgmc_model **out, const sgmc_data *data,
                                         double prior_sd);

/**
 * @brief Bayesian linear regression with Gaussian noise.
 *
 * x = (w_1..w_p, b) (d = p + 1) with the noise sd sigma known, or
 * x = (w_1..w_p, b, log sigma) (d = p + 2) with sigma sampled on the log
 * scale under the prior log sigma ~ N(0, s_t^2). U_i = (y_i - z_i)^2 /
 * (2 sigma^2) (+ log sigma when sampled); prior N(0, s^2 I) on (w, b).
 * @param[out] out The new model; NULL on failure.
 * @param[in] data Targets are the responses. Shared by the model.
 * @param[in] prior_sd s, finite and > 0.
 * @param[in] noise_sd sigma, finite and > 0; or 0 to sample log sigma.
 * @param[in] log_noise_prior_sd s_t, finite and > 0 when @p noise_sd is 0;
 *                               ignored otherwise.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_linear(sgmc_model **out, const sgmc_data *data, double prior_sd,
                                       double noise_sd, double log_noise_prior_sd);

/**
 * @brief A one-hidden-layer tanh network classifying into K classes (softmax).
 *
 * x = (W1, b1, W2, b2), matrices row-major: W1 is H x p, W2 is K x H;
 * d = H (p + 1) + K (H + 1). U_i = logsumexp(z_i) - z_i[y_i] with
 * z_i = W2 tanh(W1 a_i + b1) + b2; prior N(0, s^2 I) on x.
 * @param[out] out The new model; NULL on failure.
 * @param[in] data Targets must be integers in [0, K). Shared by the model.
 * @param[in] n_hidden H >= 1.
 * @param[in] n_classes K >= 2.
 * @param[in] prior_sd s, finite and > 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (naming the first bad
 *         label by its row).
 */
SGMC_API sgmc_status sgmc_model_mlp_classifier(sgmc_model **out, const sgmc_data *data,
                                               int64_t n_hidden, int64_t n_classes,
                                               double prior_sd);

/**
 * @brief A one-hidden-layer tanh network for regression (one Gaussian output).
 *
 * As sgmc_model_mlp_classifier() with K = 1 (d = H (p + 2) + 1) and
 * U_i = (y_i - z_i)^2 / (2 sigma^2).
 * @param[out] out The new model; NULL on failure.
 * @param[in] data Targets are the responses. Shared by the model.
 * @param[in] n_hidden H >= 1.
 * @param[in] prior_sd s, finite and > 0.
 * @param[in] noise_sd sigma, finite and > 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_model_mlp_regression(sgmc_model **out, const sgmc_data *data,
                                               int64_t n_hidden, double prior_sd,
                                               double noise_sd);
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

#ifdef __cplusplus
}
#endif

#endif /* SGMC_SGMC_H */
