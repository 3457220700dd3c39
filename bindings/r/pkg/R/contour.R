# The contour samplers' automatic partition and convergence verdict (SPEC
# §4.4, docs/contour.md): what partition every chain ran with, the
# statistics of every theta against their limits, and the verdict that
# sgmc_verdict() (verdict.R) includes as its checks "contour_<name>".

# The partition, zeta and pilot of every chain (its statistics "contour_*"):
# a data.frame with one row per chain (NA for a chain stopped during its pilot).
sgmc_contour_partition <- function(x) {
  .check_contour(x)
  names <- paste0("contour_", c("u1", "du", "m", "zeta", "pilot_steps", "automatic"))
  rows <- lapply(seq_len(x$n_chains), function(c) {
    p <- .sgmc_try_state(vapply(names, function(n) as.numeric(sgmc_stat(x, n, chain = c)), 0))
    p <- if (is.null(p)) rep(NA_real_, length(names)) else unname(p)
    data.frame(u1 = p[1], du = p[2], m = p[3], zeta = p[4], pilot_steps = p[5], automatic = p[6] != 0)
  })
  cbind(chain = seq_len(x$n_chains), do.call(rbind, rows))
}

# The statistics, their limits and which side of a limit fails.
.sgmc_contour_checks <- function() {
  n <- 7L  # SGMC_CONTOUR_CHECKS of sgmc.h
  info <- lapply(seq_len(n) - 1L, function(i) c_sgmc_contour_check_info(i))
  data.frame(name = vapply(info, function(i) i$name, ""),
             limit = vapply(info, function(i) i$limit, 0),
             fails_above = vapply(info, function(i) i$fails_above != 0, TRUE))
}

# The statistics of every theta: a data.frame with one row per chain (one
# row "all chains" for the interacting samplers, whose chains share theta)
# and, for several independent chains run together, a row "across chains"
# with the weighted R-hat and ESS across them. Columns: the seven statistics and
# `pass`; attribute "checks" gives each statistic's limit and failing side.
sgmc_contour_diagnostics <- function(x) {
  .check_contour(x)
  checks <- .sgmc_contour_checks()
  one <- function(h, k) c_sgmc_draws_contour_diagnostics(h, k, nrow(checks))
  if (.sgmc_in_family(x$sampler, "interacting")) {
    values <- list(one(x$handle, 0))
    labels <- "all chains"
  } else {
    values <- .sgmc_each_chain(x, one)
    labels <- paste("chain", seq_len(x$n_chains))
    if (x$n_chains > 1) {
      values <- c(values, list(one(x$handle, -1)))
      labels <- c(labels, "across chains")
    }
  }
  out <- as.data.frame(do.call(rbind, values))
  names(out) <- checks$name
  across <- labels == "across chains"
  # The across row holds weighted_rhat and weighted_ess (NaN passes there);
  # with it, weighted_ess is judged there alone (the mean of the chains'
  # estimates), as the C verdict does.
  judged <- function(v, row_across) {
    ok <- ifelse(checks$fails_above, v <= checks$limit, v >= checks$limit)
    ok <- !is.na(ok) & ok
    if (row_across) ok <- ok | is.na(v)
    if (any(across) && !row_across) ok[checks$name == "weighted_ess"] <- TRUE
    all(ok)
  }
  out$pass <- vapply(seq_len(nrow(out)), function(i) judged(unlist(out[i, ]), across[i]), logical(1))
  out <- cbind(theta = labels, out)
  attr(out, "checks") <- checks
  out
}

# The verdict: list(converged = TRUE/FALSE, reasons = "..."), one sentence
# per failing statistic. Chains are numbered from 1, as in R.
sgmc_contour_verdict <- function(x) {
  .check_contour(x)
  v <- c_sgmc_r_draws_contour_verdict(x$handle)
  list(converged = v[[1]], reasons = .sgmc_renumber_chains(v[[2]]))
}

# "chain k" of the C API (0-based) as R's 1-based "chain k + 1".
.sgmc_renumber_chains <- function(text) {
  .sgmc_renumber(text, "chain [0-9]+", function(m) paste("chain", as.integer(sub("chain ", "", m)) + 1L))
}
