# sgmc_sample(): runs a sampler on a model and returns an "sgmc_draws" object.

sgmc_sample <- function(model, sampler = "sgld", n_steps = 1000, ..., x0 = NULL,
                        n_chains = 4, threads = 0, seed = NULL, theta0 = NULL,
                        progress = interactive()) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  .check_flag(progress, "progress")
  opts <- sgmc_options(sampler = sampler, n_steps = n_steps, n_chains = n_chains,
                       threads = threads, seed = .sgmc_seed(seed), ..., theta0 = theta0)
  n_chains <- .sgmc_get_option(opts, "n_chains")
  # t(): the C API takes the starts chain after chain (x0 is chains x dim).
  x0 <- as.numeric(t(.sgmc_start(x0, model$dim, n_chains)))
  tick <- .sgmc_progress_bar(progress, opts)
  outcome <- if (is.null(model$r_functions)) {
    .sgmc_outcome(c_sgmc_r_sample(model$handle, opts, x0, tick))
  } else {
    .sgmc_run_r_model(model, c_sgmc_run_create(opts, model$dim, model$data_size, x0), tick)
  }
  .sgmc_finish(outcome, model, opts, "sgmc_sample")
}

# sgmc_resume(): continues the run saved in a checkpoint file, with the
# draws of the whole run.
sgmc_resume <- function(model, path, threads = NULL, checkpoint_every = NULL,
                        checkpoint_file = NULL, progress = interactive()) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("'path' must be one file name", call. = FALSE)
  .check_flag(progress, "progress")
  placement <- list(threads = threads, checkpoint_every = checkpoint_every,
                    checkpoint_file = checkpoint_file)
  overrides <- do.call(sgmc_options, placement[!vapply(placement, is.null, logical(1))])
  opts <- c_sgmc_checkpoint_options(path)
  tick <- .sgmc_progress_bar(progress, opts)
  outcome <- if (is.null(model$r_functions)) {
    .sgmc_outcome(c_sgmc_r_resume(model$handle, path, overrides, tick))
  } else {
    .sgmc_run_r_model(model, c_sgmc_run_resume(path, overrides, model$dim, model$data_size), tick)
  }
  .sgmc_finish(outcome, model, opts, "sgmc_resume")
}

# The progress bar of a run (cli; shown when `show` is TRUE and the run
# lasts, closed when the caller returns): NULL without a bar, else the
# function that moves it to the steps done. The library reports every
# "progress_every" steps: a built-in model's run from its progress callback
# (on R's thread, between rounds), an R model's from the loop's asks. A
# failure to draw never stops the run.
.sgmc_progress_bar <- function(show, opts, envir = parent.frame()) {
  if (!show) return(NULL)
  bar <- cli::cli_progress_bar(sprintf("sgmc %s", .sgmc_get_option(opts, "sampler")),
                               total = .sgmc_get_option(opts, "n_steps"), .envir = envir)
  function(done) {
    tryCatch(cli::cli_progress_update(set = done, id = bar, .envir = envir), error = function(e) NULL)
  }
}

# The outcome of a run: list(draws = the draws handle, fault = NULL or
# list(status, message, parent) when a fault of the model stopped the run,
# interrupted = TRUE when Ctrl-C did).
.sgmc_outcome <- function(res) {
  fault <- if (res$status < 0) list(status = res$status, message = c_sgmc_last_error(), parent = NULL)
  list(draws = res$out, fault = fault, interrupted = c_sgmc_r_was_interrupted() != 0)
}

# The draws of an outcome, or the sgmc_fault condition that carries them.
.sgmc_finish <- function(outcome, model, opts, caller) {
  if (is.null(outcome$fault) && outcome$interrupted)
    warning(caller, "() was interrupted: the draws made so far are returned", call. = FALSE)
  draws <- .sgmc_new_draws(outcome$draws, model, opts)
  if (!is.null(outcome$fault)) stop(.sgmc_fault(outcome$fault, draws))
  .sgmc_warn_untrusted(draws)
}

# x0: NULL (zeros), dim values (every chain) or an n_chains x dim matrix.
# Returned as an n_chains x dim matrix.
.sgmc_start <- function(x0, dim, n_chains) {
  if (is.null(x0)) return(matrix(0, n_chains, dim))
  if (!is.numeric(x0)) stop("'x0' must be numeric", call. = FALSE)
  if (anyNA(x0) || any(!is.finite(x0))) stop("'x0' must be finite (no NA, NaN or Inf)", call. = FALSE)
  if (is.matrix(x0)) {
    if (!identical(dim(x0), as.integer(c(n_chains, dim))))
      stop(sprintf("'x0' must be a vector of length %d or a %d x %d matrix (chains x dimension), not %d x %d",
                   dim, n_chains, dim, nrow(x0), ncol(x0)), call. = FALSE)
    storage.mode(x0) <- "double"
    return(x0)
  }
  if (length(x0) != dim)
    stop(sprintf("'x0' has length %d; the model's dimension is %d", length(x0), dim), call. = FALSE)
  matrix(as.numeric(x0), n_chains, dim, byrow = TRUE)
}

# The condition of a run stopped by a fault of the model (docs/faults.md):
# class "sgmc_fault" (then "sgmc_model_error" for an error of R functions,
# else the C status's class), with the draws made so far in $draws.
.sgmc_fault <- function(fault, draws) {
  kind <- if (!is.null(fault$parent)) "sgmc_model_error" else
    if (fault$status == -2) "sgmc_error_nonfinite" else "sgmc_error_callback"
  structure(class = c("sgmc_fault", kind, "sgmc_error", "error", "condition"),
            list(message = fault$message, call = NULL, parent = fault$parent, draws = draws))
}

# Runs an R model's ask/tell run (sgmc_run_*) to its end on R's thread:
# the library decides rounds, checkpoints and faults; this loop only
# evaluates. An R error in the user's functions, or a value of the wrong
# type or length, is told as a fault of the model whose cause names the
# function; a non-finite value is passed on for the library to judge
# (under "on_fault", as for built-in models). Ctrl-C ends the run with the
# draws so far. tick: NULL, or the function .sgmc_progress_bar() returns.
# Returns an outcome as .sgmc_outcome() does.
.sgmc_run_r_model <- function(model, run, tick = NULL) {
  f <- model$r_functions
  energy <- f$energy
  gradient_of <- f$gradient
  prior_energy <- f$prior_energy
  prior_gradient <- f$prior_gradient
  has_prior <- !is.null(prior_energy)
  d <- model$dim
  variables <- model$names
  data_free <- model$data_size == 0
  # The current ask: n evaluations, i of them made; their results, and
  # whether one of them failed.
  n <- 0L
  i <- 0L
  faulted <- FALSE
  shown <- 0
  # The function being evaluated; NULL while the library's calls run, whose
  # errors are no fault of the model.
  what <- NULL
  last_error <- NULL
  # One tryCatch per run and one more per error, not one per evaluation (a
  # tryCatch costs as much as the rest of an evaluation): after an error the
  # loop goes on with the evaluation after the one that failed.
  repeat {
    ended <- tryCatch({
      repeat {
        while (i < n) {
          i <- i + 1L
          xi <- x[[i]]
          what <- "energy"
          v <- energy(xi, batch[[i]])
          if (!is.numeric(v) || length(v) != 1L) stop(.sgmc_malformed(v, what, 1L))
          be[i] <- v
          if (gradient[i]) {
            what <- "gradient"
            v <- gradient_of(xi, batch[[i]])
            if (!is.numeric(v) || length(v) != d) stop(.sgmc_malformed(v, what, d))
            bg[, i] <- v
            if (has_prior) {
              what <- "prior energy"
              v <- prior_energy(xi)
              if (!is.numeric(v) || length(v) != 1L) stop(.sgmc_malformed(v, what, 1L))
              pe[i] <- v
              what <- "prior gradient"
              v <- prior_gradient(xi)
              if (!is.numeric(v) || length(v) != d) stop(.sgmc_malformed(v, what, d))
              pg[, i] <- v
            }
          }
        }
        what <- NULL
        # The registered routines of c_sgmc_r_run_tell() and
        # c_sgmc_r_run_ask(), called directly: SWIG's R wrappers look the
        # routine up by name at every call, about 4 us per ask
        # (bench/r_overhead).
        if (n > 0L) .Call(R_swig_c_sgmc_r_run_tell, run, data_free, be, bg, pe, pg, failed, cause)
        ev <- .Call(R_swig_c_sgmc_r_run_ask, run, d, variables, FALSE)
        if (is.null(ev) || !is.null(ev$status)) break
        if (!is.null(tick) && ev$done != shown) tick(shown <- ev$done)
        x <- ev$x
        batch <- ev$batch
        gradient <- ev$gradient
        i <- 0L
        if (length(gradient) != n || faulted) {
          # Buffers of the ask's size, kept while the size stays: a value
          # left from an earlier ask is not read (a failed or energy-only
          # evaluation's gradient) or is overwritten.
          n <- length(gradient)
          be <- numeric(n)
          pe <- numeric(n)
          bg <- matrix(0, d, n)
          pg <- if (has_prior) matrix(0, d, n)
          failed <- logical(n)
          cause <- character(n)
          faulted <- FALSE
        }
      }
      ev
    }, error = identity, interrupt = identity)
    if (!inherits(ended, "error")) break
    if (is.null(what)) stop(ended)
    last_error <- ended
    faulted <- TRUE
    failed[i] <- TRUE
    cause[i] <- if (inherits(ended, "sgmc_malformed")) conditionMessage(ended) else
      sprintf("the %s function failed: %s", what, conditionMessage(ended))
  }
  fault <- if (is.list(ended) && !is.null(ended$status)) {
    list(status = ended$status, message = ended$message, parent = if (ended$status == -3) last_error)
  }
  list(draws = c_sgmc_run_draws(run), fault = fault, interrupted = inherits(ended, "interrupt"))
}

# The value of the user's function `what` is not `len` numbers.
.sgmc_malformed <- function(v, what, len) {
  structure(class = c("sgmc_malformed", "error", "condition"),
            list(message = sprintf("the %s function must return %d number%s, not %s of length %d", what, len,
                                   if (len == 1) "" else "s", class(v)[1], length(v)),
                 call = NULL))
}
