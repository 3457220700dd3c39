# sgmc_sample(): runs a sampler on a model and returns an "sgmc_draws" object.

sgmc_sample <- function(model, sampler = "sgld", n_steps = 1000, ..., x0 = NULL,
                        n_chains = 1, threads = 0, seed = NULL, theta0 = NULL) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  opts <- sgmc_options(sampler = sampler, n_steps = n_steps, n_chains = n_chains,
                       threads = threads, seed = .sgmc_seed(seed), ..., theta0 = theta0)
  n_chains <- .sgmc_get_option(opts, "n_chains")
  x0 <- .sgmc_start(x0, model$dim, n_chains)
  fault <- NULL
  if (is.null(model$r_functions)) {
    # t(): the C API takes the starts chain after chain (x0 is chains x dim).
    res <- c_sgmc_r_sample(model$handle, opts, as.numeric(t(x0)))
    if (res$status < 0) {
      # A fault of the model stopped the run: the draws so far come back.
      fault <- list(status = res$status, message = c_sgmc_last_error(), parent = NULL)
    } else if (c_sgmc_r_was_interrupted() != 0) {
      warning("sgmc_sample() was interrupted: the draws made so far are returned", call. = FALSE)
    }
    handles <- list(res$out)
    chain_map <- cbind(handle = rep(1L, n_chains), chain = seq_len(n_chains) - 1L)
  } else {
    run <- .sgmc_run_r_model(model, opts, x0, n_chains)
    handles <- run$handles
    fault <- run$fault
    chain_map <- cbind(handle = seq_len(n_chains), chain = rep(0L, n_chains))
  }
  draws <- .sgmc_new_draws(handles, chain_map, model, opts)
  if (!is.null(fault)) stop(.sgmc_fault(fault, draws))
  .sgmc_warn_not_converged(draws)
}

# sgmc_resume(): continues the run saved in a checkpoint file, with the
# draws of the whole run.
sgmc_resume <- function(model, path, threads = NULL, checkpoint_every = NULL,
                        checkpoint_file = NULL) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("'path' must be one file name", call. = FALSE)
  placement <- list(threads = threads, checkpoint_every = checkpoint_every,
                    checkpoint_file = checkpoint_file)
  overrides <- do.call(sgmc_options, placement[!vapply(placement, is.null, logical(1))])
  if (!is.null(model$r_functions)) return(.sgmc_resume_r_model(model, path, placement))
  opts <- c_sgmc_checkpoint_options(path)
  res <- c_sgmc_r_resume(model$handle, path, overrides)
  # A fault of the model stopped the resumed run: the draws so far come
  # back in an sgmc_fault condition, as from sgmc_sample().
  fault <- if (res$status < 0) list(status = res$status, message = c_sgmc_last_error(), parent = NULL)
  if (is.null(fault) && c_sgmc_r_was_interrupted() != 0)
    warning("sgmc_resume() was interrupted: the draws made so far are returned", call. = FALSE)
  n_chains <- c_sgmc_draws_shape(res$out)$n_chains
  chain_map <- cbind(handle = rep(1L, n_chains), chain = seq_len(n_chains) - 1L)
  draws <- .sgmc_new_draws(list(res$out), chain_map, model, opts)
  if (!is.null(fault)) stop(.sgmc_fault(fault, draws))
  .sgmc_warn_not_converged(draws)
}

# The R-model run saved as "<path>.chain<c>" files, continued chain by chain.
.sgmc_resume_r_model <- function(model, path, placement) {
  opts <- c_sgmc_checkpoint_options(.sgmc_chain_file(path, 1))
  # The chains go on saving where they were saved unless told otherwise.
  if (is.null(placement$checkpoint_file)) placement$checkpoint_file <- path
  for (key in names(placement)) if (!is.null(placement[[key]])) .sgmc_set_option(opts, key, placement[[key]])
  n_chains <- .sgmc_get_option(opts, "n_chains")
  run <- .sgmc_run_r_model(model, opts, NULL, n_chains, resume_from = path)
  chain_map <- cbind(handle = seq_len(n_chains), chain = rep(0L, n_chains))
  draws <- .sgmc_new_draws(run$handles, chain_map, model, opts)
  if (!is.null(run$fault)) stop(.sgmc_fault(run$fault, draws))
  .sgmc_warn_not_converged(draws)
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

.sgmc_user_error <- function(msg, parent = NULL) {
  structure(class = c("sgmc_model_error", "sgmc_error", "error", "condition"),
            list(message = msg, call = NULL, parent = parent))
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

# An R function's value: a numeric vector of length len. A wrong type or
# length, NA, NaN or Inf is an R error here, which the caller treats as a
# fault of the model naming the function.
.sgmc_check_value <- function(v, what, len) {
  if (!is.numeric(v) || length(v) != len)
    stop(sprintf("%s must return %d number%s, not %s of length %d", what, len, if (len == 1) "" else "s",
                 class(v)[1], length(v)), call. = FALSE)
  if (anyNA(v) || any(!is.finite(v)))
    stop(sprintf("%s returned a non-finite value (%s)", what, format(v[!is.finite(v)][1])), call. = FALSE)
  as.numeric(v)
}

# The chains of an R model run on R's thread through ask/tell, in rounds of
# progress_every iterations, chain after chain within a round (as
# sgmc_sample() runs a model that is not thread-safe). An R error in the
# user's functions (or a malformed or non-finite value) is a fault of the
# model, told to the chain (sgmc_chain_tell_fault): under on_fault =
# "reject" the chain redraws the batch and counts it; under "error", or at
# max_consecutive_faults in a row, the chain stops as it was, the other
# chains finish the round, and the run ends with the lowest chain's fault.
# Returns list(handles = one draws handle per chain, fault = NULL or
# list(status, message, parent)).
#
# With "checkpoint_file" set, each chain saves itself (sgmc_chain_save) to
# "<checkpoint_file>.chain<c>" at every multiple of "checkpoint_every" and at
# the end; the chains are independent, so each file alone continues its
# chain. `resume_from` names such a set of files to continue from.
.sgmc_run_r_model <- function(model, opts, x0, n_chains, resume_from = NULL) {
  n_steps <- .sgmc_get_option(opts, "n_steps")
  every <- .sgmc_get_option(opts, "progress_every")
  path <- .sgmc_get_option(opts, "checkpoint_file")
  checkpoint_every <- .sgmc_get_option(opts, "checkpoint_every")
  chains <- vector("list", n_chains)
  on.exit(for (ch in chains) if (!is.null(ch)) c_sgmc_r_release(ch))
  for (ci in seq_len(n_chains)) {
    chains[[ci]] <- if (is.null(resume_from)) {
      c_sgmc_r_chain_create(opts, model$data_size, x0[ci, ], ci - 1)
    } else {
      .sgmc_load_r_chain(model, .sgmc_chain_file(resume_from, ci))
    }
  }
  faults <- vector("list", n_chains)
  done <- min(vapply(chains, function(ch) as.numeric(c_sgmc_chain_steps_done(ch)), 0))
  upto <- function(k) if (k > 0) (done %/% k + 1) * k else n_steps
  while (done < n_steps) {
    end <- min(n_steps, upto(every), upto(checkpoint_every))
    for (ci in seq_len(n_chains)) faults[ci] <- list(.sgmc_advance_r_chain(model, opts, chains[[ci]], ci, end))
    done <- end
    if (!all(vapply(faults, is.null, TRUE))) break
    if (nzchar(path) && (end == n_steps || (checkpoint_every > 0 && end %% checkpoint_every == 0)))
      for (ci in seq_len(n_chains)) c_sgmc_chain_save(chains[[ci]], .sgmc_chain_file(path, ci))
  }
  list(handles = lapply(chains, c_sgmc_chain_draws), fault = Find(Negate(is.null), faults))
}

.sgmc_chain_file <- function(path, ci) sprintf("%s.chain%d", path, ci)

# A chain saved by .sgmc_run_r_model(), checked against the model.
.sgmc_load_r_chain <- function(model, file) {
  chain <- c_sgmc_chain_load(file)
  shape <- c_sgmc_chain_shape(chain)
  if (shape$dim != model$dim || shape$data_size != model$data_size) {
    c_sgmc_r_release(chain)
    stop(sprintf("checkpoint '%s' was written for dim = %d and N = %d, not the model's %d and %d",
                 file, as.integer(shape$dim), as.integer(shape$data_size), model$dim, model$data_size),
         call. = FALSE)
  }
  chain
}

# Advances chain ci of an R model to iteration `end`; returns NULL, or the
# fault that stopped it.
.sgmc_advance_r_chain <- function(model, opts, chain, ci, end) {
  f <- model$r_functions
  d <- model$dim
  n_data <- model$data_size
  bs <- .sgmc_get_option(opts, "batch_size")
  cap <- if (n_data == 0) 0 else if (bs == 0) n_data else bs
  vr <- .sgmc_get_option(opts, "contour_vr_period") > 0
  reject <- .sgmc_get_option(opts, "on_fault") == "reject"
  limit <- .sgmc_get_option(opts, "max_consecutive_faults")
  everything <- seq_len(n_data)
  # Loop on the chain's own count: some samplers (mhbt) ask for
  # evaluations that are not iterations.
  while ((done <- c_sgmc_chain_steps_done(chain)) < end) {
    step <- done + 1
    what <- ""
    stopped <- tryCatch({
      a <- c_sgmc_chain_ask(chain, d, cap)
      batch <- as.integer(a$batch) + 1L
      if (vr) {
        ctl <- c_sgmc_chain_ask_control(chain, d)
        what <- "energy function (control point)"
        sb <- .sgmc_check_value(f$energy(ctl$xbar, batch), "the energy function", 1)
        full <- if (ctl$full) .sgmc_check_value(f$energy(ctl$xbar, everything), "the energy function", 1) else 0
        what <- ""
        c_sgmc_chain_tell_control(chain, sb, full)
      }
      x <- a$x
      if (!is.null(model$names)) names(x) <- model$names
      what <- "energy function"
      e <- .sgmc_check_value(f$energy(x, batch), "the energy function", 1)
      what <- "gradient function"
      g <- .sgmc_check_value(f$gradient(x, batch), "the gradient function", d)
      pe <- 0
      pg <- NULL
      if (!is.null(f$prior_energy)) {
        what <- "prior energy function"
        pe <- .sgmc_check_value(f$prior_energy(x), "the prior energy function", 1)
        what <- "prior gradient function"
        pg <- .sgmc_check_value(f$prior_gradient(x), "the prior gradient function", d)
      }
      what <- ""
      # The library's own check (a sum that overflows, ...) applies the
      # policy too: under "reject" the tell is then counted, not made.
      if (n_data == 0) {
        # A data-free target: its whole energy is the prior term U0.
        c_sgmc_r_chain_tell(chain, 0, NULL, e + pe, if (is.null(pg)) g else g + pg)
      } else {
        c_sgmc_r_chain_tell(chain, e, g, pe, pg)
      }
      NULL
    }, sgmc_error_nonfinite = function(err) {
      list(status = -2, message = conditionMessage(err), parent = NULL)
    }, error = function(err) {
      if (inherits(err, "sgmc_error") && !nzchar(what)) stop(err)
      cause <- sprintf("the %s failed: %s", if (nzchar(what)) what else "evaluation", conditionMessage(err))
      rejected <- tryCatch({
        c_sgmc_chain_tell_fault(chain, cause)
        TRUE
      }, sgmc_error_callback = function(e) FALSE)
      if (rejected) return(NULL)
      msg <- sprintf("the model's %s failed at chain %d, step %d: %s",
                     if (nzchar(what)) what else "evaluation", ci, step, conditionMessage(err))
      if (reject)
        msg <- sprintf("chain %d faulted %d times in a row at step %d (max_consecutive_faults = %d); the last fault: %s",
                       ci, limit, step, limit, msg)
      list(status = -3, message = msg, parent = err)
    })
    if (!is.null(stopped)) return(stopped)
  }
  NULL
}
