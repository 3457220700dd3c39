# sgmc_sample(): runs a sampler on a model and returns an "sgmc_draws" object.

sgmc_sample <- function(model, sampler = "sgld", n_steps = 1000, ..., x0 = NULL,
                        n_chains = 1, threads = 0, seed = 1, theta0 = NULL) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  opts <- sgmc_options(sampler = sampler, n_steps = n_steps, n_chains = n_chains,
                       threads = threads, seed = seed, ..., theta0 = theta0)
  n_chains <- .sgmc_get_option(opts, "n_chains")
  x0 <- .sgmc_start(x0, model$dim, n_chains)
  if (!is.null(model$r_functions) && nzchar(.sgmc_get_option(opts, "checkpoint_file")))
    stop("'checkpoint_file': runs of models written in R are not checkpointed yet; ",
         "use a built-in or C model, or save the draws yourself", call. = FALSE)
  if (is.null(model$r_functions)) {
    draws <- c_sgmc_sample(model$handle, opts, x0)
    if (c_sgmc_r_was_interrupted() != 0)
      warning("sgmc_sample() was interrupted: the draws made so far are returned", call. = FALSE)
    handles <- list(draws)
    chain_map <- cbind(handle = rep(1L, n_chains), chain = seq_len(n_chains) - 1L)
  } else {
    handles <- .sgmc_run_r_model(model, opts, x0, n_chains)
    chain_map <- cbind(handle = seq_len(n_chains), chain = rep(0L, n_chains))
  }
  .sgmc_new_draws(handles, chain_map, model, opts)
}

# sgmc_resume(): continues the run saved in a checkpoint file, with the
# draws of the whole run.
sgmc_resume <- function(model, path, threads = NULL, checkpoint_every = NULL,
                        checkpoint_file = NULL) {
  if (!inherits(model, "sgmc_model")) stop("'model' must be an sgmc_model (see sgmc_target(), sgmc_model_r())", call. = FALSE)
  if (!is.character(path) || length(path) != 1 || is.na(path))
    stop("'path' must be one file name", call. = FALSE)
  if (!is.null(model$r_functions))
    stop("runs of models written in R are not checkpointed, so they cannot be resumed", call. = FALSE)
  placement <- list(threads = threads, checkpoint_every = checkpoint_every,
                    checkpoint_file = checkpoint_file)
  overrides <- do.call(sgmc_options, placement[!vapply(placement, is.null, logical(1))])
  opts <- c_sgmc_checkpoint_options(path)
  draws <- c_sgmc_resume(model$handle, path, overrides)
  if (c_sgmc_r_was_interrupted() != 0)
    warning("sgmc_resume() was interrupted: the draws made so far are returned", call. = FALSE)
  n_chains <- c_sgmc_draws_shape(draws)$n_chains
  chain_map <- cbind(handle = rep(1L, n_chains), chain = seq_len(n_chains) - 1L)
  .sgmc_new_draws(list(draws), chain_map, model, opts)
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

.sgmc_check_value <- function(v, what, len) {
  if (!is.numeric(v) || length(v) != len)
    stop(sprintf("%s must return %d number%s, not %s of length %d", what, len, if (len == 1) "" else "s",
                 class(v)[1], length(v)), call. = FALSE)
  if (anyNA(v) || any(!is.finite(v)))
    stop(sprintf("%s returned a non-finite value (%s)", what, format(v[!is.finite(v)][1])), call. = FALSE)
  as.numeric(v)
}

# One chain per loop on R's thread: the library asks where to evaluate, R
# evaluates, the library is told. An R error inside the user's functions is
# caught here, before any tell, so the chain is left as it was; it is
# re-raised with the chain and the step.
.sgmc_run_r_model <- function(model, opts, x0, n_chains) {
  f <- model$r_functions
  d <- model$dim
  n_data <- model$data_size
  n_steps <- .sgmc_get_option(opts, "n_steps")
  bs <- .sgmc_get_option(opts, "batch_size")
  cap <- if (n_data == 0) 0 else if (bs == 0) n_data else bs
  vr <- .sgmc_get_option(opts, "contour_vr_period") > 0
  everything <- seq_len(n_data)
  handles <- vector("list", n_chains)
  for (ci in seq_len(n_chains)) {
    chain <- c_sgmc_r_chain_create(opts, n_data, x0[ci, ], ci - 1)
    step <- 0
    what <- ""
    tryCatch({
      # Loop on the chain's own count: some samplers (mhbt) ask for
      # evaluations that are not iterations.
      while ((done <- c_sgmc_chain_steps_done(chain)) < n_steps) {
        step <- done + 1
        a <- c_sgmc_chain_ask(chain, d, cap)
        batch <- as.integer(a$batch) + 1L
        if (vr) {
          ctl <- c_sgmc_chain_ask_control(chain, d)
          what <- "energy function (control point)"
          sb <- .sgmc_check_value(f$energy(ctl$xbar, batch), "the energy function", 1)
          full <- if (ctl$full) .sgmc_check_value(f$energy(ctl$xbar, everything), "the energy function", 1) else 0
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
        if (n_data == 0) {
          # A data-free target: its whole energy is the prior term U0.
          c_sgmc_r_chain_tell(chain, 0, NULL, e + pe, if (is.null(pg)) g else g + pg)
        } else {
          c_sgmc_r_chain_tell(chain, e, g, pe, pg)
        }
      }
    }, error = function(err) {
      if (inherits(err, "sgmc_error") && !nzchar(what)) stop(err)
      stop(.sgmc_user_error(sprintf("the model's %s failed at chain %d, step %d: %s",
                                    if (nzchar(what)) what else "evaluation", ci, step,
                                    conditionMessage(err)), err))
    })
    handles[[ci]] <- c_sgmc_chain_draws(chain)
    c_sgmc_r_release(chain)
  }
  handles
}
