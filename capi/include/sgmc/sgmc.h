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
 *   The one exception: a run that a fault of the model stopped (an error,
 *   NaN or infinity from a model evaluation; "Faults of the model" below)
 *   fails with its status and still returns the draws made before it.
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
#define SGMC_VERSION_MAJOR 0 /**< Changes with incompatible API changes. */
#define SGMC_VERSION_MINOR 1 /**< Changes with backward-compatible additions. */
#define SGMC_VERSION_PATCH 0 /**< Changes with fixes only. */
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

/**
 * @brief The instruction-set level the loaded library was built for.
 *
 * An installed libsgmc comes as a portable copy and a copy per newer x86-64
 * level, in `glibc-hwcaps/<level>/` beside it; the loader picks the best one
 * this CPU runs (docs/building.md). Which one it picked changes speed, not
 * results beyond rounding: draws agree bit for bit only between copies of
 * the same level.
 * @return "baseline" (the compiler's default target, x86-64 on Debian),
 *         a level such as "x86-64-v3" (AVX2 and FMA), or "native" for a
 *         build for its building machine only (SGMC_NATIVE). A static
 *         string; never NULL.
 */
SGMC_API const char *sgmc_isa_level(void);

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
  SGMC_ERROR_INTERNAL = -8,          /**< a bug in sgmc; please report it */
  SGMC_ERROR_FORMAT = -9             /**< a file is not what it should be: not a checkpoint, truncated or corrupt */
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

/**
 * @brief Where the fault of the model that stopped the last run on this
 *        thread happened ("Faults of the model"): for a program that reports
 *        it beside the draws made before it.
 *
 * Set when sgmc_sample(), sgmc_resume(), sgmc_sample_distributed() or
 * sgmc_run_ask() returned ::SGMC_ERROR_NONFINITE or ::SGMC_ERROR_CALLBACK
 * for a fault of the model (sgmc_last_error() then holds its message);
 * cleared by every other failing call on this thread.
 * @param[out] chain The chain's index (its stream key). May be NULL.
 * @param[out] step The iteration whose evaluation failed, 1-based. May be NULL.
 * @return ::SGMC_OK, or ::SGMC_ERROR_STATE when the last failing call on
 *         this thread did not report a fault of the model.
 */
SGMC_API sgmc_status sgmc_last_fault(int64_t *chain, int64_t *step);

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

/**
 * @brief Whether a resumed run may change option @p key (sgmc_resume(),
 *        sgmc_run_resume()): the options of where and how a run goes on
 *        ("threads", "progress_every", "checkpoint_file",
 *        "checkpoint_every"), never of what it computes.
 * @param[in] key An option key.
 * @param[out] resumable 1 when an override of @p key is taken, 0 when it
 *                       must equal the checkpoint's value.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key or a
 *         NULL pointer.
 */
SGMC_API sgmc_status sgmc_option_resumable(const char *key, int32_t *resumable);

/**
 * @brief Whether runs of @p sampler read option @p key: 0 when the sampler
 *        ignores it (e.g. "friction" for "sgld"), so that setting it changes
 *        nothing.
 * @param[in] key An option key.
 * @param[in] sampler A value of option "sampler", e.g. "csgld".
 * @param[out] reads 1 or 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key or
 *         sampler or a NULL pointer.
 */
SGMC_API sgmc_status sgmc_option_read_by(const char *key, const char *sampler, int32_t *reads);

/**
 * @brief The values option @p key accepts, as its row of the option table
 *        says (docs/options.md prints them): a range for a number, a list
 *        of choices (or any text) for a string. Its default is what
 *        sgmc_options_get_int(), sgmc_options_get_double() or
 *        sgmc_options_get_string() read from fresh options.
 * @param[in] key An option key.
 * @param[out] lo The lower end of a number's range (int options without a
 *                lower bound: -9.3e18, below every int64_t). May be NULL
 *                (so may every output).
 * @param[out] hi The upper end (without an upper bound: +inf for doubles,
 *                9.3e18 for ints).
 * @param[out] lo_open 1 when @p lo itself is excluded, else 0.
 * @param[out] hi_open 1 when @p hi itself is excluded, else 0.
 * @param[out] choices A string option's choices joined by '|' ("sgld|sghmc|..."),
 *                     "" when any text is taken or for a number (static string).
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown key.
 */
SGMC_API sgmc_status sgmc_option_domain(const char *key, double *lo, double *hi, int32_t *lo_open,
                                        int32_t *hi_open, const char **choices);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Samplers
 *  The values of option "sampler" fall into families that share a way of
 *  running and a shape of draws; bindings ask the library rather than keep
 *  lists of their own, so a new sampler needs no change to them.
 *  @{ */

/** @brief A family of samplers. */
typedef enum sgmc_sampler_family {
  SGMC_FAMILY_CONTOUR = 1,          /**< SPEC §4, §5: theta and importance weights (csgld, csghmc,
                                         pcsgld, ksgld and the interacting ones) */
  SGMC_FAMILY_INTERACTING = 2,      /**< SPEC §5: the chains share one theta (icsgld, icsghmc,
                                         picsgld) */
  SGMC_FAMILY_CYCLICAL = 3,         /**< SPEC §3: cycles with an exploration stage (cycsgld,
                                         cycsghmc) */
  SGMC_FAMILY_REPLICA_EXCHANGE = 4, /**< SPEC §6: replicas that swap (resgld) */
  SGMC_FAMILY_MHBT = 5              /**< SPEC §7: Metropolis-Hastings with batch tempering (mhbt) */
} sgmc_sampler_family;

/**
 * @brief The number of samplers; valid indices for sgmc_sampler_name().
 * @return The count (> 0).
 */
SGMC_API int64_t sgmc_sampler_count(void);

/**
 * @brief The name of sampler number @p index: a value of option "sampler".
 * @param[in] index In [0, sgmc_sampler_count()).
 * @param[out] name The name (static string).
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an index out of
 *         range or a NULL pointer.
 */
SGMC_API sgmc_status sgmc_sampler_name(int64_t index, const char **name);

/**
 * @brief Whether @p sampler belongs to @p family.
 * @param[in] sampler A value of option "sampler", e.g. "icsgld".
 * @param[in] family A ::sgmc_sampler_family.
 * @param[out] member 1 or 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT for an unknown sampler
 *         or family or a NULL pointer.
 */
SGMC_API sgmc_status sgmc_sampler_in_family(const char *sampler, sgmc_sampler_family family,
                                            int32_t *member);
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
 * @return 0 on success; any other value is a fault of the model (as are a
 *         NaN or infinite energy or gradient): with option "on_fault" =
 *         "error" (the default) it stops the run, which returns
 *         ::SGMC_ERROR_CALLBACK with that value, the chain and the step in
 *         its message; with "reject" the evaluation is discarded and the
 *         iteration retried with a fresh batch (see "Faults of the model").
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

/**
 * @brief The name of parameter @p index of a model: what draws files,
 *        summaries and pictures call that coordinate of x.
 *
 * The model's own names unless sgmc_model_set_parameter_names() replaced
 * them: for the regressions the data set's feature names (x[j] for a data
 * set made from arrays), then "(Intercept)" and, for a linear regression
 * with sampled sigma, "log_sigma"; for an MLP w1[h,j], b1[h], w2[k,h],
 * b2[k] in the order of x; otherwise x[1], ..., x[d] (docs/models.md,
 * "Parameter names").
 * @param[in] model The model.
 * @param[in] index In [0, d).
 * @param[out] out The name, owned by @p model: valid until the model is
 *                 destroyed or its names are set again.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (NULL @p model or
 *         @p out, @p index out of range).
 */
SGMC_API sgmc_status sgmc_model_parameter_name(const sgmc_model *model, int64_t index,
                                               const char **out);

/**
 * @brief Names the parameters of a model (replacing its own names).
 * @param[in,out] model The model. Not for use by a running call meanwhile.
 * @param[in] names @p count NUL-terminated names, copied; none empty, no
 *                  two alike.
 * @param[in] count The model's dimension d.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT naming the argument and
 *         its value (a count other than d, a NULL, empty or repeated name);
 *         on failure the names are unchanged.
 */
SGMC_API sgmc_status sgmc_model_set_parameter_names(sgmc_model *model, const char *const *names,
                                                    int64_t count);

/**
 * @brief The energy U(x) = U0(x) + sum_{i<N} U_i(x) of a model at one
 *        point: the prior and every datum in one evaluation without
 *        gradient (e.g. for exp(-U) on a grid, to draw the target's
 *        density). A target made with energy noise (sgmc_model_target(),
 *        sgmc_model_gaussian()) adds one draw of it: make it with
 *        energy_noise_sd 0 for the exact energy.
 * @param[in] model The model.
 * @param[in] x @p dim values.
 * @param[in] dim The model's dimension d.
 * @param[out] energy U(x); may be +inf where the density is 0.
 * @return ::SGMC_OK, ::SGMC_ERROR_INVALID_ARGUMENT, or the model's own
 *         failure (::SGMC_ERROR_CALLBACK for a callback model that failed).
 */
SGMC_API sgmc_status sgmc_model_energy(const sgmc_model *model, const double *x, int64_t dim,
                                       double *energy);
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
 * @brief The same data set with its features also stored as float32, for
 *        speed: logistic and linear regression made from it read the float
 *        copy (half the memory traffic per batch row), widening each value
 *        to double, with products, sums, parameters and draws in double;
 *        an MLP made from it computes in float.
 *
 * The cost for the regressions is the rounding of each feature to the
 * nearest float: a relative change of at most 2^-24 (about 6e-8; for |v|
 * below FLT_MIN = 2^-126, an absolute one of at most 2^-150), so a
 * predictor z_i = a_i' w + b moves by at most 2^-24 sum_j |a_ij| |w_j|, and
 * the energy and gradient by that times the loss's slope and curvature
 * (docs/models.md). An MLP (sgmc_model_mlp_classifier(),
 * sgmc_model_mlp_regression()) takes its weights as x rounded to float and
 * forms activations, matrix products, each datum's loss and each chunk of
 * 256 data's gradient in float, adding energies and chunks in double: 1.6-2
 * times as fast, with errors of order (p + H + 2K + 256) 2^-24 of the sums
 * of the terms' magnitudes (the bound: docs/models.md); the prior, parameters and draws
 * stay double. Runs on the original data set are unchanged, bit for bit.
 * The float copy is owned by @p out; the
 * double table is shared with @p data, so borrowed arrays
 * (::SGMC_DATA_BORROW) must stay valid for @p out and its models too.
 * @param[out] out The new data set; NULL on failure. Release with
 *                 sgmc_data_destroy(). @p data itself (a new handle to it)
 *                 when it already has float32 features.
 * @param[in] data A data set.
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT for a NULL argument or
 *         a feature beyond the float range (|v| > 3.4028235e38; the message
 *         names its row and column, 0-based, and its value).
 */
SGMC_API sgmc_status sgmc_data_float32(sgmc_data **out, const sgmc_data *data);

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
 * @brief Copies the features and the targets of a data set (for a file
 *        read by sgmc_data_read_csv(), its columns as numbers).
 * @param[in] data The data set.
 * @param[out] features n * p values, row-major as sgmc_data_create() takes
 *                      them. May be NULL when @p features_len is 0.
 * @param[in] features_len The length of @p features: 0 (not wanted) or at least n * p.
 * @param[out] targets n values. May be NULL when @p targets_len is 0.
 * @param[in] targets_len The length of @p targets: 0 (not wanted) or at least n.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_data_copy(const sgmc_data *data, double *features, int64_t features_len,
                                    double *targets, int64_t targets_len);

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

/** @brief A prior of sgmc_model_linear_priors() and
 *  sgmc_model_logistic_priors(): on the coefficients (FLAT,
 *  NORMAL) or on the noise sd sigma (KNOWN, LOG_NORMAL, FLAT, HALF_NORMAL,
 *  HALF_CAUCHY). Constants that do not depend on x are dropped. */
typedef enum sgmc_prior {
  SGMC_PRIOR_FLAT = 0,        /**< improper uniform: no term in U0 (on sigma: the log-Jacobian -t alone) */
  SGMC_PRIOR_NORMAL = 1,      /**< coefficients: N(0, s^2), U0 += c^2 / (2 s^2) each */
  SGMC_PRIOR_KNOWN = 2,       /**< sigma: fixed at the scale, not sampled */
  SGMC_PRIOR_LOG_NORMAL = 3,  /**< sigma: t = log sigma ~ N(0, s^2), U0 += t^2 / (2 s^2) */
  SGMC_PRIOR_HALF_NORMAL = 4, /**< sigma: half-normal(0, s), U0 += sigma^2 / (2 s^2) - t */
  SGMC_PRIOR_HALF_CAUCHY = 5  /**< sigma: half-Cauchy(0, s), U0 += log(1 + sigma^2 / s^2) - t */
} sgmc_prior;

/**
 * @brief Bayesian linear regression with the priors of the posteriordb
 *        regressions: coefficients flat or normal, intercept optional, sigma
 *        known or sampled under a log-normal, flat, half-normal or
 *        half-Cauchy prior.
 *
 * x = (w_1..w_p, b, t) in this order, where b is there only when
 * @p intercept is 1 and t only when sigma is sampled (@p sigma_prior other
 * than ::SGMC_PRIOR_KNOWN): d = p + intercept + (sigma sampled). **The last
 * coordinate t is log sigma**: the draws report log sigma, and sigma =
 * exp(t). U_i = (y_i - z_i)^2 / (2 sigma^2) (+ t when sigma is sampled) with
 * z_i = a_i' w (+ b). A prior given on sigma (::SGMC_PRIOR_FLAT,
 * ::SGMC_PRIOR_HALF_NORMAL, ::SGMC_PRIOR_HALF_CAUCHY) is a density on sigma,
 * so U0 carries the log-Jacobian -t of sigma = e^t; ::SGMC_PRIOR_LOG_NORMAL
 * is a normal density on t itself. A flat sigma is Stan's
 * `real<lower=0> sigma;` with no prior statement.
 *
 * Flat priors are improper; with them the posterior is proper only when the
 * data have more rows N than coefficients (p + intercept). That is the
 * caller's choice: nothing checks it.
 *
 * sgmc_model_linear(out, data, s, sigma, s_t) is the same model as
 * sgmc_model_linear_priors(out, data, 1, ::SGMC_PRIOR_NORMAL, s,
 * ::SGMC_PRIOR_KNOWN, sigma) for sigma > 0, and as (..., 1,
 * ::SGMC_PRIOR_NORMAL, s, ::SGMC_PRIOR_LOG_NORMAL, s_t) for sigma = 0, to
 * the bit.
 * @param[out] out The new model; NULL on failure. Release with sgmc_model_destroy().
 * @param[in] data Targets are the responses. Shared by the model.
 * @param[in] intercept 1 for an intercept b after w, 0 for none.
 * @param[in] coef_prior ::SGMC_PRIOR_FLAT or ::SGMC_PRIOR_NORMAL, on every
 *                       coefficient (w and b).
 * @param[in] coef_scale s of N(0, s^2), finite and > 0; ignored for
 *                       ::SGMC_PRIOR_FLAT.
 * @param[in] sigma_prior ::SGMC_PRIOR_KNOWN, ::SGMC_PRIOR_LOG_NORMAL,
 *                        ::SGMC_PRIOR_FLAT, ::SGMC_PRIOR_HALF_NORMAL or
 *                        ::SGMC_PRIOR_HALF_CAUCHY.
 * @param[in] sigma_scale finite and > 0: sigma itself (KNOWN), the sd of log
 *                        sigma (LOG_NORMAL), the scale s of the half-normal
 *                        or half-Cauchy; ignored for ::SGMC_PRIOR_FLAT.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT, whose message names the
 *         argument and its value (for example "argument 'sigma_prior' = 1
 *         (SGMC_PRIOR_NORMAL): must be ...").
 */
SGMC_API sgmc_status sgmc_model_linear_priors(sgmc_model **out, const sgmc_data *data,
                                              int intercept, sgmc_prior coef_prior,
                                              double coef_scale, sgmc_prior sigma_prior,
                                              double sigma_scale);

/**
 * @brief Bayesian logistic regression with an optional intercept and a flat
 *        or normal prior (the priors of the posteriordb regressions).
 *
 * x = (w_1..w_p, b), b only when @p intercept is 1: d = p + intercept.
 * U_i as for sgmc_model_logistic() with z_i = a_i' w (+ b); U0 = |x|^2 /
 * (2 s^2) (::SGMC_PRIOR_NORMAL) or 0 (::SGMC_PRIOR_FLAT: improper, and so is
 * the posterior when the data are linearly separable). sgmc_model_logistic(out,
 * data, s) is (out, data, 1, ::SGMC_PRIOR_NORMAL, s), to the bit.
 * @param[out] out The new model; NULL on failure. Release with sgmc_model_destroy().
 * @param[in] data Targets must be 0 or 1. Shared by the model.
 * @param[in] intercept 1 for an intercept b after w, 0 for none.
 * @param[in] coef_prior ::SGMC_PRIOR_FLAT or ::SGMC_PRIOR_NORMAL.
 * @param[in] coef_scale s, finite and > 0; ignored for ::SGMC_PRIOR_FLAT.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT naming the argument and
 *         its value.
 */
SGMC_API sgmc_status sgmc_model_logistic_priors(sgmc_model **out, const sgmc_data *data,
                                                int intercept, sgmc_prior coef_prior,
                                                double coef_scale);

/**
 * @brief A one-hidden-layer tanh network classifying into K classes (softmax).
 *
 * x = (W1, b1, W2, b2), matrices row-major: W1 is H x p, W2 is K x H;
 * d = H (p + 1) + K (H + 1). U_i = logsumexp(z_i) - z_i[y_i] with
 * z_i = W2 tanh(W1 a_i + b1) + b2; prior N(0, s^2 I) on x. In double, or
 * in float on a data set from sgmc_data_float32() (see there for the cost).
 * @param[out] out The new model; NULL on failure.
 * @param[in] data Targets must be integers in [0, K). Shared by the model.
 * @param[in] n_hidden H >= 1.
 * @param[in] n_classes K >= 2, or 0 for the largest label + 1.
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
 *  dimension d, with what the sampler records beside them (the stochastic
 *  energy and the iteration of each draw, ...) read by name: see "Draws:
 *  named columns and statistics".
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
 * @param[out] n_draws The number of draws of every chain. After a run that a
 *                     fault of the model stopped, chains may hold different
 *                     numbers of draws: this is then the largest, and
 *                     sgmc_draws_count() gives each chain's. May be NULL.
 * @param[out] dim The dimension d. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_shape(const sgmc_draws *draws, int64_t *n_chains,
                                      int64_t *n_draws, int64_t *dim);

/**
 * @brief The number of draws of one chain.
 *
 * The same for every chain (the n_draws of sgmc_draws_shape()) unless a
 * fault of the model stopped the run: the chain that faulted stopped before
 * its faulty iteration, the others at the end of the round.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[out] n_draws The chain's number of draws.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_count(const sgmc_draws *draws, int64_t chain, int64_t *n_draws);

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
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Draws: named columns and statistics
 *  Whatever a sampler records beside its draws, read by name, so that a
 *  caller reads any of it without knowing the sampler's family (and a new
 *  part needs no new function). A column has one row per draw of a chain:
 *  "energy" (the stochastic energy U(x) ~ U0 + (N/n) S_B), "step" (the
 *  iteration k, 1-based, of the draw); "cycle" (cyclical samplers: the
 *  0-based cycle); "subregion" (the 0-based J(U(x_k)) - 1), "log_weight",
 *  "log_weight_final", "log_weight_bin" and "log_weight_bin_final" (contour
 *  samplers: the importance log-weights of each ::sgmc_weight_kind with the
 *  running or the final theta, ::sgmc_weight_theta). A statistic describes
 *  one chain: "temperature" (its tau: the rung of a "resgld" ladder),
 *  "iterations", "faults" (evaluations rejected under "on_fault" =
 *  "reject"), "step_size" (the step size it ran with); "friction" (SGHMC
 *  samplers); "rms_decay" (pSGLD samplers: the RMSprop decay a it ran with,
 *  set or, with "step_size" unset, 0.999); "warm_up_search_steps",
 *  "warm_up_search_converged", "warm_up_windows", "warm_up_curvature",
 *  "warm_up_noise" (what an automatic warm-up measured: "step_size" was
 *  not set);
 *  "warm_up_acceptance" (MHBT's automatic warm-up: its last window's mean
 *  acceptance probability); "rw_scale" (MHBT's random walk: the delta it
 *  ran with, set or chosen); "theta" (the
 *  final theta, 1 x m), "theta_trace" (one row per theta kept, see
 *  "theta_thin"), "contour_u1", "contour_du", "contour_m",
 *  "contour_zeta", "contour_pilot_steps", "contour_automatic" (the
 *  partition the chain ran with), "contour_theta_max", "contour_visit_tv",
 *  "contour_multiplier_out", "contour_theta_drift", "contour_kish_share",
 *  "contour_weighted_rhat", "contour_weighted_ess" (the convergence checks of its theta, see
 *  ::sgmc_contour_check), "contour_converged" (the run's verdict, 1 or 0)
 *  and, for several chains that do not share theta,
 *  "contour_across_weighted_rhat" (contour samplers); "mhbt_proposed",
 *  "mhbt_accepted", "mhbt_forward_proposed", "mhbt_forward_accepted",
 *  "mhbt_beta" (MHBT); and, the same for every chain since they describe
 *  the whole run, "cycles" (cyclical samplers: M), "swap_attempts" and
 *  "swap_accepts" (replica exchange: one per neighbouring pair (r, r + 1)),
 *  "temperature_max" (replica exchange: the top of the ladder, set or chosen).
 *  docs/runs.md says what each holds. Values are rows x cols, row after
 *  row, of the type sgmc_draws_column_shape() or sgmc_draws_stat_shape()
 *  gives.
 *  @{ */

/** @brief The type of a column's or statistic's values. */
typedef enum sgmc_value_type {
  SGMC_VALUE_INT64 = 1, /**< int64_t: copy with the functions ending in _int */
  SGMC_VALUE_DOUBLE = 2 /**< double */
} sgmc_value_type;

/**
 * @brief The number of columns these draws have (those of their sampler).
 * @param[in] draws The draws.
 * @param[out] n The count.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_column_count(const sgmc_draws *draws, int64_t *n);

/**
 * @brief The name of one column of these draws.
 * @param[in] draws The draws.
 * @param[in] index In [0, sgmc_draws_column_count()).
 * @param[out] name A string owned by the library, valid for its lifetime.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_column_name(const sgmc_draws *draws, int64_t index,
                                            const char **name);

/**
 * @brief The type and shape of one chain's column @p name.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A column of these draws.
 * @param[out] type The type of its values. May be NULL (so may every output).
 * @param[out] rows The chain's number of draws.
 * @param[out] cols The values per draw.
 * @return ::SGMC_OK; ::SGMC_ERROR_INVALID_ARGUMENT (also for a name these
 *         draws do not have, the message listing those they have).
 */
SGMC_API sgmc_status sgmc_draws_column_shape(const sgmc_draws *draws, int64_t chain,
                                             const char *name, sgmc_value_type *type,
                                             int64_t *rows, int64_t *cols);

/**
 * @brief Copies one chain's column @p name of ::SGMC_VALUE_DOUBLE values.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A column of these draws, of doubles.
 * @param[out] out rows x cols values, row after row.
 * @param[in] out_len The length of @p out; at least rows x cols.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also for a column of
 *         another type).
 */
SGMC_API sgmc_status sgmc_draws_copy_column(const sgmc_draws *draws, int64_t chain,
                                            const char *name, double *out, int64_t out_len);

/**
 * @brief Copies one chain's column @p name of ::SGMC_VALUE_INT64 values.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A column of these draws, of int64_t.
 * @param[out] out rows x cols values, row after row.
 * @param[in] out_len The length of @p out; at least rows x cols.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also for a column of
 *         another type).
 */
SGMC_API sgmc_status sgmc_draws_copy_column_int(const sgmc_draws *draws, int64_t chain,
                                                const char *name, int64_t *out, int64_t out_len);

/**
 * @brief The number of statistics these draws have (those of their sampler).
 * @param[in] draws The draws.
 * @param[out] n The count.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_stat_count(const sgmc_draws *draws, int64_t *n);

/**
 * @brief The name of one statistic of these draws.
 * @param[in] draws The draws.
 * @param[in] index In [0, sgmc_draws_stat_count()).
 * @param[out] name A string owned by the library, valid for its lifetime.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_stat_name(const sgmc_draws *draws, int64_t index,
                                          const char **name);

/**
 * @brief The type and shape of one chain's statistic @p name.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A statistic of these draws.
 * @param[out] type The type of its values. May be NULL (so may every output).
 * @param[out] rows Its rows (1 but for "theta_trace": one per theta kept).
 * @param[out] cols Its values per row.
 * @return ::SGMC_OK; ::SGMC_ERROR_STATE for a chain without it yet (the
 *         partition of a chain stopped during its pilot);
 *         ::SGMC_ERROR_INVALID_ARGUMENT (also for a name these draws do
 *         not have, the message listing those they have).
 */
SGMC_API sgmc_status sgmc_draws_stat_shape(const sgmc_draws *draws, int64_t chain,
                                           const char *name, sgmc_value_type *type,
                                           int64_t *rows, int64_t *cols);

/**
 * @brief Copies one chain's statistic @p name of ::SGMC_VALUE_DOUBLE values.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A statistic of these draws, of doubles.
 * @param[out] out rows x cols values, row after row.
 * @param[in] out_len The length of @p out; at least rows x cols.
 * @return ::SGMC_OK; ::SGMC_ERROR_STATE as for sgmc_draws_stat_shape();
 *         ::SGMC_ERROR_INVALID_ARGUMENT (also for a statistic of another type).
 */
SGMC_API sgmc_status sgmc_draws_copy_stat(const sgmc_draws *draws, int64_t chain,
                                          const char *name, double *out, int64_t out_len);

/**
 * @brief Copies one chain's statistic @p name of ::SGMC_VALUE_INT64 values.
 * @param[in] draws The draws.
 * @param[in] chain In [0, n_chains).
 * @param[in] name A statistic of these draws, of int64_t.
 * @param[out] out rows x cols values, row after row.
 * @param[in] out_len The length of @p out; at least rows x cols.
 * @return ::SGMC_OK; ::SGMC_ERROR_STATE as for sgmc_draws_stat_shape();
 *         ::SGMC_ERROR_INVALID_ARGUMENT (also for a statistic of another type).
 */
SGMC_API sgmc_status sgmc_draws_copy_stat_int(const sgmc_draws *draws, int64_t chain,
                                              const char *name, int64_t *out, int64_t out_len);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Verdict: whether to trust a run
 *  Every run ends with a verdict (docs/verdict.md): a list of named checks,
 *  each a statistic of the draws with a limit, and "trusted" when every check
 *  passes. Which checks a run has depends on its sampler: "rhat"
 *  (rank-normalised split R-hat, each coordinate against its limit: fails
 *  above 1.01, or above R-hat's own noise at that coordinate's bulk ESS when
 *  larger, at most 1.035; the check holds that limit), "ess_bulk" and
 *  "ess_tail" (the smallest bulk and tail ESS; fail below 400) over the draws
 *  at the run's temperature (not resgld's hotter replicas; a cyclical
 *  sampler's cycles count as chains), and "energy_drift" (the halves of a
 *  chain's energies against their Monte Carlo error; fails above 4), for
 *  every sampler but the contour samplers; "step_bias" (the lower confidence
 *  bound of the step size's variance inflation by Stein's identity; fails
 *  above 0.2) and "mean_bias" (of the mean's shift in posterior sds by the
 *  identity E[dU] = 0; fails above 0.1) for every sampler but mhbt (for the
 *  contour samplers, of their importance-weighted draws; for resgld, of the
 *  chain at the lowest temperature); "mhbt_acceptance" (fails below 0.01);
 *  "swap_acceptance" (the worst neighbouring pair of a resgld ladder; fails
 *  below 0.01); the contour samplers' "contour_<name>" of
 *  ::sgmc_contour_check and "contour_top_influence" (how far the draws in the
 *  open top subregion, above the partition's last boundary, move a weighted
 *  mean in sds or a weighted sd relatively; fails above 0.05; not part of
 *  sgmc_draws_contour_verdict()); and "fault_share" (rejected evaluations;
 *  fails above 0.01) for all. A check that cannot be computed (too few draws) has the
 *  value NaN and fails. No check can see a mode that no chain visited: start
 *  chains apart.
 *  @{ */

/**
 * @brief Whether to trust the run, and why not.
 * @param[in] draws The draws of a run.
 * @param[out] trusted 1 when every check passes, else 0. May be NULL.
 * @param[out] reasons Empty when trusted, else one sentence per failing
 *             check ("rhat = 1.2 at coordinate 3 (limit <= 1.01): ..."),
 *             joined by "; ", NUL-terminated. May be NULL with
 *             @p reasons_len 0 (a size query).
 * @param[in] reasons_len The room in @p reasons, NUL included.
 * @param[out] needed The room the reasons need, NUL included. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also for draws without
 *         chains, or a positive @p reasons_len less than needed: nothing
 *         is written then).
 */
SGMC_API sgmc_status sgmc_draws_verdict(const sgmc_draws *draws, int32_t *trusted, char *reasons,
                                        int64_t reasons_len, int64_t *needed);

/**
 * @brief The number of checks of the run's verdict.
 * @param[in] draws The draws of a run.
 * @param[out] n The count.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_check_count(const sgmc_draws *draws, int64_t *n);

/**
 * @brief One check of the run's verdict. Every output may be NULL.
 * @param[in] draws The draws of a run.
 * @param[in] index In [0, sgmc_draws_check_count()).
 * @param[out] name Its name ("rhat", "step_bias", ...), owned by @p draws.
 * @param[out] value Its statistic: the worst over the chains, coordinates
 *             or pairs it covers; NaN when it cannot be computed.
 * @param[out] limit Its limit.
 * @param[out] fails_above 1 when a value above the limit fails, 0 below.
 * @param[out] passed 1 or 0 (NaN fails).
 * @param[out] where Where the value was taken ("chain 2, coordinate 0"),
 *             owned by @p draws.
 * @param[out] meaning What a failure says and what to do, owned by @p draws.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_check(const sgmc_draws *draws, int64_t index, const char **name,
                                      double *value, double *limit, int32_t *fails_above,
                                      int32_t *passed, const char **where, const char **meaning);
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
 * depend on the number of threads. With "sampler" = "resgld" the chains are
 * the replicas of one replica-exchange run (see "Replica exchange");
 * with "icsgld", "icsghmc" or "picsgld" they share one theta (see
 * "Interacting contour samplers").
 * A model made without
 * ::SGMC_MODEL_THREAD_SAFE runs on the calling thread.
 *
 * A fault of the model (see "Faults of the model") that stops a chain
 * stops the run: the other chains finish the current round of
 * "progress_every" iterations, and the call returns the fault of the
 * lowest chain index together with the draws made so far, whatever the
 * number of threads.
 * @param[out] out The draws; NULL on failure, except after a fault of the
 *                 model, when it holds the draws made before the fault.
 *                 Release with sgmc_draws_destroy().
 * @param[in] model The model.
 * @param[in] options Sampler, schedule, recording and run options.
 * @param[in] x0 Starting points: dim values shared by every chain, or
 *               n_chains * dim values (chain after chain).
 * @param[in] x0_len dim or n_chains * dim.
 * @param[in] progress Progress callback, or NULL.
 * @param[in] user Passed to @p progress.
 * @return ::SGMC_OK; ::SGMC_CANCELLED when @p progress stopped the run (the
 *         draws so far are in @p out); ::SGMC_ERROR_NONFINITE or
 *         ::SGMC_ERROR_CALLBACK after a fault of the model (the message
 *         names chain, step and cause; the draws so far are in @p out); or
 *         an error with @p out NULL: ::SGMC_ERROR_INVALID_ARGUMENT,
 *         ::SGMC_ERROR_OUT_OF_MEMORY.
 */
SGMC_API sgmc_status sgmc_sample(sgmc_draws **out, const sgmc_model *model,
                                 const sgmc_options *options, const double *x0, int64_t x0_len,
                                 sgmc_progress_fn progress, void *user);

/**
 * @brief Continues the run saved in the checkpoint @p path, drawing exactly
 *        (bitwise) what the uninterrupted run would have drawn.
 *
 * A run checkpoints itself when option "checkpoint_file" is set: every
 * "checkpoint_every" iterations (0: never in between) and whenever it stops —
 * finished, or cancelled by its progress callback. A checkpoint holds
 * everything the run's future depends on: options, starting points, every
 * chain's state (position, momentum, preconditioner statistics, theta and
 * its trace, MHBT cache and kept batch, random streams, an evaluation made
 * ahead), the driver's state (swap stream and statistics, the shared theta)
 * and the draws so far. It is written atomically (a temporary file in the
 * same directory, flushed, then renamed), so a crash during a write leaves
 * the previous checkpoint intact. The format is versioned and checksummed
 * (see docs/checkpoints.md).
 *
 * The resumed run goes on checkpointing to its "checkpoint_file", or to
 * @p path when that is empty.
 * @param[out] out All the draws, those before the checkpoint included; NULL
 *                 on failure.
 * @param[in] model The model of the saved run (its dimension and data size
 *                  are checked; its identity cannot be).
 * @param[in] path The checkpoint file.
 * @param[in] overrides NULL, or options of which only "threads",
 *                      "progress_every", "checkpoint_file" and
 *                      "checkpoint_every" may differ from the saved run's;
 *                      any other option set here must equal the saved value.
 * @param[in] progress Progress callback, or NULL.
 * @param[in] user Passed to @p progress.
 * @return As sgmc_sample(); a checkpoint that cannot be used changes nothing
 *         and gives ::SGMC_ERROR_IO (cannot be read), ::SGMC_ERROR_FORMAT (not
 *         a checkpoint, truncated or corrupt; the message names the damaged
 *         part), ::SGMC_ERROR_UNSUPPORTED (written by a newer sgmc) or
 *         ::SGMC_ERROR_INVALID_ARGUMENT (another model's, or an override
 *         that changes the run).
 */
SGMC_API sgmc_status sgmc_resume(sgmc_draws **out, const sgmc_model *model, const char *path,
                                 const sgmc_options *overrides, sgmc_progress_fn progress,
                                 void *user);

/**
 * @brief The options of the run saved in the checkpoint @p path (its
 *        sampler, n_chains, n_steps, ...), e.g. to label resumed draws.
 * @param[out] out The options; NULL on failure. Release with sgmc_options_destroy().
 * @param[in] path The checkpoint file.
 * @return ::SGMC_OK, or the errors of sgmc_resume() for an unusable file.
 */
SGMC_API sgmc_status sgmc_checkpoint_options(sgmc_options **out, const char *path);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Runs over several processes
 *  One run whose chains are spread over S processes (libsgmc_mpi does it
 *  over MPI: sgmc_mpi.h): process r runs block r of the P = "n_chains"
 *  chains, in rank order, near-equal (sgmc_chain_block()). Each process
 *  runs its block on its threads and meets the others only where the
 *  sampler couples chains: the interacting contour samplers all-gather
 *  the chains' subregion indices every iteration (8 bytes per chain),
 *  resgld all-gathers the replicas' energies every iteration and swaps the
 *  states of replicas on different processes (a few dim-sized vectors),
 *  and independent chains agree at each round's end on whether a fault
 *  stopped one. The draws are bitwise those of sgmc_sample() on one
 *  process, for every sampler and any number of processes and threads.
 *  The communication is the caller's, through sgmc_exchange.
 *  @{ */

/**
 * @brief Block @p rank of @p processes near-equal blocks of @p n_chains
 *        chains, in rank order (the first n_chains mod processes blocks
 *        hold one chain more).
 * @param[in] n_chains P >= 1.
 * @param[in] rank In [0, processes).
 * @param[in] processes S in [1, P].
 * @param[out] first The block's first chain.
 * @param[out] count Its number of chains.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_chain_block(int64_t n_chains, int32_t rank, int32_t processes,
                                      int64_t *first, int64_t *count);

/**
 * @brief How the processes of a run reach each other: collective
 *        operations that every process calls at the same point, in the same
 *        order, from one thread. Each returns 0, or non-zero on failure
 *        (the run then fails with ::SGMC_ERROR_CALLBACK).
 */
typedef struct sgmc_exchange {
  int32_t processes; /**< S >= 1. */
  int32_t rank;      /**< This process, in [0, S). */
  /** All-gather: @p local holds @p per_chain values of each chain of this
   *  process's block, block order; @p all receives those of all chains in
   *  chain order (n_all = n_chains * per_chain). */
  int (*gather_doubles)(const double *local, int64_t n_local, double *all, int64_t n_all,
                        int64_t per_chain, void *user);
  /** The same for one integer per chain. */
  int (*gather_int64s)(const int64_t *local, int64_t n_local, int64_t *all, int64_t n_all,
                       void *user);
  /** Sums @p values over all processes, in place (exact). */
  int (*sum_int64s)(int64_t *values, int64_t n, void *user);
  /** Sends the @p n bytes to process @p partner, which calls this at the
   *  same point with as many bytes, and replaces them with its bytes. */
  int (*swap_bytes)(int32_t partner, uint8_t *bytes, int64_t n, void *user);
  void *user; /**< Passed to every function. */
} sgmc_exchange;

/**
 * @brief Runs this process's block of the chains of a run spread over the
 *        processes that @p exchange reaches. Collective.
 * Every process passes the same model, options and x0. Any sampler;
 * "n_chains" at least the number of processes; "checkpoint_file" is not
 * supported (::SGMC_ERROR_UNSUPPORTED). No progress is reported.
 * @param[out] out This process's draws: its block of chains, in chain order
 *                 (chain 0 of @p out is the block's first chain). NULL on
 *                 failure, except after a fault of the model that stopped
 *                 the run, as for sgmc_sample(). sgmc_draws_save_bytes() and
 *                 sgmc_draws_load_bytes() bring the blocks together.
 * @param[in] model The model (the same on every process).
 * @param[in] options The options (the same on every process).
 * @param[in] x0 dim values shared by every chain, or n_chains * dim values
 *               (every process passes all of them).
 * @param[in] x0_len dim or n_chains * dim.
 * @param[in] exchange The processes; not NULL, every function set.
 * @return As sgmc_sample(); a fault of the model ends the run on every
 *         process alike, with the fault of the lowest chain (its full
 *         message on the process that runs it).
 */
SGMC_API sgmc_status sgmc_sample_distributed(sgmc_draws **out, const sgmc_model *model,
                                             const sgmc_options *options, const double *x0,
                                             int64_t x0_len, const sgmc_exchange *exchange);

/**
 * @brief Writes the draws (every chain, with what the sgmc_draws_*
 *        functions read: energies, iterations, contour records, swap and
 *        MHBT statistics, cycles) as bytes, e.g. to send them to another
 *        process. Call with @p capacity 0 to learn the size.
 * @param[in] draws The draws.
 * @param[out] out @p capacity bytes, or NULL when @p capacity is 0.
 * @param[in] capacity The length of @p out.
 * @param[out] size The number of bytes (also when @p capacity is too
 *                  small, which writes nothing).
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT for NULL arguments
 *         or a @p capacity that is neither 0 nor at least @p size.
 */
SGMC_API sgmc_status sgmc_draws_save_bytes(const sgmc_draws *draws, uint8_t *out,
                                           int64_t capacity, int64_t *size);

/**
 * @brief Draws from bytes of sgmc_draws_save_bytes(): of one draws object,
 *        or of several written one after another (the blocks of a run over
 *        several processes, in rank order), whose chains it joins in that
 *        order.
 * @param[out] out The draws; NULL on failure.
 * @param[in] bytes The bytes.
 * @param[in] size Their number.
 * @return ::SGMC_OK, ::SGMC_ERROR_FORMAT naming what is damaged ("draws
 *         bytes damaged at byte N (field): ..."), or
 *         ::SGMC_ERROR_INVALID_ARGUMENT (parts of different runs).
 */
SGMC_API sgmc_status sgmc_draws_load_bytes(sgmc_draws **out, const uint8_t *bytes, int64_t size);

/**
 * @brief Records @p message as this thread's sgmc_last_error() and returns
 *        @p status: for libraries built on this API (libsgmc_mpi) whose
 *        errors should read like the library's own.
 * @param[in] status The status to return.
 * @param[in] message The message (NULL: empty).
 * @return @p status.
 */
SGMC_API sgmc_status sgmc_fail(sgmc_status status, const char *message);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Ask/tell runs
 *  A whole run — every chain and every sampler, replica exchange and the
 *  interacting contour samplers included — driven by a caller that
 *  evaluates its own model (R, Julia, a model that must run on its own
 *  thread or elsewhere):
 *
 *      sgmc_run_create(&run, options, dim, N, x0, x0_len);
 *      while (sgmc_run_ask(run, &n) == SGMC_OK && n > 0) {
 *        for (i = 0; i < n; ++i) {
 *          sgmc_run_evaluation(run, i, &e);     // chain, point, batch
 *          ... evaluate the model at e.x on e.batch ...
 *          sgmc_run_tell(run, i, sb, grad_sb, u0, grad_u0, dim);
 *          // or sgmc_run_tell_fault(run, i, "why") when it failed
 *        }
 *      }
 *      sgmc_run_draws(&draws, run);
 *
 *  Each ask hands out the evaluations of one pass over the chains: for
 *  the independent samplers every chain's next evaluation, for resgld and
 *  the interacting samplers every chain's evaluation of the next iteration,
 *  besides the energy-only evaluations at the control point of a
 *  variance-reduced energy ("contour_vr_period") and the extra
 *  evaluations of "mhbt". Every evaluation of an ask is told before the
 *  next ask, in any order. The run keeps its own rounds, progress and
 *  checkpoints ("checkpoint_file", "checkpoint_every"): its draws,
 *  checkpoints and faults are those of sgmc_sample() with the same options
 *  on a model that evaluates the same numbers, bit for bit; a checkpoint
 *  it writes resumes with sgmc_resume() or sgmc_run_resume(). A caller may
 *  stop asking at any time and keep the draws so far (sgmc_run_draws()),
 *  and save the run where it stands (sgmc_run_save()).
 *
 *  One chain stepped by its host is a run of one chain: chain c of a run
 *  of n_chains chains equals the one chain of a run with option
 *  "first_chain" = c, bit for bit. Its iterations (sgmc_run_steps_done())
 *  and position (sgmc_run_position()) are there between asks; its theta,
 *  MHBT statistics and faults are statistics of sgmc_run_draws()
 *  (sgmc_draws_copy_stat(): "theta", "mhbt_proposed", "faults", ...).
 *  @{ */

/** @brief A run driven by ask/tell. */
typedef struct sgmc_run sgmc_run;

/** @brief One evaluation a run needs (sgmc_run_evaluation()). */
typedef struct sgmc_evaluation {
  int64_t chain;        /**< The chain it is for, in [0, n_chains) (chain first_chain + chain of a larger run). */
  int32_t gradient;     /**< 1: S_B, U0 and their gradients at x; 0: S_B(x) only (a control point). */
  const double *x;      /**< The point, dim values; valid until the next sgmc_run_ask(). */
  const int64_t *batch; /**< The data indices, batch_size of them in [0, N); valid as x. */
  int64_t batch_size;   /**< n, 0 for a data-free target. */
} sgmc_evaluation;

/**
 * @brief Creates a run that its caller answers.
 * @param[out] out The new run; NULL on failure. Release with sgmc_run_destroy().
 * @param[in] options The options of sgmc_sample(); "threads" is not used
 *                    (the caller evaluates).
 * @param[in] dim d >= 1.
 * @param[in] data_size N >= 0; batches are drawn from [0, N).
 * @param[in] x0 The start: @p dim values for every chain, or n_chains * dim
 *               values, chain after chain.
 * @param[in] x0_len The length of @p x0.
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT naming the option or
 *         argument.
 */
SGMC_API sgmc_status sgmc_run_create(sgmc_run **out, const sgmc_options *options, int64_t dim,
                                     int64_t data_size, const double *x0, int64_t x0_len);

/**
 * @brief Continues the run saved in a checkpoint (written by a run of any
 *        kind: sgmc_sample(), sgmc_resume() or an ask/tell run, or by
 *        sgmc_run_save()).
 * @param[out] out The run, in the state it was saved in; NULL on failure.
 * @param[in] path The checkpoint file.
 * @param[in] overrides As for sgmc_resume().
 * @param[in] dim The model's dimension, checked against the saved run's.
 * @param[in] data_size The model's N, checked likewise.
 * @return ::SGMC_OK, or the errors of sgmc_resume().
 */
SGMC_API sgmc_status sgmc_run_resume(sgmc_run **out, const char *path,
                                     const sgmc_options *overrides, int64_t dim,
                                     int64_t data_size);

/**
 * @brief Releases a run. NULL is a no-op.
 * @param[in] run A run, or NULL.
 */
SGMC_API void sgmc_run_destroy(sgmc_run *run);

/**
 * @brief Takes the results told since the last ask and says how many
 *        evaluations the run needs next.
 * @param[in] run The run.
 * @param[out] n_evaluations The number of evaluations to make and tell;
 *                           0 when the run has ended.
 * @return ::SGMC_OK; when a fault of the model has stopped the run (an
 *         "on_fault" = "error" fault, or "max_consecutive_faults" in a
 *         row), the fault's status (::SGMC_ERROR_CALLBACK for a failure told
 *         by sgmc_run_tell_fault(), ::SGMC_ERROR_NONFINITE for a non-finite
 *         result) with its message and 0 evaluations, on this and every
 *         later ask; the draws so far stay in the run. ::SGMC_ERROR_STATE,
 *         changing nothing, while an evaluation of the last ask is untold.
 */
SGMC_API sgmc_status sgmc_run_ask(sgmc_run *run, int64_t *n_evaluations);

/**
 * @brief Evaluation @p i of the last ask.
 * @param[in] run The run.
 * @param[in] i In [0, n_evaluations).
 * @param[out] out Where and what to evaluate; its pointers are the run's.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_evaluation(const sgmc_run *run, int64_t i, sgmc_evaluation *out);

/**
 * @brief The result of evaluation @p i: S_B(x) on the batch and its
 *        gradient, U0(x) and its gradient (the terms of a model, see
 *        ::sgmc_energy_fn); for an evaluation with gradient = 0 only
 *        @p batch_energy is read.
 * @param[in,out] run The run.
 * @param[in] i In [0, n_evaluations), not told yet since the last ask.
 * @param[in] batch_energy S_B(x).
 * @param[in] batch_grad Its gradient, @p dim values, or NULL for zeros.
 * @param[in] prior_energy U0(x).
 * @param[in] prior_grad Its gradient, @p dim values, or NULL for zeros.
 * @param[in] dim The run's dimension.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT. Non-finite values are
 *         taken here and judged by the next ask, under "on_fault".
 */
SGMC_API sgmc_status sgmc_run_tell(sgmc_run *run, int64_t i, double batch_energy,
                                   const double *batch_grad, double prior_energy,
                                   const double *prior_grad, int64_t dim);

/**
 * @brief Evaluation @p i failed: a fault of the model for its chain
 *        (docs/faults.md). Under "on_fault" = "reject" the next ask asks
 *        that chain again with a fresh batch; under "error" it stops the
 *        run as sgmc_sample() stops, with @p cause in the message.
 * @param[in,out] run The run.
 * @param[in] i In [0, n_evaluations), not told yet since the last ask.
 * @param[in] cause Why, for the message (not NULL).
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_tell_fault(sgmc_run *run, int64_t i, const char *cause);

/**
 * @brief How far the run is: iterations made by every chain at the end of
 *        the last round (multiples of "progress_every"), and "n_steps".
 * @param[in] run The run.
 * @param[out] steps_done Iterations done.
 * @param[out] n_steps Iterations in all.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_progress(const sgmc_run *run, int64_t *steps_done,
                                       int64_t *n_steps);

/**
 * @brief A copy of the draws recorded so far, as sgmc_sample() returns them
 *        (swap statistics of resgld included); at any time.
 * @param[out] out The draws; NULL on failure. Release with sgmc_draws_destroy().
 * @param[in] run The run.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_draws(sgmc_draws **out, const sgmc_run *run);

/**
 * @brief The iterations one chain of the run has made so far (between asks:
 *        the chains of a round stand apart until its end, and an MHBT
 *        chain's extra evaluations and a rejected fault make none).
 * @param[in] run The run.
 * @param[in] chain In [0, n_chains).
 * @param[out] out The count, in [0, n_steps].
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_steps_done(const sgmc_run *run, int64_t chain, int64_t *out);

/**
 * @brief The current position of one chain of the run (for "mhbt" the state
 *        after its last accept/reject step; a point asked for may differ).
 * @param[in] run The run.
 * @param[in] chain In [0, n_chains).
 * @param[out] x @p dim values.
 * @param[in] dim The run's dimension.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_position(const sgmc_run *run, int64_t chain, double *x,
                                       int64_t dim);

/**
 * @brief Saves the run where it stands to the checkpoint file @p path,
 *        atomically: sgmc_run_resume() (or sgmc_resume() with a model) goes
 *        on from there and makes exactly the draws this run would make.
 *
 * Call it with every evaluation of the last ask told (their results are
 * taken first, as the next sgmc_run_ask() would take them) or with none
 * told (the resumed run asks for them again). The independent samplers —
 * every sampler but "resgld" and the interacting contour samplers — save
 * at any such point; those whose chains are coupled save where their
 * checkpoints are written only, so between asks once the run has ended
 * (they checkpoint at the ends of rounds themselves, "checkpoint_every").
 * After a fault that stopped the run under
 * "on_fault" = "error", the faulted chain is saved as it was before the
 * faulty evaluation: the resumed run makes that evaluation again and,
 * when it now succeeds, goes on as a run that never faulted.
 * @param[in,out] run The run.
 * @param[in] path The file, replaced as a whole or not at all.
 * @return ::SGMC_OK; ::SGMC_ERROR_STATE while some but not all evaluations
 *         of the last ask are told; ::SGMC_ERROR_UNSUPPORTED before the end
 *         of a run of "resgld", "icsgld", "icsghmc" or "picsgld"; ::SGMC_ERROR_IO
 *         naming the file; ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_run_save(sgmc_run *run, const char *path);
/** @} */


/* ------------------------------------------------------------------------ */
/** @name Faults of the model
 *  An evaluation of the model fails when a C callback returns non-zero, the
 *  energy, the gradient or the variance-reduced energy is NaN or infinite,
 *  a C++ model throws, or an ask/tell host reports that its own evaluation
 *  failed (sgmc_run_tell_fault()). Option "on_fault" says what a chain
 *  does with such a fault (docs/faults.md):
 *
 *  - "error" (the default): the chain stops exactly as it was before the
 *    faulty evaluation; sgmc_sample() returns ::SGMC_ERROR_CALLBACK or
 *    ::SGMC_ERROR_NONFINITE, a message naming chain, step and cause, and
 *    the draws made so far;
 *  - "reject": the evaluation is discarded and counted, and the iteration
 *    is tried again at the same state with a fresh batch (and fresh target
 *    noise): nothing is recorded and the sampler's state (position,
 *    momentum, preconditioner, theta, MHBT's cache) does not change. The
 *    "max_consecutive_faults"-th fault of one chain in a row stops it as
 *    under "error", so a point where the model always fails cannot loop
 *    forever. Each chain's batches come from its own stream, so a run with
 *    faults is as reproducible as one without, for any number of threads.
 *
 *  Rejecting faults conditions the sampler on the model not failing: it
 *  samples the target restricted to where the model can be evaluated. The
 *  statistic "faults" of each chain of the draws counts the evaluations it
 *  rejected (a fault that stops the chain changes nothing and is not
 *  counted; 0 under "error").
 *  @{ */
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Diagnostics
 *  Convergence diagnostics and distances between sample sets (SPEC §8;
 *  docs/diagnostics.md gives the formulas). They work on plain arrays, so
 *  draws from anywhere can be checked; sgmc_draws_convergence() reads an
 *  ::sgmc_draws directly. Points are passed draw after draw (row-major
 *  n x dim), as sgmc_draws_copy() writes them. Log-weights are optional
 *  unnormalised per-draw log importance weights (NULL: equal weights);
 *  they are normalised in log space and never resampled. All functions are
 *  pure: they may run concurrently on any threads.
 *  @{ */

/** @brief A convergence diagnostic of Vehtari et al. (2021), computed as
 *  R's `posterior` package (1.4) does, to 1e-6 relative. */
typedef enum sgmc_convergence_stat {
  SGMC_RHAT = 1,       /**< max of rank-normalised split R-hat and folded (tail) R-hat; posterior::rhat */
  SGMC_RHAT_BASIC = 2, /**< split R-hat of the draws as they are; posterior::rhat_basic */
  SGMC_ESS_BULK = 3,   /**< ESS of the rank-normalised split chains; posterior::ess_bulk */
  SGMC_ESS_TAIL = 4,   /**< min ESS of the 5% and 95% quantile indicators; posterior::ess_tail */
  SGMC_ESS_BASIC = 5   /**< ESS of the split chains as they are; posterior::ess_basic */
} sgmc_convergence_stat;

/**
 * @brief A convergence diagnostic of one scalar quantity over several chains.
 * @param[in] draws n_draws * n_chains values, chain after chain (column-major
 *                  n_draws x n_chains: draw i of chain c at draws[c * n_draws + i]);
 *                  all finite.
 * @param[in] n_draws Draws per chain, >= 4 (each split half needs two).
 * @param[in] n_chains Chains, >= 1.
 * @param[in] stat Which diagnostic.
 * @param[out] out The value: R-hat (>= 0, near 1 at convergence) or an ESS
 *                 (in draws, at most S log10(S) for S = n_draws * n_chains).
 *                 NaN where posterior gives NA: (nearly) constant draws
 *                 (max - min below the machine epsilon), an ESS with fewer
 *                 than 6 draws per chain, a tail ESS whose quantile
 *                 indicator is constant.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (NULL pointers, sizes
 *         out of range, a non-finite draw, an unknown @p stat).
 */
SGMC_API sgmc_status sgmc_convergence(const double *draws, int64_t n_draws, int64_t n_chains,
                                      sgmc_convergence_stat stat, double *out);

/**
 * @brief A convergence diagnostic of every coordinate of recorded draws.
 * @param[in] draws The draws of every chain (at least 4 per chain).
 * @param[in] stat Which diagnostic.
 * @param[out] out dim values, one per coordinate (see sgmc_convergence()).
 * @param[in] out_len The length of @p out; at least dim.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_convergence(const sgmc_draws *draws, sgmc_convergence_stat stat,
                                            double *out, int64_t out_len);

/**
 * @brief The summary of one scalar quantity's draws: their mean, their
 *        standard deviation (divisor n - 1) and quantiles as R's
 *        quantile(type = 7) computes them.
 * @param[in] values @p n values (a NaN or an infinity among them makes
 *                   the statistics it enters NaN or infinite).
 * @param[in] n >= 2.
 * @param[in] probs @p n_probs probabilities in [0, 1]. May be NULL when @p n_probs is 0.
 * @param[in] n_probs >= 0.
 * @param[out] mean The mean. May be NULL.
 * @param[out] sd The standard deviation. May be NULL.
 * @param[out] quantiles @p n_probs values, one per probability. May be NULL
 *                       when @p n_probs is 0.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_summary_stats(const double *values, int64_t n, const double *probs,
                                        int64_t n_probs, double *mean, double *sd,
                                        double *quantiles);

/**
 * @brief Normalises log-weights in log space: out_k = lw_k - log sum_j
 *        exp(lw_j), so that the weights exp(out_k) sum to 1 (as the
 *        weighted estimates normalise them).
 * @param[in] log_weights @p n finite values.
 * @param[in] n >= 1.
 * @param[out] out @p n values; may be @p log_weights itself.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_normalise_log_weights(const double *log_weights, int64_t n, double *out);

/**
 * @brief The 1-nearest-neighbour estimate of KL(q || p) of Pérez-Cruz (2008)
 *        from a reference sample of q (say exact draws of the target) and a
 *        sample of p: (dim/n) sum_i log(s_i / r_i) + log(m / (n - 1)).
 *
 * r_i is the distance from reference point i to the nearest other
 * reference point at a positive distance, s_i the distance to the nearest
 * sample point. The reference comes first, as in ICSGLD's figures. Exact
 * search, about sqrt(n) distances per point in 2-D: fast for 1e5 points.
 * @param[in] sample m * dim values, point after point; finite.
 * @param[in] m Sample points, >= 1.
 * @param[in] reference n * dim values, point after point; finite; no
 *                      reference point may equal a sample point.
 * @param[in] n Reference points, >= 2, at least 2 of them distinct.
 * @param[in] dim Dimension, >= 1.
 * @param[out] kl The estimate (nats); may be negative by Monte Carlo error.
 * @param[out] n_distinct The number of distinct sample points; report it
 *                        beside @p kl for resampled samples, whose estimate is
 *                        biased upward by about log(m / n_distinct). May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_kl_nearest_neighbour(const double *sample, int64_t m,
                                               const double *reference, int64_t n, int64_t dim,
                                               double *kl, int64_t *n_distinct);

/**
 * @brief KL(p || q) between the weighted histogram p of a sample on a
 *        regular grid and a known density q given on the same grid.
 *
 * The grid cuts the box [lower_j, upper_j] into bins_j equal intervals per
 * coordinate; cell (i_0, ..., i_{dim-1}) has the row-major index
 * ((i_0 bins_1 + i_1) bins_2 + i_2) ... (the last coordinate fastest). p is
 * renormalised over the grid (draws outside are left out and their share
 * reported); q_c = density[c] / sum(density).
 * KL = sum over cells with p_c > 0 of p_c log(p_c / q_c), +inf when such a
 * cell has q_c = 0.
 * @param[in] points n * dim values, point after point; finite.
 * @param[in] n Points, >= 1.
 * @param[in] dim Dimension, >= 1.
 * @param[in] log_weights n unnormalised log-weights (< +inf, -inf for
 *                        weight 0), or NULL for equal weights.
 * @param[in] lower dim finite values: the box's lower corner.
 * @param[in] upper dim values, each above its @p lower.
 * @param[in] bins dim cell counts, each >= 1.
 * @param[in] density The unnormalised density at each cell (e.g. at its
 *                    centre), finite, >= 0, positive sum.
 * @param[in] density_len The product of @p bins.
 * @param[out] kl The divergence (nats, >= 0).
 * @param[out] outside_mass The weighted share of draws outside the box,
 *                          in [0, 1). May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT (also when no draw of
 *         positive weight lies in the box).
 */
SGMC_API sgmc_status sgmc_kl_histogram(const double *points, int64_t n, int64_t dim,
                                       const double *log_weights, const double *lower,
                                       const double *upper, const int64_t *bins,
                                       const double *density, int64_t density_len, double *kl,
                                       double *outside_mass);

/**
 * @brief The total-variation distance (1/2) sum_c |p_c - q_c| between the
 *        weighted histograms of two sample sets on a common grid (MHBT
 *        Fig. 2a); the region outside the box counts as one more cell.
 * @param[in] points_a n_a * dim values, point after point; finite.
 * @param[in] n_a Points of the first set, >= 1.
 * @param[in] log_weights_a n_a log-weights, or NULL for equal weights.
 * @param[in] points_b n_b * dim values, point after point; finite.
 * @param[in] n_b Points of the second set, >= 1.
 * @param[in] log_weights_b n_b log-weights, or NULL for equal weights.
 * @param[in] dim Dimension, >= 1.
 * @param[in] lower dim values: the box's lower corner (see sgmc_kl_histogram()).
 * @param[in] upper dim values, each above its @p lower.
 * @param[in] bins dim cell counts, each >= 1.
 * @param[out] out The distance, in [0, 1].
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_total_variation(const double *points_a, int64_t n_a,
                                          const double *log_weights_a, const double *points_b,
                                          int64_t n_b, const double *log_weights_b, int64_t dim,
                                          const double *lower, const double *upper,
                                          const int64_t *bins, double *out);

/**
 * @brief Mode (basin) masses: the weighted share of draws in each mode's
 *        basin, and their total-variation distance to the true masses.
 *
 * A draw belongs to the basin of its nearest centre; with @p radius > 0
 * only when it lies within that distance of it, and to no basin otherwise.
 * tv = (1/2) (sum_j |masses_j - true_masses_j| + |outside - (1 - sum_j true_masses_j)|).
 * @param[in] points n * dim values, point after point; finite.
 * @param[in] n Points, >= 1.
 * @param[in] dim Dimension, >= 1.
 * @param[in] log_weights n log-weights, or NULL for equal weights.
 * @param[in] centres n_modes * dim values, centre after centre.
 * @param[in] n_modes Modes, >= 1.
 * @param[in] true_masses n_modes values in [0, 1] with sum <= 1: the
 *                        target's mass in each basin.
 * @param[in] radius 0 for nearest-centre basins, or a finite radius > 0.
 * @param[out] masses n_modes values: the weighted share in each basin. May be NULL.
 * @param[out] outside The share in no basin (0 when @p radius is 0). May be NULL.
 * @param[out] tv The distance, in [0, 1].
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_mode_masses(const double *points, int64_t n, int64_t dim,
                                      const double *log_weights, const double *centres,
                                      int64_t n_modes, const double *true_masses, double radius,
                                      double *masses, double *outside, double *tv);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Cyclical samplers
 *  Draws of a "cycsgld" or "cycsghmc" run (SPEC §3) come from the sampling
 *  stages of M = "cycles" cycles of length L = ceil(n_steps / M); the draw
 *  made at iteration k belongs to cycle c = floor((k - 1) / L), 0-based.
 *  The estimate of E f combines the cycles as sum_c w_c fbar_c, fbar_c the
 *  mean of f over the draws of cycle c (cSG-MCMC App. F).
 *  @{ */

/** @brief How the cycles of a cyclical run are weighted. */
typedef enum sgmc_cycle_weighting {
  /** w_c equal for every cycle that holds draws (the paper's default). */
  SGMC_CYCLE_WEIGHTS_EQUAL = 0,
  /** Harmonic-mean likelihood: log w_c = -logmeanexp_j(-log p(D | x_j)) over
   *  the draws x_j of cycle c, with log p(D | x) = -sum_{i<N} U_i(x) from one
   *  full-data, energy-only evaluation per draw (no prior term; for a
   *  data-free model log p(D | x) = 0 and the weights are equal). */
  SGMC_CYCLE_WEIGHTS_HARMONIC = 1
} sgmc_cycle_weighting;

/**
 * @brief The weight w_c of each cycle of one chain, normalised (in log
 *        space) to sum to 1; 0 for a cycle without draws.
 * @param[in] draws Draws of a cyclical run.
 * @param[in] chain In [0, n_chains).
 * @param[in] model The model the draws were made on; needed (not NULL) for
 *                  ::SGMC_CYCLE_WEIGHTS_HARMONIC, ignored otherwise. It is
 *                  evaluated on the calling thread.
 * @param[in] weighting ::SGMC_CYCLE_WEIGHTS_EQUAL or ::SGMC_CYCLE_WEIGHTS_HARMONIC.
 * @param[out] weights M values (M: the statistic "cycles").
 * @param[in] weights_len The length of @p weights; at least M.
 * @return ::SGMC_OK, ::SGMC_ERROR_STATE, ::SGMC_ERROR_INVALID_ARGUMENT,
 *         ::SGMC_ERROR_NONFINITE or ::SGMC_ERROR_CALLBACK (from the model).
 */
SGMC_API sgmc_status sgmc_draws_cycle_weights(const sgmc_draws *draws, int64_t chain,
                                              const sgmc_model *model,
                                              sgmc_cycle_weighting weighting, double *weights,
                                              int64_t weights_len);

/**
 * @brief The combined estimate sum_c w_c xbar_c of the mean E x from one chain.
 * @param[in] draws Draws of a cyclical run.
 * @param[in] chain In [0, n_chains).
 * @param[in] model As for sgmc_draws_cycle_weights().
 * @param[in] weighting As for sgmc_draws_cycle_weights().
 * @param[out] mean @p dim values.
 * @param[in] dim The draws' dimension.
 * @return As sgmc_draws_cycle_weights().
 */
SGMC_API sgmc_status sgmc_draws_cycle_mean(const sgmc_draws *draws, int64_t chain,
                                           const sgmc_model *model, sgmc_cycle_weighting weighting,
                                           double *mean, int64_t dim);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Replica exchange
 *  A "resgld" run (SPEC §6) has R = "n_chains" replicas at temperatures
 *  geometric from "temperature" to "temperature_max" (not set, together with
 *  "step_size": chosen by the warm-up so that neighbours swap at a rate of
 *  0.23, docs/warm_up.md; the statistic "temperature_max" holds it, set or
 *  chosen). Chain 0 of its draws is
 *  the lowest temperature (the target's draws); chain r holds the draws of
 *  the tempered target at the r-th temperature: the statistic
 *  "temperature" of each chain gives the ladder, "swap_attempts" and
 *  "swap_accepts" what each neighbouring pair (r, r + 1) exchanged (see
 *  "Draws: named columns and statistics").
 *  @{ */
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Mode coverage
 *  @{ */

/**
 * @brief Counts the modes covered by a set of draws (cSG-MCMC App. A.1): a
 *        mode is covered when at least @p min_draws draws lie within
 *        distance @p radius (inclusive) of its centre.
 * @param[in] draws n_draws * dim values, draw after draw (row-major); may be
 *                  NULL when @p n_draws is 0.
 * @param[in] n_draws >= 0.
 * @param[in] dim >= 1.
 * @param[in] centres n_modes * dim values, centre after centre.
 * @param[in] n_modes >= 1.
 * @param[in] radius r > 0, finite.
 * @param[in] min_draws nbar >= 1.
 * @param[out] covered The number of covered modes.
 * @param[out] counts n_modes values: the draws within @p radius of each
 *                    centre. May be NULL.
 * @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_mode_coverage(const double *draws, int64_t n_draws, int64_t dim,
                                        const double *centres, int64_t n_modes, double radius,
                                        int64_t min_draws, int64_t *covered, int64_t *counts);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Contour samplers
 *  CSGLD, CSGHMC, pCSGLD and KSGLD (options "sampler" = "csgld", "csghmc",
 *  "pcsgld", "ksgld"; docs/contour.md). The energy axis is cut into m
 *  subregions by the boundaries u_i = u1 + (i-1) du, i = 1..m-1; a state
 *  with stochastic energy u lies in subregion
 *
 *      J(u) = 1 if u <= u1,  else min(m, 1 + ceil((u - u1) / du)).
 *
 *  theta estimates the energy pdf over the subregions. Every step, in this
 *  order: evaluate U(x_k) and its gradient; J_k = J(U(x_k)); update every
 *  component of theta at once from theta_k (CSGLD eq. 9, SPEC §4)
 *
 *      theta(i) += omega_k [ s (1{i=J_k} - theta(i)) + omega_k rho 1{i>=J_k} (1{i=J_k} - theta(i)) ],
 *      s = theta(J_k)^zeta ("power") or theta(J_k) ("linear"),
 *
 *  renormalise to sum 1 and floor at the smallest normal double (KSGLD
 *  skips this update); record x_k with its weight; move with the gradient
 *  multiplied by g_k = 1 + zeta tau (d/du) log Psi_theta(U(x_k)), clipped to
 *  [g_lo, g_hi]. log Psi_theta is the piecewise-linear interpolation of
 *  log theta with knots (u_i, log theta(i)), i = 1..m, u_m = u1 + (m-1) du
 *  ("backward"; "forward" moves the knots one bin down), flat below the
 *  first knot and above u_m.
 *
 *  The chains target pi(x) / Psi_theta(U(x))^zeta, so each recorded draw
 *  carries an importance log-weight, and E_pi f is estimated by
 *  sum_k w_k f(x_k) / sum_k w_k (self-normalised, computed in log space).
 *  The draws of a contour run carry, by name (see "Draws: named columns
 *  and statistics"), the subregion and the log-weights of every draw and
 *  each chain's theta, its trajectory and its partition. Every function
 *  below that reads draws works on one chain, since each chain of
 *  sgmc_sample() has its own theta; the interacting samplers' chains share
 *  one, and their estimates pool all chains: chain = -1 (see "Interacting
 *  contour samplers").
 *  @{ */

/** @brief Which importance weight of a draw (SPEC §4.1). Weights are defined
 *  up to a common factor: only differences of log-weights matter. */
typedef enum sgmc_weight_kind {
  SGMC_WEIGHT_INTERPOLATED = 0, /**< log w_k = zeta log Psi_theta(U(x_k)); unbiased at a fixed theta; the default */
  SGMC_WEIGHT_BIN = 1           /**< log w_k = zeta log theta(J_k) (CSGLD Thm 2); O(du) bias */
} sgmc_weight_kind;

/** @brief Which theta the weights use. */
typedef enum sgmc_weight_theta {
  SGMC_WEIGHT_RUNNING = 0, /**< theta after the SA update of the draw's own iteration */
  SGMC_WEIGHT_FINAL = 1    /**< the final theta (for sgmc_run_draws(): the theta when the draws were copied), for every draw */
} sgmc_weight_theta;

/**
 * @brief Sets the contour samplers' initial theta_0 (default uniform 1/m).
 *
 * For example the normalised histogram of the subregion indices of a pilot
 * SGLD run plus 1e-4 per bin (SPEC §5); KSGLD keeps theta fixed at theta_0.
 * @param[in,out] options The options.
 * @param[in] theta0 @p m values, each finite and > 0, summing to 1 within
 *                   1e-9 (copied). NULL with @p m = 0 restores the default.
 * @param[in] m The length; must equal "contour_m" (checked when a chain is made).
 * @return ::SGMC_OK, or ::SGMC_ERROR_INVALID_ARGUMENT (the options are unchanged).
 */
SGMC_API sgmc_status sgmc_options_set_theta0(sgmc_options *options, const double *theta0,
                                             int64_t m);

/**
 * @brief Self-normalised weighted mean and variance of one chain's draws.
 *
 * With normalised weights w_k = exp(lw_k - log sum_j exp(lw_j)):
 * mean = sum_k w_k x_k, variance = sum_k w_k (x_k - mean)^2 per coordinate,
 * and Kish's effective sample size (sum_k w_k)^2 / sum_k w_k^2.
 * @param[in] draws Draws of a contour sampler.
 * @param[in] chain In [0, n_chains), or -1: the draws of all chains of an
 *                  interacting sampler pooled.
 * @param[in] kind Which weight.
 * @param[in] when Which theta.
 * @param[out] mean d values. May be NULL.
 * @param[out] variance d values. May be NULL.
 * @param[in] dim d.
 * @param[out] kish_ess The effective sample size, in [1, n_draws]. May be NULL.
 * @return ::SGMC_OK; ::SGMC_ERROR_STATE (not a contour sampler, no draws,
 *         or chain -1 of chains that do not share a theta);
 *         ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_weighted_moments(const sgmc_draws *draws, int64_t chain,
                                                 sgmc_weight_kind kind, sgmc_weight_theta when,
                                                 double *mean, double *variance, int64_t dim,
                                                 double *kish_ess);

/**
 * @brief Weighted quantiles of each coordinate of one chain's draws.
 *
 * For probability p, the smallest draw value q with sum_{k: x_k <= q} w_k >= p
 * (the inverse of the weighted empirical distribution function).
 * @param[in] draws Draws of a contour sampler.
 * @param[in] chain In [0, n_chains), or -1 (as for sgmc_draws_weighted_moments()).
 * @param[in] kind Which weight.
 * @param[in] when Which theta.
 * @param[in] probs @p n_probs probabilities in [0, 1].
 * @param[in] n_probs >= 1.
 * @param[out] out n_probs * d values: out[q * d + j] is quantile probs[q] of coordinate j.
 * @param[in] out_len At least n_probs * d.
 * @return ::SGMC_OK, ::SGMC_ERROR_STATE or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_weighted_quantiles(const sgmc_draws *draws, int64_t chain,
                                                   sgmc_weight_kind kind, sgmc_weight_theta when,
                                                   const double *probs, int64_t n_probs,
                                                   double *out, int64_t out_len);

/**
 * @brief Systematic resampling of one chain's weighted draws to unweighted ones.
 *
 * One U ~ Uniform[0, 1) from @p seed; for i = 0..n_out-1 the point
 * (U + i) / n_out picks the draw k with W_{k-1} <= (U + i) / n_out < W_k,
 * W_k = w_1 + ... + w_k the cumulative normalised weights. Draw k is picked
 * floor(n_out w_k) or ceil(n_out w_k) times, n_out w_k on average.
 * @param[in] draws Draws of a contour sampler.
 * @param[in] chain In [0, n_chains), or -1 (as for sgmc_draws_weighted_moments()).
 * @param[in] kind Which weight.
 * @param[in] when Which theta.
 * @param[in] n_out The number of draws wanted, >= 1.
 * @param[in] seed Seeds the one uniform.
 * @param[out] out @p n_out 0-based draw indices, in increasing order: draw
 *                 i of the resampled set is draw out[i] of sgmc_draws_copy();
 *                 with chain -1, indices into the pooled draws: index
 *                 n_0 + ... + n_{c-1} + i is draw i of chain c (n_c draws).
 * @return ::SGMC_OK, ::SGMC_ERROR_STATE or ::SGMC_ERROR_INVALID_ARGUMENT.
 */
SGMC_API sgmc_status sgmc_draws_resample(const sgmc_draws *draws, int64_t chain,
                                         sgmc_weight_kind kind, sgmc_weight_theta when,
                                         int64_t n_out, uint64_t seed, int64_t *out);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Contour samplers: automatic partition and convergence
 *  SPEC §4.4, docs/contour.md. Unless "contour_u1", "contour_du" or a theta_0
 *  is set (or the sampler is "ksgld"), option "contour_partition" is "auto":
 *  the first "contour_pilot_steps" iterations of every chain (default
 *  max(n_steps / 5, min(2000, n_steps / 2)), or n_steps / 2 for pcsgld and
 *  picsgld without a "step_size", whose pilot holds pSGLD's warm-up; part of
 *  n_steps and of the burn-in, nothing recorded) choose u1, du, m (unless
 *  "contour_m" is set), zeta (unless "contour_zeta" is set) and theta_0 in
 *  two stages: the first half moves with the plain SGLD, SGHMC or pSGLD step
 *  and its energies choose a first partition; the second half runs the
 *  contour sampler on it, and its energies, weighted by their importance
 *  weights, choose the final one. Each chain of csgld, csghmc and pcsgld
 *  chooses from its own pilot; the chains of the interacting samplers choose
 *  together from all pilots. The statistics "contour_u1", "contour_du",
 *  "contour_m", "contour_zeta", "contour_pilot_steps" and "contour_automatic"
 *  of each chain give the partition it ran with (::SGMC_ERROR_STATE for a
 *  chain stopped during its pilot).
 *
 *  Every contour run is also diagnosed: seven statistics per theta (per
 *  chain, or one for all chains of an interacting sampler), each with a
 *  documented limit, and a verdict. A run whose verdict is "not converged"
 *  must not be trusted, whatever its estimates look like.
 *  @{ */

/** @brief The convergence statistics of a contour run (SPEC §4.4), in this
 *         order in the arrays of sgmc_draws_contour_diagnostics(); each is
 *         also the statistic "contour_<name>" of the draws (the name of
 *         sgmc_contour_check_info()). */
typedef enum sgmc_contour_check {
  SGMC_CONTOUR_THETA_MAX = 0,      /**< the largest share of the energy pdf theta estimates in one subregion; fails above 0.9 */
  SGMC_CONTOUR_VISIT_TV = 1,       /**< TV distance of the last half's subregion visits from the fixed point's; fails above 0.2 */
  SGMC_CONTOUR_MULTIPLIER_OUT = 2, /**< share of the last half's moves with a multiplier outside [-2, 4]; fails above 0.05 */
  SGMC_CONTOUR_THETA_DRIFT = 3,    /**< how far (total variation) theta's block averages moved between the two quarters of the last half, when beyond 4 standard errors of their block-to-block spread (else 0); fails above 0.1 */
  SGMC_CONTOUR_KISH_SHARE = 4,     /**< Kish ESS of the weights over the number of draws; fails below 0.01 */
  SGMC_CONTOUR_WEIGHTED_RHAT = 5,  /**< split-chain potential scale reduction of the weighted estimates; fails above 1.1 */
  SGMC_CONTOUR_WEIGHTED_ESS = 6    /**< effective sample size of the weighted means from the spread of 20 block estimates; fails below 400 */
} sgmc_contour_check;

/** The number of statistics of sgmc_contour_check. */
#define SGMC_CONTOUR_CHECKS 7

/** @brief The name, limit and failing side of one statistic.
 *  @param[in] check One of ::sgmc_contour_check.
 *  @param[out] name A static string ("theta_max", ...). May be NULL.
 *  @param[out] limit The limit. May be NULL.
 *  @param[out] fails_above 1 when a value above the limit fails, 0 when a
 *              value below it fails. May be NULL.
 *  @return ::SGMC_OK or ::SGMC_ERROR_INVALID_ARGUMENT. */
SGMC_API sgmc_status sgmc_contour_check_info(sgmc_contour_check check, const char **name,
                                             double *limit, int32_t *fails_above);

/** @brief The statistics of the theta of one chain (for the interacting
 *         samplers, whose chains share theta, the pooled statistics of all
 *         chains, whatever @p chain).
 *
 *  For csgld, csghmc, pcsgld and ksgld, @p chain = -1 gives the row
 *  "across chains" of the verdict: ::SGMC_CONTOUR_WEIGHTED_RHAT over the
 *  halves of all chains and ::SGMC_CONTOUR_WEIGHTED_ESS of the mean of the
 *  chains' estimates (with several chains, the verdict judges
 *  weighted_ess on this row only), NaN for the other statistics.
 *  @param[in] draws Draws of a contour sampler.
 *  @param[in] chain In [0, n_chains), or -1.
 *  @param[out] out ::SGMC_CONTOUR_CHECKS values in the order of
 *              ::sgmc_contour_check; NaN where nothing can be computed (no
 *              draws after the pilot, or too few to cut into blocks).
 *  @param[in] out_len At least ::SGMC_CONTOUR_CHECKS.
 *  @return ::SGMC_OK, ::SGMC_ERROR_STATE (not a contour sampler) or
 *          ::SGMC_ERROR_INVALID_ARGUMENT. */
SGMC_API sgmc_status sgmc_draws_contour_diagnostics(const sgmc_draws *draws, int64_t chain,
                                                    double *out, int64_t out_len);

/** @brief The verdict over every theta of the run (and, for csgld, csghmc,
 *         pcsgld and ksgld with several chains, the weighted R-hat across
 *         them): converged when every statistic is within its limit (also
 *         the statistic "contour_converged" of the draws), with its reasons.
 *  @param[in] draws Draws of a contour sampler.
 *  @param[out] converged 1 or 0. May be NULL.
 *  @param[out] reasons Empty when converged, else one sentence per failing
 *              statistic ("chain 1: theta_max = 0.95 (limit <= 0.9): ..."),
 *              joined by "; ", NUL-terminated. May be NULL with
 *              @p reasons_len 0 (a size query).
 *  @param[in] reasons_len The room in @p reasons, NUL included.
 *  @param[out] needed The room the reasons need, NUL included. May be NULL.
 *  @return ::SGMC_OK; ::SGMC_ERROR_STATE (not a contour sampler);
 *          ::SGMC_ERROR_INVALID_ARGUMENT (also when @p reasons_len is
 *          positive but less than needed: nothing is written then). */
SGMC_API sgmc_status sgmc_draws_contour_verdict(const sgmc_draws *draws, int32_t *converged,
                                                char *reasons, int64_t reasons_len,
                                                int64_t *needed);
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
 *  of an iteration is the state after its accept/reject. The draws hold
 *  each chain's counts and final beta as the statistics "mhbt_proposed"
 *  (= iterations), "mhbt_accepted", "mhbt_forward_proposed" (RSGLD eq. 6,
 *  first case; random-walk and SGLD proposals count as forward),
 *  "mhbt_forward_accepted" and "mhbt_beta" (the backward noise scale
 *  beta >= 1). The first evaluation (at x0) and the adjustment proposals of
 *  adaptive beta are not iterations and are not counted.
 *  @{ */
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Interacting contour samplers
 *  ICSGLD, ICSGHMC and pICSGLD ("sampler" = "icsgld", "icsghmc", "picsgld";
 *  docs/interacting_contour.md): sgmc_sample() runs P = "n_chains" contour
 *  chains that share one theta. Every iteration k all chains evaluate (in
 *  parallel), giving J_1..J_P, and theta takes one step with the averaged
 *  field, every term from the same theta_k, summed in chain order
 *  (ICSGLD eq. 5, SPEC §5):
 *
 *      theta_{k+1}(i) = theta_k(i) + omega_k (1/P) sum_p [ s_p (1{i=J_p} - theta_k(i))
 *                                     + omega_k rho 1{i>=J_p} (1{i=J_p} - theta_k(i)) ],
 *      s_p = theta_k(J_p) ("linear", the default for these samplers) or theta_k(J_p)^zeta,
 *
 *  then every chain records x_k with its weight and moves with the
 *  multiplier from theta_{k+1}. "contour_pilot_steps" K_pilot > 0 sets
 *  theta_0 from plain SGLD: K_pilot steps per chain, the histogram of the
 *  indices of all pilot states plus 1e-4 per bin, normalised. The draws are
 *  bitwise the same for any "threads" (and any number of MPI processes,
 *  sgmc_mpi.h). n_chains = 1 is allowed: it is CSGLD with the same field.
 *
 *  The shared theta and its trajectory are those of any chain: the
 *  statistics "theta" and "theta_trace" of chain 0. The weighted
 *  estimates with chain = -1 (sgmc_draws_weighted_moments(),
 *  sgmc_draws_weighted_quantiles(), sgmc_draws_resample()) pool the draws
 *  of all chains, chain 0 first, in the order of sgmc_draws_copy().
 *  @{ */
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* SGMC_SGMC_H */
