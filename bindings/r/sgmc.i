/* SWIG interface of the sgmc C API for R (swig -r).
 *
 * The low-level R functions are the C functions renamed "c_sgmc_*" (so that
 * the idiomatic layer in R/ can use the plain names). The typemaps below make
 * them R-shaped:
 *
 *  - handles (sgmc_options, sgmc_model, sgmc_data, sgmc_draws, sgmc_run)
 *    are R external pointers tagged with their type (and of S3 class
 *    "<type>_handle"); an out-parameter handle
 *    becomes the return value, with a finalizer calling its destroy function
 *    (c_sgmc_r_release() releases one at once); a handle of the wrong type or
 *    an already released one is an R error, never a crash;
 *  - a negative sgmc_status becomes R's stop() with a condition of class
 *    c("sgmc_error_<kind>", "sgmc_error", "error", "condition") whose
 *    message is sgmc_last_error();
 *  - scalars are checked (length 1, type, NA, whole numbers for int64_t);
 *  - input arrays are R numeric vectors whose lengths are checked against
 *    the sizes they go with; output arrays are allocated here from the
 *    length the caller asks for and returned;
 *  - the outputs of a call are returned: one value as it is, several as a
 *    named list.
 *
 * Callbacks are not wrapped: R functions run through the run-level ask/tell
 * API (R/sample.R), on R's own thread, two C calls per ask:
 * c_sgmc_r_run_ask() hands out all the evaluations of an ask and
 * c_sgmc_r_run_tell() takes all their results. The chain-level ask/tell
 * API is not wrapped (the run drives every chain).
 */
%module sgmc

/* SWIG's R_init_sgmc() registers the routines; ours, at the end of this
 * file, calls it and then allows registered routines only (R CMD
 * check's advice: no symbol search). */
%begin %{
#define R_init_sgmc sgmc_r_swig_init
%}

%{
#include <limits.h>
#include <math.h>
#include <string.h>
#include <stdint.h>
#include <R.h>
#include <Rinternals.h>
#include <R_ext/Utils.h>
#include "sgmc/sgmc.h"

/* ---- errors: R's stop() with a classed condition ---------------------- */
static void sgmc_r_stop_msg(const char *kind, const char *msg) {
  SEXP cond = PROTECT(Rf_allocVector(VECSXP, 2));
  SEXP names = PROTECT(Rf_allocVector(STRSXP, 2));
  SEXP cls = PROTECT(Rf_allocVector(STRSXP, 4));
  SET_VECTOR_ELT(cond, 0, Rf_mkString(msg));
  SET_VECTOR_ELT(cond, 1, R_NilValue);
  SET_STRING_ELT(names, 0, Rf_mkChar("message"));
  SET_STRING_ELT(names, 1, Rf_mkChar("call"));
  Rf_setAttrib(cond, R_NamesSymbol, names);
  SET_STRING_ELT(cls, 0, Rf_mkChar(kind));
  SET_STRING_ELT(cls, 1, Rf_mkChar("sgmc_error"));
  SET_STRING_ELT(cls, 2, Rf_mkChar("error"));
  SET_STRING_ELT(cls, 3, Rf_mkChar("condition"));
  Rf_setAttrib(cond, R_ClassSymbol, cls);
  {
    SEXP call = PROTECT(Rf_lang2(Rf_install("stop"), cond));
    Rf_eval(call, R_BaseEnv); /* does not return */
    UNPROTECT(1);
  }
  UNPROTECT(3);
}

static void sgmc_r_stop_status(sgmc_status status) {
  char kind[64];
  const char *name = sgmc_status_name(status); /* "SGMC_ERROR_INVALID_ARGUMENT" */
  size_t i, n = strlen(name);
  const char *msg = sgmc_last_error();
  if (n > 5 && strncmp(name, "SGMC_", 5) == 0) { name += 5; n -= 5; }
  if (n > sizeof kind - 6) n = sizeof kind - 6;
  memcpy(kind, "sgmc_", 5);
  for (i = 0; i < n; ++i) {
    char c = name[i];
    kind[5 + i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
  }
  kind[5 + n] = '\0';
  sgmc_r_stop_msg(kind, msg[0] ? msg : sgmc_status_name(status));
}

static void sgmc_r_arg_error(const char *arg, const char *what) {
  char buf[512];
  snprintf(buf, sizeof buf, "argument '%s': %s", arg, what);
  sgmc_r_stop_msg("sgmc_error_invalid_argument", buf);
}

/* ---- scalars ---------------------------------------------------------- */
static int64_t sgmc_r_int64(SEXP x, const char *arg) {
  double v;
  if ((TYPEOF(x) != INTSXP && TYPEOF(x) != REALSXP) || XLENGTH(x) != 1)
    sgmc_r_arg_error(arg, "must be a single number");
  if (TYPEOF(x) == INTSXP) {
    if (INTEGER(x)[0] == NA_INTEGER) sgmc_r_arg_error(arg, "must not be NA");
    return (int64_t)INTEGER(x)[0];
  }
  v = REAL(x)[0];
  if (ISNAN(v)) sgmc_r_arg_error(arg, "must not be NA or NaN");
  if (!R_FINITE(v) || fabs(v) > 9007199254740992.0) sgmc_r_arg_error(arg, "must be finite");
  if (v != floor(v)) sgmc_r_arg_error(arg, "must be a whole number");
  return (int64_t)v;
}

static double sgmc_r_double(SEXP x, const char *arg) {
  if ((TYPEOF(x) != INTSXP && TYPEOF(x) != REALSXP) || XLENGTH(x) != 1)
    sgmc_r_arg_error(arg, "must be a single number");
  if (TYPEOF(x) == INTSXP)
    return INTEGER(x)[0] == NA_INTEGER ? NA_REAL : (double)INTEGER(x)[0];
  return REAL(x)[0]; /* NaN and Inf are the C API's to reject */
}

static const char *sgmc_r_string(SEXP x, const char *arg) {
  if (TYPEOF(x) != STRSXP || XLENGTH(x) != 1) sgmc_r_arg_error(arg, "must be a single string");
  if (STRING_ELT(x, 0) == NA_STRING) sgmc_r_arg_error(arg, "must not be NA");
  return Rf_translateCharUTF8(STRING_ELT(x, 0));
}

/* A numeric vector's values as doubles (NULL allowed when nullable). */
static const double *sgmc_r_doubles(SEXP x, const char *arg, int nullable, R_xlen_t *len) {
  if (Rf_isNull(x) && nullable) { *len = 0; return NULL; }
  if (TYPEOF(x) == REALSXP) { *len = XLENGTH(x); return REAL(x); }
  if (TYPEOF(x) == INTSXP) {
    R_xlen_t i, n = XLENGTH(x);
    double *d = (double *)R_alloc((size_t)(n > 0 ? n : 1), sizeof(double));
    for (i = 0; i < n; ++i) d[i] = INTEGER(x)[i] == NA_INTEGER ? NA_REAL : INTEGER(x)[i];
    *len = n;
    return d;
  }
  sgmc_r_arg_error(arg, "must be a numeric vector");
  return NULL;
}

/* ---- handles ---------------------------------------------------------- */
static void sgmc_r_finalize(SEXP h) {
  void *p = R_ExternalPtrAddr(h);
  SEXP tag = R_ExternalPtrTag(h);
  const char *t;
  if (p == NULL || TYPEOF(tag) != SYMSXP) return;
  t = CHAR(PRINTNAME(tag));
  if (strcmp(t, "sgmc_options") == 0) sgmc_options_destroy((sgmc_options *)p);
  else if (strcmp(t, "sgmc_model") == 0) sgmc_model_destroy((sgmc_model *)p);
  else if (strcmp(t, "sgmc_data") == 0) sgmc_data_destroy((sgmc_data *)p);
  else if (strcmp(t, "sgmc_draws") == 0) sgmc_draws_destroy((sgmc_draws *)p);
  else if (strcmp(t, "sgmc_run") == 0) sgmc_run_destroy((sgmc_run *)p);
  R_ClearExternalPtr(h);
}

static SEXP sgmc_r_handle(void *p, const char *type) {
  SEXP h, cls;
  if (p == NULL) return R_NilValue;
  h = PROTECT(R_MakeExternalPtr(p, Rf_install(type), R_NilValue));
  R_RegisterCFinalizerEx(h, sgmc_r_finalize, TRUE);
  cls = PROTECT(Rf_allocVector(STRSXP, 2));
  { /* "sgmc_model_handle": not "sgmc_model", the idiomatic layer's class */
    char name[64];
    snprintf(name, sizeof name, "%s_handle", type);
    SET_STRING_ELT(cls, 0, Rf_mkChar(name));
  }
  SET_STRING_ELT(cls, 1, Rf_mkChar("sgmc_handle"));
  Rf_setAttrib(h, R_ClassSymbol, cls);
  UNPROTECT(2);
  return h;
}

static void *sgmc_r_ptr(SEXP h, const char *type, const char *arg) {
  char buf[160];
  void *p;
  if (TYPEOF(h) != EXTPTRSXP || R_ExternalPtrTag(h) != Rf_install(type)) {
    snprintf(buf, sizeof buf, "must be an %s handle", type);
    sgmc_r_arg_error(arg, buf);
  }
  p = R_ExternalPtrAddr(h);
  if (p == NULL) {
    snprintf(buf, sizeof buf, "the %s handle has been released", type);
    sgmc_r_arg_error(arg, buf);
  }
  return p;
}

/* ---- outputs: one value as it is, several as a named list ------------- */
static SEXP sgmc_r_push(SEXP result, SEXP value, const char *name) {
  SEXP out, names, old_names;
  R_xlen_t i, n;
  PROTECT(value);
  /* SWIG's own list of outputs (no names) is replaced by ours. */
  if (Rf_isNull(result) || Rf_isNull(Rf_getAttrib(result, R_NamesSymbol))) {
    out = PROTECT(Rf_allocVector(VECSXP, 1));
    SET_VECTOR_ELT(out, 0, value);
    names = PROTECT(Rf_mkString(name));
    Rf_setAttrib(out, R_NamesSymbol, names);
    UNPROTECT(3);
    return out;
  }
  n = XLENGTH(result);
  old_names = Rf_getAttrib(result, R_NamesSymbol);
  out = PROTECT(Rf_allocVector(VECSXP, n + 1));
  names = PROTECT(Rf_allocVector(STRSXP, n + 1));
  for (i = 0; i < n; ++i) {
    SET_VECTOR_ELT(out, i, VECTOR_ELT(result, i));
    SET_STRING_ELT(names, i, STRING_ELT(old_names, i));
  }
  SET_VECTOR_ELT(out, n, value);
  SET_STRING_ELT(names, n, Rf_mkChar(name));
  Rf_setAttrib(out, R_NamesSymbol, names);
  UNPROTECT(3);
  return out;
}

static SEXP sgmc_r_int64s(const int64_t *v, R_xlen_t n) {
  SEXP out = PROTECT(Rf_allocVector(REALSXP, n));
  R_xlen_t i;
  for (i = 0; i < n; ++i) REAL(out)[i] = (double)v[i];
  UNPROTECT(1);
  return out;
}

static R_xlen_t sgmc_r_length(SEXP x, const char *arg) {
  int64_t n = sgmc_r_int64(x, arg);
  if (n < 0 || n > ((int64_t)1 << 40)) sgmc_r_arg_error(arg, "must be a length in [0, 2^40]");
  return (R_xlen_t)n;
}

/* ---- progress and interrupts ------------------------------------------
 * sgmc_sample() calls its progress callback on the thread that called it
 * (R's), between rounds, while no worker runs: the callback checks for
 * Ctrl-C, which cancels the run with the draws so far, and calls the R
 * function `tick(steps_done)` given to c_sgmc_r_sample() or
 * c_sgmc_r_resume() (R_NilValue: none).
 * R_ToplevelExec catches any longjmp (the interrupt's, an R error's)
 * before it reaches C++ frames; the R layer's tick never fails. */
static int sgmc_r_interrupted = 0;
typedef struct sgmc_r_tick {
  SEXP fun;
  int64_t done;
} sgmc_r_tick;
static void sgmc_r_tick_fn(void *data) {
  const sgmc_r_tick *tick = (const sgmc_r_tick *)data;
  R_CheckUserInterrupt();
  if (tick->fun != R_NilValue) {
    SEXP call = PROTECT(Rf_lang2(tick->fun, Rf_ScalarReal((double)tick->done)));
    Rf_eval(call, R_GlobalEnv);
    UNPROTECT(1);
  }
}
static int sgmc_r_progress(int64_t done, int64_t total, void *user) {
  sgmc_r_tick tick;
  (void)total;
  tick.fun = (SEXP)user;
  tick.done = done;
  if (R_ToplevelExec(sgmc_r_tick_fn, &tick) == FALSE) {
    sgmc_r_interrupted = 1;
    return 1;
  }
  return 0;
}
%}

/* Low-level names: c_sgmc_*; the idiomatic layer owns the plain names. */
%rename("%(regex:/^(sgmc_.*)$/c_\\1/)s", %$isfunction) "";

/* Not wrapped: destroy functions (finalizers and c_sgmc_r_release() call
 * them, so a handle can never be freed twice), C callbacks (R functions
 * use ask/tell), and the plain-array diagnostics. */
%ignore sgmc_options_destroy;
%ignore sgmc_model_destroy;
%ignore sgmc_data_destroy;
%ignore sgmc_draws_destroy;
%ignore sgmc_run_destroy;
%ignore sgmc_model_from_callback;
%ignore sgmc_convergence;
%ignore sgmc_kl_nearest_neighbour;
%ignore sgmc_kl_histogram;
%ignore sgmc_total_variation;
%ignore sgmc_mode_masses;
%ignore sgmc_mode_coverage;
%ignore sgmc_status_name;
/* For C programs such as sgmc (apps/): R reads its data, faults, summaries
 * and weights through its own layer (R/draws.R, R/faults.R). */
%ignore sgmc_last_fault;
%ignore sgmc_option_domain;
%ignore sgmc_model_energy;
%ignore sgmc_data_copy;
%ignore sgmc_summary_stats;
%ignore sgmc_normalise_log_weights;
/* R names the parameters of its draws itself when the user gives names
 * (R/draws.R); the built-in models' names come from
 * sgmc_model_parameter_name. */
%ignore sgmc_model_set_parameter_names;
/* Runs over several processes are libsgmc_mpi's (sgmc_mpi.h), not R's. */
%ignore sgmc_exchange;
%ignore sgmc_sample_distributed;
%ignore sgmc_chain_block;
%ignore sgmc_draws_save_bytes;
%ignore sgmc_draws_load_bytes;
%ignore sgmc_fail;
/* The run's evaluations go through the bulk shims sgmc_r_run_ask() and
 * sgmc_r_run_tell() below: one C call each per ask, not per evaluation. */
%ignore sgmc_evaluation;
%ignore sgmc_run_ask;
%ignore sgmc_run_evaluation;
%ignore sgmc_run_tell;
%ignore sgmc_run_tell_fault;
%ignore sgmc_run_progress;
%ignore sgmc_run_steps_done;
%ignore sgmc_run_position;
%ignore sgmc_run_save;
/* sgmc_chain_block: an R run is one process's. */
%rename("$ignore", regextarget=1, %$isfunction) "^sgmc_chain_";
/* Replaced by the sgmc_r_* shims at the end, whose arrays carry their own
 * lengths (SWIG's R module has no multi-input typemaps). */
%ignore sgmc_model_gaussian;
%ignore sgmc_data_create;
%ignore sgmc_draws_resample;
%ignore sgmc_draws_contour_verdict;
%ignore sgmc_draws_verdict;
%ignore sgmc_draws_check;

/* Every buffer here lives on the stack or in R's memory: nothing to free()
 * (the R module's default freearg frees pointer arguments). */
%typemap(freearg) SWIGTYPE *, SWIGTYPE **, int64_t *, int32_t *, double *, const double *,
  long *, long long *, int *, const char **, char *, const char * ""

/* ---- status ------------------------------------------------------------ */
%typemap(out) sgmc_status {
  if ($1 < 0) sgmc_r_stop_status($1);
  $result = R_NilValue;
}
%typemap(scoerceout) sgmc_status
%{ if (is.list($result) && length($result) == 1L) $result <- $result[[1L]] %}
%typemap(rtype) sgmc_status "NULL"

/* ---- scalars ----------------------------------------------------------- */
%typemap(in) int64_t, uint32_t %{ $1 = ($1_ltype)sgmc_r_int64($input, "$1_name"); %}
%typemap(in) uint64_t %{
  { int64_t v_ = sgmc_r_int64($input, "$1_name");
    if (v_ < 0) sgmc_r_arg_error("$1_name", "must be >= 0");
    $1 = (uint64_t)v_; } %}
%typemap(in) double %{ $1 = sgmc_r_double($input, "$1_name"); %}
%typemap(in) const char * %{ $1 = ($1_ltype)sgmc_r_string($input, "$1_name"); %}
%typemap(in) sgmc_weight_kind, sgmc_weight_theta, sgmc_cycle_weighting, sgmc_convergence_stat,
  sgmc_contour_check, sgmc_prior, sgmc_sampler_family
%{ $1 = ($1_ltype)(int)sgmc_r_int64($input, "$1_name"); %}
/* A flag such as sgmc_model_linear_priors()'s intercept: whole numbers
 * only (the R layer passes TRUE and FALSE as 1 and 0); the library checks the range. */
%typemap(in) int %{
  { int64_t v_ = sgmc_r_int64($input, "$1_name");
    if (v_ < INT_MIN || v_ > INT_MAX) sgmc_r_arg_error("$1_name", "must fit in an int");
    $1 = (int)v_; } %}
%typemap(scoercein) int ""
%typemap(scheck) int ""
%typemap(rtype) int "numeric"
%typemap(out) int32_t %{ $result = Rf_ScalarReal((double)$1); %}
%typemap(out) int64_t %{ $result = Rf_ScalarReal((double)$1); %}
%typemap(out) const char * %{ $result = Rf_mkString($1 ? $1 : ""); %}
%typemap(scoercein) int64_t, uint32_t, uint64_t, double, const char *,
  sgmc_weight_kind, sgmc_weight_theta, sgmc_cycle_weighting, sgmc_convergence_stat,
  sgmc_contour_check, sgmc_prior, sgmc_sampler_family ""
%typemap(scheck) int64_t, uint32_t, uint64_t, double, const char *,
  sgmc_weight_kind, sgmc_weight_theta, sgmc_cycle_weighting, sgmc_convergence_stat,
  sgmc_contour_check, sgmc_prior, sgmc_sampler_family ""
%typemap(scoerceout) int32_t, int64_t, const char * ""
%typemap(rtype) int64_t, uint32_t, uint64_t, int32_t "numeric"
%typemap(rtype) sgmc_weight_kind, sgmc_weight_theta, sgmc_cycle_weighting, sgmc_convergence_stat,
  sgmc_contour_check, sgmc_prior, sgmc_sampler_family "numeric"

/* ---- handles ----------------------------------------------------------- */
%define SGMC_R_HANDLE(TYPE)
%typemap(in, numinputs=0) TYPE **out (TYPE *tmp = NULL) %{ $1 = &tmp; %}
%typemap(argout) TYPE **out %{ $result = sgmc_r_push($result, sgmc_r_handle(tmp$argnum, #TYPE), "$1_name"); PROTECT($result); r_nprotect++; %}
%typemap(in) TYPE *, const TYPE * %{ $1 = ($1_ltype)sgmc_r_ptr($input, #TYPE, "$1_name"); %}
%typemap(scoercein) TYPE *, const TYPE *, TYPE ** ""
%typemap(scheck) TYPE *, const TYPE * ""
%typemap(rtype) TYPE *, const TYPE * "externalptr"
%enddef
SGMC_R_HANDLE(sgmc_options)
SGMC_R_HANDLE(sgmc_model)
SGMC_R_HANDLE(sgmc_data)
SGMC_R_HANDLE(sgmc_draws)
SGMC_R_HANDLE(sgmc_run)

/* ---- output scalars ---------------------------------------------------- */
%typemap(in, numinputs=0) int64_t *OUT (int64_t tmp = 0) %{ $1 = &tmp; %}
%typemap(argout) int64_t *OUT %{ $result = sgmc_r_push($result, Rf_ScalarReal((double)tmp$argnum), "$1_name"); PROTECT($result); r_nprotect++; %}
%typemap(in, numinputs=0) int32_t *OUT (int32_t tmp = 0) %{ $1 = &tmp; %}
%typemap(argout) int32_t *OUT %{ $result = sgmc_r_push($result, Rf_ScalarReal((double)tmp$argnum), "$1_name"); PROTECT($result); r_nprotect++; %}
%typemap(in, numinputs=0) double *OUT (double tmp = 0) %{ $1 = &tmp; %}
%typemap(argout) double *OUT %{ $result = sgmc_r_push($result, Rf_ScalarReal(tmp$argnum), "$1_name"); PROTECT($result); r_nprotect++; %}
%typemap(in, numinputs=0) const char **OUT (const char *tmp = NULL) %{ $1 = ($1_ltype)&tmp; %}
%typemap(argout) const char **OUT %{ $result = sgmc_r_push($result, Rf_mkString(tmp$argnum ? tmp$argnum : ""), "$1_name"); PROTECT($result); r_nprotect++; %}
%typemap(in, numinputs=0) sgmc_option_type *OUT (sgmc_option_type tmp = SGMC_OPTION_INT) %{ $1 = &tmp; %}
%typemap(argout) sgmc_option_type *OUT %{
  $result = sgmc_r_push($result, Rf_mkString(tmp$argnum == SGMC_OPTION_INT ? "int"
                                             : tmp$argnum == SGMC_OPTION_DOUBLE ? "double" : "string"), "$1_name"); PROTECT($result); r_nprotect++; %}

%apply int64_t *OUT { int64_t *n_chains, int64_t *n_draws, int64_t *dim, int64_t *data_size,
                      int64_t *n_rows, int64_t *n_features, int64_t *out, int64_t *n,
                      int64_t *rows, int64_t *cols };
%apply int32_t *OUT { int32_t *status, int32_t *fails_above, int32_t *member, int32_t *resumable,
                      int32_t *reads };
%apply double *OUT { double *out, double *limit };
%apply const char **OUT { const char **out, const char **name, const char **doc };
%apply sgmc_option_type *OUT { sgmc_option_type *out, sgmc_option_type *type };
%typemap(in, numinputs=0) sgmc_value_type *OUT (sgmc_value_type tmp = SGMC_VALUE_DOUBLE) %{ $1 = &tmp; %}
%typemap(argout) sgmc_value_type *OUT %{
  $result = sgmc_r_push($result, Rf_mkString(tmp$argnum == SGMC_VALUE_INT64 ? "int" : "double"), "$1_name"); PROTECT($result); r_nprotect++; %}
%apply sgmc_value_type *OUT { sgmc_value_type *type };

/* ---- output arrays: the caller gives the length ------------------------ */
%typemap(in, numinputs=1) (double *out, int64_t out_len) (SEXP buf = R_NilValue) %{
  $2 = (int64_t)sgmc_r_length($input, "$2_name");
  buf = PROTECT(Rf_allocVector(REALSXP, (R_xlen_t)$2)); r_nprotect++;
  $1 = REAL(buf);
%}
%typemap(argout) (double *out, int64_t out_len) %{ $result = sgmc_r_push($result, buf$argnum, "$1_name"); PROTECT($result); r_nprotect++; %}
%apply (double *out, int64_t out_len) { (double *weights, int64_t weights_len),
                                        (double *mean, int64_t dim) };

%typemap(in, numinputs=1) (int64_t *out, int64_t out_len) %{
  $2 = (int64_t)sgmc_r_length($input, "$2_name");
  $1 = (int64_t *)R_alloc((size_t)($2 > 0 ? $2 : 1), sizeof(int64_t));
%}
%typemap(argout) (int64_t *out, int64_t out_len) %{ $result = sgmc_r_push($result, sgmc_r_int64s($1, (R_xlen_t)$2), "$1_name"); PROTECT($result); r_nprotect++; %}

%typemap(in, numinputs=1) (double *mean, double *variance, int64_t dim, double *kish_ess)
  (SEXP bm = R_NilValue, SEXP bv = R_NilValue, double ess = 0) %{
  $3 = (int64_t)sgmc_r_length($input, "dim");
  bm = PROTECT(Rf_allocVector(REALSXP, (R_xlen_t)$3)); r_nprotect++;
  bv = PROTECT(Rf_allocVector(REALSXP, (R_xlen_t)$3)); r_nprotect++;
  $1 = REAL(bm); $2 = REAL(bv); $4 = &ess;
%}
%typemap(argout) (double *mean, double *variance, int64_t dim, double *kish_ess) %{
  $result = sgmc_r_push($result, bm$argnum, "mean"); PROTECT($result); r_nprotect++;
  $result = sgmc_r_push($result, bv$argnum, "variance"); PROTECT($result); r_nprotect++;
  $result = sgmc_r_push($result, Rf_ScalarReal(ess$argnum), "kish_ess"); PROTECT($result); r_nprotect++;
%}

/* ---- input arrays: pointer + length from one R numeric vector ---------- */
/* NULL gives (NULL, 0), for the C API to accept or reject. */
%typemap(in, numinputs=1) (const double *ARRAY, int64_t LEN) (R_xlen_t n = 0) %{
  $1 = (double *)sgmc_r_doubles($input, "$1_name", 1, &n); $2 = (int64_t)n;
%}
%typemap(scoercein) (const double *ARRAY, int64_t LEN) ""
%apply (const double *ARRAY, int64_t LEN) {
  (const double *x0, int64_t x0_len), (const double *theta0, int64_t m),
  (const double *probs, int64_t n_probs), (const double *mean, int64_t mean_len),
  (const double *covariance, int64_t covariance_len), (const double *features, int64_t features_len),
  (const double *targets, int64_t targets_len) };
/* Copy only: R vectors may move or change (never SGMC_DATA_BORROW). */
%typemap(in, numinputs=0) uint32_t flags %{ $1 = 0; %}
/* The progress callback of sgmc_sample() and sgmc_resume() checks for R
 * interrupts (Ctrl-C); that of the shims sgmc_r_sample() and
 * sgmc_r_resume() also calls the R function given as `tick` (NULL: none)
 * with the steps done. */
%typemap(in, numinputs=0) (sgmc_progress_fn progress, void *user) %{
  sgmc_r_interrupted = 0; $1 = sgmc_r_progress; $2 = (void *)R_NilValue;
%}
%typemap(in, numinputs=1) (sgmc_progress_fn progress, void *tick) %{
  if (!Rf_isNull($input) && !Rf_isFunction($input)) sgmc_r_arg_error("tick", "must be NULL or a function");
  sgmc_r_interrupted = 0; $1 = sgmc_r_progress; $2 = (void *)$input;
%}
%typemap(scoercein) (sgmc_progress_fn progress, void *tick) ""

%include <stdint.i>
#define SGMC_API
%include "sgmc/sgmc.h"

%inline %{
/* sgmc_model_gaussian() with the lengths of mean and covariance checked. */
sgmc_status sgmc_r_model_gaussian(sgmc_model **out, const double *mean, int64_t mean_len,
                                  const double *covariance, int64_t covariance_len,
                                  double energy_noise_sd, double grad_noise_sd) {
  if (mean_len < 1) sgmc_r_arg_error("mean", "must have at least one value");
  if ((double)covariance_len != (double)mean_len * (double)mean_len)
    sgmc_r_arg_error("covariance", "must have length(mean)^2 values");
  return sgmc_model_gaussian(out, mean_len, mean, covariance, energy_noise_sd, grad_noise_sd);
}
/* sgmc_data_create() (copying) with the array lengths checked. */
sgmc_status sgmc_r_data_create(sgmc_data **out, int64_t n_rows, int64_t n_features,
                               const double *features, int64_t features_len,
                               const double *targets, int64_t targets_len) {
  if (n_rows < 1 || n_features < 1) sgmc_r_arg_error("n_rows, n_features", "must be >= 1");
  if ((double)features_len != (double)n_rows * (double)n_features)
    sgmc_r_arg_error("features", "must have n_rows * n_features values");
  if (targets_len != n_rows) sgmc_r_arg_error("targets", "must have n_rows values");
  return sgmc_data_create(out, n_rows, n_features, features, targets, 0u);
}
/* sgmc_draws_resample() with n_out = out_len. */
sgmc_status sgmc_r_draws_resample(const sgmc_draws *draws, int64_t chain, sgmc_weight_kind kind,
                                  sgmc_weight_theta when, uint64_t seed, int64_t *out,
                                  int64_t out_len) {
  return sgmc_draws_resample(draws, chain, kind, when, out_len, seed, out);
}
/* Releases a handle at once (its finalizer then does nothing). */
void sgmc_r_release(SEXP handle) {
  if (TYPEOF(handle) == EXTPTRSXP) sgmc_r_finalize(handle);
}
/* sgmc_sample() that keeps the draws of a run a fault of the model
 * stopped: returns list(out = the draws handle, status = the sgmc_status);
 * the message is then c_sgmc_last_error(). A failure without draws (bad
 * arguments, ...) is an R error as for every other call. */
void sgmc_r_sample(sgmc_draws **out, const sgmc_model *model, const sgmc_options *options,
                   const double *x0, int64_t x0_len, sgmc_progress_fn progress, void *tick,
                   int32_t *status) {
  sgmc_status s = sgmc_sample(out, model, options, x0, x0_len, progress, tick);
  if (s < 0 && *out == NULL) sgmc_r_stop_status(s);
  *status = (int32_t)s;
}
/* sgmc_draws_contour_verdict() as list(converged = TRUE/FALSE, reasons = "..."). */
SEXP sgmc_r_draws_contour_verdict(const sgmc_draws *draws) {
  int32_t converged = 0;
  int64_t needed = 0;
  char *text;
  SEXP out;
  sgmc_status s = sgmc_draws_contour_verdict(draws, &converged, NULL, 0, &needed);
  if (s < 0) sgmc_r_stop_status(s);
  text = R_alloc((size_t)needed, 1);
  s = sgmc_draws_contour_verdict(draws, &converged, text, needed, NULL);
  if (s < 0) sgmc_r_stop_status(s);
  out = PROTECT(Rf_allocVector(VECSXP, 2));
  SET_VECTOR_ELT(out, 0, Rf_ScalarLogical(converged != 0));
  SET_VECTOR_ELT(out, 1, Rf_mkString(text));
  UNPROTECT(1);
  return out;
}
/* sgmc_draws_verdict() and every sgmc_draws_check() as list(trusted,
 * reasons, name, value, limit, fails_above, passed, where, meaning). */
SEXP sgmc_r_draws_verdict(const sgmc_draws *draws) {
  int32_t trusted = 0;
  int64_t needed = 0, n = 0;
  char *text;
  SEXP out, name, value, limit, above, passed, where, meaning;
  sgmc_status s = sgmc_draws_verdict(draws, &trusted, NULL, 0, &needed);
  if (s < 0) sgmc_r_stop_status(s);
  text = R_alloc((size_t)needed, 1);
  s = sgmc_draws_verdict(draws, &trusted, text, needed, NULL);
  if (s >= 0) s = sgmc_draws_check_count(draws, &n);
  if (s < 0) sgmc_r_stop_status(s);
  out = PROTECT(Rf_allocVector(VECSXP, 9));
  SET_VECTOR_ELT(out, 0, Rf_ScalarLogical(trusted != 0));
  SET_VECTOR_ELT(out, 1, Rf_mkString(text));
  SET_VECTOR_ELT(out, 2, name = Rf_allocVector(STRSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 3, value = Rf_allocVector(REALSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 4, limit = Rf_allocVector(REALSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 5, above = Rf_allocVector(LGLSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 6, passed = Rf_allocVector(LGLSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 7, where = Rf_allocVector(STRSXP, (R_xlen_t)n));
  SET_VECTOR_ELT(out, 8, meaning = Rf_allocVector(STRSXP, (R_xlen_t)n));
  for (int64_t i = 0; i < n; ++i) {
    const char *nm = NULL, *wh = NULL, *mn = NULL;
    double v = 0, l = 0;
    int32_t a = 0, p = 0;
    s = sgmc_draws_check(draws, i, &nm, &v, &l, &a, &p, &wh, &mn);
    if (s < 0) sgmc_r_stop_status(s);
    SET_STRING_ELT(name, (R_xlen_t)i, Rf_mkChar(nm));
    REAL(value)[i] = v;
    REAL(limit)[i] = l;
    LOGICAL(above)[i] = a != 0;
    LOGICAL(passed)[i] = p != 0;
    SET_STRING_ELT(where, (R_xlen_t)i, Rf_mkChar(wh));
    SET_STRING_ELT(meaning, (R_xlen_t)i, Rf_mkChar(mn));
  }
  UNPROTECT(1);
  return out;
}
/* sgmc_resume() that keeps the draws of a run a fault of the model
 * stopped, as sgmc_r_sample() does. */
void sgmc_r_resume(sgmc_draws **out, const sgmc_model *model, const char *path,
                   const sgmc_options *overrides, sgmc_progress_fn progress, void *tick,
                   int32_t *status) {
  sgmc_status s = sgmc_resume(out, model, path, overrides, progress, tick);
  if (s < 0 && *out == NULL) sgmc_r_stop_status(s);
  *status = (int32_t)s;
}
/* sgmc_run_ask() and every sgmc_run_evaluation() of the ask, in one call:
 * NULL when the run has ended; list(status, message) when a fault of the
 * model has stopped it (the run keeps its draws, for c_sgmc_run_draws());
 * else list(gradient = n logicals (FALSE: S_B only, at a control point),
 * x = n points (named by `names` unless NULL), batch = n vectors of
 * 1-based data indices, done = the steps done, sgmc_run_progress()'s).
 * Which chain an evaluation is for is the library's business (its
 * messages name it). dim is the run's dimension, the
 * model's. Lists rather than matrices: x[[i]] costs R a tenth of x[, i]. */
SEXP sgmc_r_run_ask(sgmc_run *run, int64_t dim, SEXP names) {
  static const char *fields[] = {"gradient", "x", "batch", "done", ""};
  static const char *fault_fields[] = {"status", "message", ""};
  int64_t n = 0, i, j, done = 0, n_steps = 0;
  sgmc_evaluation e;
  SEXP out, x, batch, shared = R_NilValue;
  const int64_t *shared_at = NULL;
  sgmc_status s = sgmc_run_ask(run, &n);
  if (s == SGMC_ERROR_CALLBACK || s == SGMC_ERROR_NONFINITE) {
    out = PROTECT(Rf_mkNamed(VECSXP, fault_fields));
    SET_VECTOR_ELT(out, 0, Rf_ScalarInteger((int)s));
    SET_VECTOR_ELT(out, 1, Rf_mkString(sgmc_last_error()));
    UNPROTECT(1);
    return out;
  }
  if (s < 0) sgmc_r_stop_status(s);
  if (n == 0) return R_NilValue;
  if (dim < 1) sgmc_r_arg_error("dim", "must be >= 1");
  if (!Rf_isNull(names) && (TYPEOF(names) != STRSXP || XLENGTH(names) != dim))
    sgmc_r_arg_error("names", "must be NULL or dim strings");
  out = PROTECT(Rf_mkNamed(VECSXP, fields));
  SET_VECTOR_ELT(out, 0, Rf_allocVector(LGLSXP, (R_xlen_t)n));
  x = Rf_allocVector(VECSXP, (R_xlen_t)n);
  SET_VECTOR_ELT(out, 1, x);
  batch = Rf_allocVector(VECSXP, (R_xlen_t)n);
  SET_VECTOR_ELT(out, 2, batch);
  s = sgmc_run_progress(run, &done, &n_steps);
  if (s < 0) sgmc_r_stop_status(s);
  SET_VECTOR_ELT(out, 3, Rf_ScalarReal((double)done));
  for (i = 0; i < n; ++i) {
    s = sgmc_run_evaluation(run, i, &e);
    if (s < 0) sgmc_r_stop_status(s);
    LOGICAL(VECTOR_ELT(out, 0))[i] = e.gradient != 0;
    SET_VECTOR_ELT(x, i, Rf_allocVector(REALSXP, (R_xlen_t)dim));
    memcpy(REAL(VECTOR_ELT(x, i)), e.x, sizeof(double) * (size_t)dim);
    if (!Rf_isNull(names)) Rf_setAttrib(VECTOR_ELT(x, i), R_NamesSymbol, names);
    /* A chain's control point and its iteration share one batch: one R vector. */
    if (e.batch != shared_at || Rf_isNull(shared) || XLENGTH(shared) != e.batch_size) {
      shared = Rf_allocVector(INTSXP, (R_xlen_t)e.batch_size);
      SET_VECTOR_ELT(batch, i, shared);
      for (j = 0; j < e.batch_size; ++j) INTEGER(shared)[j] = (int)e.batch[j] + 1;
      shared_at = e.batch;
    } else {
      SET_VECTOR_ELT(batch, i, shared);
    }
  }
  UNPROTECT(1);
  return out;
}
/* The results of every evaluation of the last ask, in one call:
 * batch_energy, prior_energy: n numbers; batch_grad, prior_grad: dim x n
 * matrices (prior_grad NULL for zeros); failed: n logicals, and where TRUE
 * the evaluation is a fault (sgmc_run_tell_fault()) whose cause is the
 * string at the same place in cause. data_free: TRUE for a model with
 * N = 0, whose batch terms are told as U0's (the whole energy of a
 * data-free target; the library reads no batch terms without a batch). */
void sgmc_r_run_tell(sgmc_run *run, SEXP data_free, SEXP batch_energy, SEXP batch_grad,
                     SEXP prior_energy, SEXP prior_grad, SEXP failed, SEXP cause) {
  R_xlen_t n = XLENGTH(batch_energy), i, j, dim;
  const double *pg;
  double *sum;
  sgmc_status s;
  if (TYPEOF(data_free) != LGLSXP || XLENGTH(data_free) != 1 || LOGICAL(data_free)[0] == NA_LOGICAL)
    sgmc_r_arg_error("data_free", "must be TRUE or FALSE");
  if (TYPEOF(batch_energy) != REALSXP || n < 1) sgmc_r_arg_error("batch_energy", "must be a numeric vector");
  if (TYPEOF(batch_grad) != REALSXP || XLENGTH(batch_grad) % n != 0)
    sgmc_r_arg_error("batch_grad", "must be a dim x length(batch_energy) numeric matrix");
  dim = XLENGTH(batch_grad) / n;
  if (TYPEOF(prior_energy) != REALSXP || XLENGTH(prior_energy) != n)
    sgmc_r_arg_error("prior_energy", "must be a numeric vector of length(batch_energy)");
  if (!Rf_isNull(prior_grad) && (TYPEOF(prior_grad) != REALSXP || XLENGTH(prior_grad) != dim * n))
    sgmc_r_arg_error("prior_grad", "must be NULL or a matrix of the shape of batch_grad");
  if (TYPEOF(failed) != LGLSXP || XLENGTH(failed) != n)
    sgmc_r_arg_error("failed", "must be a logical vector of length(batch_energy)");
  if (TYPEOF(cause) != STRSXP || XLENGTH(cause) != n)
    sgmc_r_arg_error("cause", "must be a character vector of length(batch_energy)");
  sum = (double *)R_alloc((size_t)dim, sizeof(double));
  for (i = 0; i < n; ++i) {
    const double *bg = REAL(batch_grad) + i * dim;
    if (LOGICAL(failed)[i] == TRUE) {
      s = sgmc_run_tell_fault(run, (int64_t)i, Rf_translateCharUTF8(STRING_ELT(cause, i)));
      if (s < 0) sgmc_r_stop_status(s);
      continue;
    }
    pg = Rf_isNull(prior_grad) ? NULL : REAL(prior_grad) + i * dim;
    if (LOGICAL(data_free)[0]) {
      if (pg != NULL) {
        for (j = 0; j < dim; ++j) sum[j] = bg[j] + pg[j];
        pg = sum;
      } else {
        pg = bg;
      }
      s = sgmc_run_tell(run, (int64_t)i, 0.0, NULL, REAL(batch_energy)[i] + REAL(prior_energy)[i],
                        pg, (int64_t)dim);
    } else {
      s = sgmc_run_tell(run, (int64_t)i, REAL(batch_energy)[i], bg, REAL(prior_energy)[i], pg,
                        (int64_t)dim);
    }
    if (s < 0) sgmc_r_stop_status(s);
  }
}
/* 1 when the last c_sgmc_sample() was stopped by an interrupt. */
int sgmc_r_was_interrupted(void) { return sgmc_r_interrupted; }
/* TRUE when the handle is live. */
int sgmc_r_is_live(SEXP handle) {
  return TYPEOF(handle) == EXTPTRSXP && R_ExternalPtrAddr(handle) != NULL;
}
%}

%wrapper %{
#undef R_init_sgmc
void sgmc_r_swig_init(DllInfo *dll);
SWIGEXPORT void R_init_sgmc(DllInfo *dll) {
  sgmc_r_swig_init(dll);
  R_useDynamicSymbols(dll, FALSE);
}
#define R_init_sgmc sgmc_r_swig_init
%}
