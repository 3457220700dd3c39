# The "sgmc_draws" class: draws as an iterations x chains x variables array,
# their energies and iterations, and what the sampler adds (importance
# log-weights and theta for contour samplers, cycles for cyclical ones, swap
# statistics for replica exchange; the step size and friction each chain
# ran with and what an automatic warm-up measured), each read by name
# (record.R): a part is there when the library recorded it. The C draws
# handle is kept for the on-demand functions (other weights, resampling,
# weighted summaries).

.sgmc_try_state <- function(expr) tryCatch(expr, sgmc_error_state = function(e) NULL)

# The names of the model's d parameters: the user's or the R layer's
# (model$names), else the library's for a built-in model (feature names,
# "(Intercept)", "log_sigma", an MLP's w1[h,j], ...; docs/models.md), else
# x[1], ..., x[d].
.sgmc_variables <- function(model, d) {
  if (!is.null(model$names) && length(model$names) == d) return(model$names)
  if (is.null(model$handle)) return(paste0("x[", seq_len(d), "]"))
  vapply(seq_len(d) - 1, function(j) c_sgmc_model_parameter_name(model$handle, j), "")
}

# h: the draws handle of a run (chains 0 .. n_chains - 1).
.sgmc_new_draws <- function(h, model, opts) {
  shape <- c_sgmc_draws_shape(h)
  n_chains <- shape$n_chains
  d <- shape$dim
  # Draws per chain: all the same unless a fault of the model stopped the
  # run; shorter chains are padded with NA.
  counts <- vapply(seq_len(n_chains), function(c) c_sgmc_draws_count(h, c - 1), 0)
  n_draws <- if (n_chains > 0) max(counts) else 0
  variables <- .sgmc_variables(model, d)
  arr <- array(NA_real_, c(n_draws, n_chains, d),
               dimnames = list(iteration = NULL, chain = NULL, variable = variables))
  for (c in seq_len(n_chains)) {
    n <- counts[c]
    if (n > 0) arr[seq_len(n), c, ] <- matrix(c_sgmc_draws_copy(h, c - 1, n * d), n, d, byrow = TRUE)
  }
  out <- structure(list(draws = arr, sampler = .sgmc_get_option(opts, "sampler"), model = model$kind,
                        n_chains = n_chains, n_draws = n_draws, dim = d, draws_per_chain = counts,
                        variables = variables, handle = h, seed = .sgmc_get_option(opts, "seed"),
                        temperature = .sgmc_get_option(opts, "temperature")),
                   class = "sgmc_draws")
  out$energy <- .sgmc_per_draw(out, "energy")
  out$steps <- .sgmc_per_draw(out, "step")
  out$faults <- .sgmc_per_chain(out, "faults")
  out$temperatures <- .sgmc_per_chain(out, "temperature")
  out$model_handle <- model$handle
  columns <- sgmc_columns(out)
  stats <- sgmc_stats(out)
  if ("log_weight" %in% columns) {
    # Each chain's own partition (an automatic one may differ per chain):
    # sgmc_contour_partition(); these are chain 1's.
    partition <- sgmc_contour_partition(out)
    out$contour <- list(m = max(.sgmc_chain_m(out)), n_thetas = nrow(sgmc_theta_trace(out)),
                        zeta = partition$zeta[1], u1 = partition$u1[1], du = partition$du[1],
                        partition = partition)
    out$log_weights <- sgmc_log_weights(out)
    out$theta <- sgmc_theta(out)
  }
  if ("cycle" %in% columns) {
    out$cycles <- sgmc_cycles(out)
    out$n_cycles <- sgmc_stat(out, "cycles")
  }
  if ("swap_attempts" %in% stats) {
    out$swap_stats <- sgmc_swap_stats(out)
    out$temperature_max <- sgmc_stat(out, "temperature_max")
  }
  out$step_size <- .sgmc_per_chain(out, "step_size")
  if ("friction" %in% stats) out$friction <- .sgmc_per_chain(out, "friction")
  if ("rw_scale" %in% stats) out$rw_scale <- .sgmc_per_chain(out, "rw_scale")
  if ("rms_decay" %in% stats) out$rms_decay <- .sgmc_per_chain(out, "rms_decay")
  if ("warm_up_curvature" %in% stats) out$warm_up <- .sgmc_warm_up(out)
  if ("warm_up_acceptance" %in% stats) out$warm_up$acceptance <- .sgmc_per_chain(out, "warm_up_acceptance")
  if ("mhbt_proposed" %in% stats) out$acceptance <- sgmc_acceptance(out)
  if (n_chains > 0) out$verdict <- sgmc_verdict(out)
  out
}

# What an automatic warm-up (docs/warm_up.md) measured, a row per chain.
.sgmc_warm_up <- function(x) {
  data.frame(search_steps = .sgmc_per_chain(x, "warm_up_search_steps"),
             search_converged = .sgmc_per_chain(x, "warm_up_search_converged") != 0,
             windows = .sgmc_per_chain(x, "warm_up_windows"),
             curvature = .sgmc_per_chain(x, "warm_up_curvature"),
             noise = .sgmc_per_chain(x, "warm_up_noise"))
}

# The settings the chains ran with, as the sgmc program's line says them:
# "step_size 1.0e-03, friction 0.05" as set, or "warm-up: step_size 1.2e-04
# (chains 1.1e-04 .. 1.3e-04), friction 0.12, search 150 iterations
# (converged), 11 windows" as an automatic warm-up chose them. NULL
# without chains.
.sgmc_settings_line <- function(x) {
  if (length(x$step_size) == 0) return(NULL)
  # MHBT's random walk: its delta is its step.
  scale <- if (is.null(x$rw_scale)) "step_size " else "rw_scale "
  step <- if (is.null(x$rw_scale)) x$step_size else x$rw_scale
  line <- paste0(scale, .sgmc_median_span(step, function(v) sprintf("%.1e", v)))
  short <- function(v) formatC(v, digits = 2, format = "g")
  if (!is.null(x$friction)) line <- paste0(line, ", friction ", .sgmc_median_span(x$friction, short))
  if (!is.null(x$rms_decay))
    line <- paste0(line, ", rms_decay ", .sgmc_span(x$rms_decay, function(v) trimws(formatC(v, digits = 4, format = "g"))))
  if (!is.null(x$temperature_max))
    line <- paste0(line, ", temperature_max ", trimws(formatC(x$temperature_max, digits = 3, format = "g")))
  w <- x$warm_up
  if (!is.null(w$acceptance)) line <- paste0(line, ", acceptance ", .sgmc_median_span(w$acceptance, short))
  if (is.null(w)) return(line)
  k <- sum(w$search_converged)
  search <- if (k == nrow(w)) "converged" else if (k == 0) "not converged" else
    sprintf("converged in %d of %d chains", k, nrow(w))
  count <- function(v) sprintf("%.0f", v)
  sprintf("warm-up: %s, search %s iterations (%s), %s windows", line, .sgmc_span(w$search_steps, count),
          search, .sgmc_span(w$windows, count))
}

# "x" when the chains agree (as show() writes them), else "min .. max".
.sgmc_span <- function(v, show) {
  low <- show(min(v))
  high <- show(max(v))
  if (low == high) low else paste(low, "..", high)
}

# "x", or the median "x (chains min .. max)" when the chains differ.
.sgmc_median_span <- function(v, show) {
  range <- .sgmc_span(v, show)
  if (range == show(min(v))) return(range)
  sprintf("%s (chains %s)", show(sort(v)[length(v) %/% 2 + 1]), range)
}

.sgmc_each_chain <- function(x, fun) {
  lapply(seq_len(x$n_chains) - 1, function(k) fun(x$handle, k))
}

# Column `name` of every chain: n_draws x n_chains, padded with NA.
.sgmc_per_draw <- function(x, name) {
  out <- matrix(NA_real_, x$n_draws, x$n_chains)
  for (c in seq_len(x$n_chains)) {
    n <- x$draws_per_chain[c]
    if (n > 0) out[seq_len(n), c] <- sgmc_column(x, name, chain = c)
  }
  out
}

# A one-number statistic of every chain.
.sgmc_per_chain <- function(x, name) {
  vapply(seq_len(x$n_chains), function(c) as.numeric(sgmc_stat(x, name, chain = c)), 0)
}

# Evaluations each chain rejected under on_fault = "reject" (docs/faults.md).
sgmc_faults <- function(x) {
  .check_draws(x)
  x$faults
}

.check_draws <- function(x) {
  if (!inherits(x, "sgmc_draws")) stop("'x' must be an sgmc_draws object from sgmc_sample()", call. = FALSE)
}

.weight_code <- function(kind, theta) {
  kind <- match.arg(kind, c("interpolated", "bin"))
  theta <- match.arg(theta, c("running", "final"))
  c(kind = if (kind == "interpolated") 0 else 1, when = if (theta == "running") 0 else 1)
}

.check_contour <- function(x) {
  .check_draws(x)
  if (!"log_weight" %in% sgmc_columns(x))
    stop(sprintf("sampler '%s' has no importance weights (contour samplers have: %s)",
                 x$sampler, .sgmc_family_text("contour")), call. = FALSE)
}

# Importance log-weights (n_draws x n_chains), defined up to a constant per
# chain: the column "log_weight", "log_weight_bin", "log_weight_final" or
# "log_weight_bin_final".
sgmc_log_weights <- function(x, kind = c("interpolated", "bin"), theta = c("running", "final")) {
  .check_contour(x)
  kind <- match.arg(kind[1], c("interpolated", "bin"))
  theta <- match.arg(theta[1], c("running", "final"))
  .sgmc_per_draw(x, paste0("log_weight", if (kind == "bin") "_bin", if (theta == "final") "_final"))
}

# The m of every chain: an automatic partition may give each its own.
.sgmc_chain_m <- function(x) {
  vapply(seq_len(x$n_chains), function(c) length(sgmc_stat(x, "theta", chain = c)), 0)
}

# The final theta of every chain: an m x n_chains matrix, m the largest
# over the chains; a chain with fewer subregions is padded with NA.
sgmc_theta <- function(x) {
  .check_contour(x)
  thetas <- lapply(seq_len(x$n_chains), function(c) sgmc_stat(x, "theta", chain = c))
  out <- matrix(NA_real_, max(lengths(thetas)), x$n_chains)
  for (c in seq_len(x$n_chains)) out[seq_along(thetas[[c]]), c] <- thetas[[c]]
  out
}

# The trajectory of theta of one chain (option theta_thin > 0): n_thetas x
# the chain's m.
sgmc_theta_trace <- function(x, chain = 1) {
  .check_contour(x)
  chain <- .check_chain(x, chain)
  trace <- sgmc_stat(x, "theta_trace", chain = chain)
  if (is.matrix(trace)) trace else matrix(trace, nrow = 1) # one theta kept
}

# The 1-based subregion index of every draw: n_draws x n_chains.
sgmc_contour_index <- function(x) {
  .check_contour(x)
  .sgmc_per_draw(x, "subregion") + 1
}

.check_chain <- function(x, chain) {
  if (!is.numeric(chain) || length(chain) != 1L || is.na(chain) || chain < 1 || chain > x$n_chains || chain != round(chain))
    stop(sprintf("'chain' must be a whole number in 1..%d", x$n_chains), call. = FALSE)
  as.integer(chain)
}

# pooled = NULL: pooled for the interacting samplers, per chain otherwise.
# Their chains share one theta, so the weights of all chains are comparable
# and the estimates can pool them.
.check_pooled <- function(x, pooled) {
  interacting <- .sgmc_in_family(x$sampler, "interacting")
  if (is.null(pooled)) return(interacting)
  if (.check_flag(pooled, "pooled") && !interacting)
    stop(sprintf("'pooled' = TRUE: sampler '%s' has a theta per chain; pooled estimates need an interacting contour sampler (%s)",
                 x$sampler, .sgmc_family_text("interacting")), call. = FALSE)
  pooled
}

.check_probs <- function(probs) {
  if (!is.numeric(probs) || length(probs) < 1L || anyNA(probs) || any(probs < 0 | probs > 1))
    stop(sprintf("'probs' = %s: must be numbers in [0, 1]", paste(deparse(probs), collapse = "")), call. = FALSE)
  as.numeric(probs)
}

# Weighted (self-normalised) summaries, pooled over the chains of an
# interacting contour sampler, or per chain and averaged over chains.
sgmc_weighted_summary <- function(x, probs = c(0.05, 0.5, 0.95), kind = c("interpolated", "bin"),
                                  theta = c("running", "final"), pooled = NULL) {
  .check_contour(x)
  probs <- .check_probs(probs)
  pooled <- .check_pooled(x, pooled)
  w <- .weight_code(kind[1], theta[1])
  d <- x$dim
  n_q <- length(probs) * d
  estimate <- function(mo, q) list(mean = mo$mean, sd = sqrt(mo$variance), kish_ess = mo$kish_ess,
                                   q = matrix(q, length(probs), d, byrow = TRUE))
  per_chain <- if (pooled) {
    h <- x$handle
    list(estimate(c_sgmc_draws_weighted_moments(h, -1, w[["kind"]], w[["when"]], d),
                  c_sgmc_draws_weighted_quantiles(h, -1, w[["kind"]], w[["when"]], probs, n_q)))
  } else {
    .sgmc_each_chain(x, function(h, k) {
      estimate(c_sgmc_draws_weighted_moments(h, k, w[["kind"]], w[["when"]], d),
               c_sgmc_draws_weighted_quantiles(h, k, w[["kind"]], w[["when"]], probs, n_q))
    })
  }
  avg <- function(f) Reduce(`+`, lapply(per_chain, f)) / length(per_chain)
  q <- avg(function(p) p$q)
  out <- data.frame(variable = x$variables, mean = avg(function(p) p$mean), sd = avg(function(p) p$sd),
                    stringsAsFactors = FALSE)
  for (i in seq_along(probs)) out[[sprintf("q%s", format(100 * probs[i]))]] <- q[i, ]
  if (!pooled && x$n_chains > 1) {
    means <- sapply(per_chain, function(p) p$mean)
    out$mcse_mean <- if (d == 1) sd(means) / sqrt(x$n_chains) else apply(matrix(means, nrow = d), 1, sd) / sqrt(x$n_chains)
  }
  attr(out, "kish_ess") <- vapply(per_chain, function(p) p$kish_ess, 0)
  attr(out, "pooled") <- pooled
  out
}

# Systematic resampling of weighted draws to n unweighted ones: of the draws
# of all chains pooled (a draws_array of n iterations x 1 chain x variables,
# attribute "index": the 1-based positions in the pooled draws, chain 1's
# first), or of each chain (n iterations x chains x variables).
sgmc_resample <- function(x, n = x$n_draws, seed = NULL, kind = c("interpolated", "bin"),
                          theta = c("running", "final"), pooled = NULL) {
  .check_contour(x)
  if (!is.numeric(n) || length(n) != 1L || is.na(n) || n < 1 || n != round(n))
    stop(sprintf("'n' = %s: must be a whole number >= 1", paste(deparse(n), collapse = "")), call. = FALSE)
  pooled <- .check_pooled(x, pooled)
  w <- .weight_code(kind[1], theta[1])
  seed <- .sgmc_seed(seed)
  if (pooled) {
    idx <- c_sgmc_r_draws_resample(x$handle, -1, w[["kind"]], w[["when"]], seed, n) + 1
    all_draws <- do.call(rbind, lapply(seq_len(x$n_chains), function(c)
      matrix(x$draws[seq_len(x$draws_per_chain[c]), c, ], ncol = x$dim)))
    arr <- array(all_draws[idx, ], c(n, 1, x$dim), dimnames = list(NULL, NULL, x$variables))
    out <- posterior::as_draws_array(arr)
    attr(out, "index") <- idx
    return(out)
  }
  idx <- .sgmc_each_chain(x, function(h, k) c_sgmc_r_draws_resample(h, k, w[["kind"]], w[["when"]], seed, n) + 1)
  arr <- array(NA_real_, c(n, x$n_chains, x$dim), dimnames = list(NULL, NULL, x$variables))
  for (c in seq_len(x$n_chains)) arr[, c, ] <- x$draws[idx[[c]], c, , drop = FALSE]
  posterior::as_draws_array(arr)
}

# Cycles (1-based) of the draws of a cyclical run: n_draws x n_chains.
sgmc_cycles <- function(x) {
  .check_draws(x)
  if (!"cycle" %in% sgmc_columns(x))
    stop(sprintf("sampler '%s' has no cycles (%s have)", x$sampler, .sgmc_family_text("cyclical")),
         call. = FALSE)
  .sgmc_per_draw(x, "cycle") + 1
}

# Cycle weights (n_cycles x n_chains): "equal" or "harmonic" (built-in models only).
sgmc_cycle_weights <- function(x, weighting = c("equal", "harmonic")) {
  weighting <- match.arg(weighting)
  cycles <- sgmc_cycles(x)
  m <- sgmc_stat(x, "cycles")
  model <- x$model_handle
  if (weighting == "harmonic" && is.null(model))
    stop("harmonic cycle weights need a built-in model (the model is evaluated in C)", call. = FALSE)
  if (is.null(model)) model <- c_sgmc_model_target("mix1d", 0, 0) # ignored for equal weights
  code <- if (weighting == "equal") 0 else 1
  matrix(unlist(.sgmc_each_chain(x, function(h, k) c_sgmc_draws_cycle_weights(h, k, model, code, m))), m, x$n_chains)
}

# Swap attempts and acceptances of each neighbouring pair of a resgld run.
sgmc_swap_stats <- function(x) {
  .check_draws(x)
  r <- x$n_chains
  if (!"swap_attempts" %in% sgmc_stats(x))
    stop(sprintf("swap statistics exist for sampler '%s' only", .sgmc_family_text("replica_exchange")), call. = FALSE)
  attempts <- sgmc_stat(x, "swap_attempts")
  accepts <- sgmc_stat(x, "swap_accepts")
  data.frame(pair = sprintf("%d-%d", seq_len(r - 1), seq_len(r - 1) + 1), attempts = attempts,
             accepts = accepts, rate = ifelse(attempts > 0, accepts / attempts, NA_real_))
}

# MHBT's acceptance statistics, one row per chain.
sgmc_acceptance <- function(x) {
  .check_draws(x)
  if (!"mhbt_proposed" %in% sgmc_stats(x))
    stop(sprintf("acceptance statistics exist for sampler '%s' only", .sgmc_family_text("mhbt")), call. = FALSE)
  out <- data.frame(chain = seq_len(x$n_chains))
  for (name in c("proposed", "accepted", "forward_proposed", "forward_accepted", "beta")) {
    out[[name]] <- .sgmc_per_chain(x, paste0("mhbt_", name))
  }
  out$rate <- ifelse(out$proposed > 0, out$accepted / out$proposed, NA_real_)
  out
}

sgmc_temperatures <- function(x) {
  .check_draws(x)
  x$temperatures
}

# The draws and lp__ as a plain iterations x chains x variables array: what
# every conversion below starts from. lp__ is minus the (stochastic) energy,
# Stan's log density up to a constant, so tools that know Stan's draws
# treat it alike. For resgld only chain 1 (the target's temperature) is kept
# unless all_replicas = TRUE.
.sgmc_array <- function(x, lp = TRUE, all_replicas = FALSE) {
  keep <- if (!is.null(x$swap_stats) && !all_replicas) 1 else seq_len(x$n_chains)
  arr <- x$draws[, keep, , drop = FALSE]
  if (!lp) return(arr)
  # The energies are one more slice along the last (variable) dimension.
  array(c(arr, -x$energy[, keep]), dim(arr) + c(0, 0, 1),
        dimnames = list(iteration = NULL, chain = NULL, variable = c(x$variables, "lp__")))
}

# bayesplot calls as.array() on objects that are not posterior draws.
as.array.sgmc_draws <- function(x, lp = TRUE, all_replicas = FALSE, ...) .sgmc_array(x, lp, all_replicas)

# Draws of every chain as a posterior draws_array. For contour samplers
# weights = TRUE (the default) adds the importance weights as .log_weight,
# normalised per chain so that every chain counts equally.
as_draws_array.sgmc_draws <- function(x, weights = TRUE, lp = TRUE, all_replicas = FALSE, ...) {
  out <- posterior::as_draws_array(.sgmc_array(x, lp, all_replicas))
  if (isTRUE(weights) && !is.null(x$log_weights) && x$n_draws > 0) {
    lw <- apply(x$log_weights, 2, function(v) v - (max(v) + log(sum(exp(v - max(v))))))
    out <- posterior::weight_draws(out, as.numeric(lw), log = TRUE)
  }
  out
}

# posterior's other formats (and its generics' defaults, such as
# summarise_draws(), which call as_draws()) go through the draws_array, so
# the arguments above apply to every format.
as_draws.sgmc_draws <- function(x, ...) as_draws_array(x, ...)
as_draws_df.sgmc_draws <- function(x, ...) as_draws_df(as_draws_array(x, ...))
as_draws_matrix.sgmc_draws <- function(x, ...) as_draws_matrix(as_draws_array(x, ...))
as_draws_list.sgmc_draws <- function(x, ...) as_draws_list(as_draws_array(x, ...))
as_draws_rvars.sgmc_draws <- function(x, ...) as_draws_rvars(as_draws_array(x, ...))

# coda (a Suggests: the method is registered when coda is loaded). coda has
# no weights: the contour samplers' draws come unweighted.
as.mcmc.list.sgmc_draws <- function(x, lp = TRUE, all_replicas = FALSE, ...) {
  arr <- .sgmc_array(x, lp, all_replicas)
  coda::mcmc.list(lapply(seq_len(dim(arr)[2]), function(c)
    coda::mcmc(matrix(arr[, c, ], dim(arr)[1], dimnames = list(NULL, dimnames(arr)[[3]])))))
}

print.sgmc_draws <- function(x, ...) {
  cat(sprintf("<sgmc_draws: %s on %s; %d chain%s x %d draws x %d variables>\n", x$sampler, x$model,
              x$n_chains, if (x$n_chains == 1) "" else "s", x$n_draws, x$dim))
  if (!is.null(x$log_weights)) cat(sprintf("  contour: m = %d subregions, importance log-weights in $log_weights, theta in $theta\n", x$contour$m))
  if (!is.null(x$cycles)) cat(sprintf("  cyclical: %d cycles, cycle of each draw in $cycles\n", x$n_cycles))
  if (!is.null(x$acceptance)) cat(sprintf("  mhbt: acceptance rate %s (per chain, in $acceptance)\n",
                                          paste(format(x$acceptance$rate, digits = 2), collapse = " ")))
  if (!is.null(x$swap_stats)) cat(sprintf("  replica exchange: temperatures %s; swap rates %s\n",
                                          paste(format(x$temperatures, digits = 3), collapse = " "),
                                          paste(format(x$swap_stats$rate, digits = 2), collapse = " ")))
  if (!is.null(settings <- .sgmc_settings_line(x))) cat("  ", settings, "\n", sep = "")
  if (!is.null(x$verdict)) cat("  ", .sgmc_verdict_line(x$verdict), " (sgmc_verdict())\n", sep = "")
  if (any(x$faults > 0)) cat(sprintf("  rejected faults of the model per chain: %s (in $faults)\n",
                                     paste(x$faults, collapse = " ")))
  if (any(x$draws_per_chain < x$n_draws)) cat(sprintf("  draws per chain: %s (a fault stopped the run; padded with NA)\n",
                                                      paste(x$draws_per_chain, collapse = " ")))
  invisible(x)
}

summary.sgmc_draws <- function(object, ...) {
  x <- object
  if (x$n_draws < 1) stop("no draws to summarise", call. = FALSE)
  arr <- .sgmc_array(x, lp = FALSE)
  if (!is.null(x$log_weights)) {
    s <- sgmc_weighted_summary(x)
    s$kish_ess <- sum(attr(s, "kish_ess"))
    weighted <- TRUE
    pooled <- attr(s, "pooled")
  } else {
    s <- posterior::summarise_draws(posterior::as_draws_array(arr), "mean", "sd",
                                    ~quantile(.x, probs = c(0.05, 0.5, 0.95)), "rhat", "ess_bulk")
    s <- as.data.frame(s)
    weighted <- pooled <- FALSE
  }
  structure(list(table = s, weighted = weighted, pooled = pooled, sampler = x$sampler, n_chains = x$n_chains,
                 n_draws = x$n_draws, swap_stats = x$swap_stats, settings = .sgmc_settings_line(x)),
            class = "summary.sgmc_draws")
}

print.summary.sgmc_draws <- function(x, digits = 3, ...) {
  cat(sprintf("%s: %d chain%s x %d draws%s\n", x$sampler, x$n_chains, if (x$n_chains == 1) "" else "s",
              x$n_draws, if (!x$weighted) "" else if (x$pooled) " (importance-weighted estimates, chains pooled)"
              else " (importance-weighted estimates, averaged over chains)"))
  if (!is.null(x$settings)) cat(x$settings, "\n", sep = "")
  print(x$table, digits = digits, row.names = FALSE)
  if (!is.null(x$swap_stats)) { cat("swaps:\n"); print(x$swap_stats, digits = digits, row.names = FALSE) }
  invisible(x)
}
