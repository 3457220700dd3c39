# The verdict of every run (docs/verdict.md): a list of named checks, each
# a statistic of the draws with its limit, and whether to trust the run.
# sgmc_sample() and sgmc_resume() end with a warning of class
# "sgmc_untrusted" when a check fails.

# list(trusted = TRUE/FALSE, reasons = "...", checks = a data.frame with a
# row per check: name, value, limit, fails_above, passed, where, meaning).
# Chains and replicas are numbered from 1 and coordinates named, as in R.
sgmc_verdict <- function(x) {
  if (!inherits(x, "sgmc_draws")) stop("'x' must be an sgmc_draws object", call. = FALSE)
  if (!is.null(x$verdict)) return(x$verdict)
  v <- c_sgmc_r_draws_verdict(x$handle)
  where <- vapply(v[[8]], .sgmc_r_places, "", variables = x$variables, USE.NAMES = FALSE)
  checks <- data.frame(name = v[[3]], value = v[[4]], limit = v[[5]], fails_above = v[[6]],
                       passed = v[[7]], where = where, meaning = v[[9]], stringsAsFactors = FALSE)
  structure(list(trusted = v[[1]], reasons = .sgmc_r_places(v[[2]], x$variables), checks = checks),
            class = "sgmc_verdict")
}

print.sgmc_verdict <- function(x, ...) {
  cat(.sgmc_verdict_line(x), "\n", sep = "")
  shown <- x$checks[, c("name", "value", "limit", "passed", "where")]
  print(shown, row.names = FALSE, digits = 3)
  invisible(x)
}

# "verdict: trusted (7 checks pass)" or "verdict: NOT trusted (2 of 7
# checks fail: rhat, ess_bulk)".
.sgmc_verdict_line <- function(v) {
  n <- nrow(v$checks)
  if (v$trusted) return(sprintf("verdict: trusted (%d checks pass)", n))
  failed <- v$checks$name[!v$checks$passed]
  sprintf("verdict: NOT trusted (%d of %d checks fail: %s)", length(failed), n,
          paste(failed, collapse = ", "))
}

# The library's 0-based places in R's terms: "chain k" and "replicas k and
# k + 1" numbered from 1, "coordinate j" as the variable's name.
.sgmc_r_places <- function(text, variables) {
  text <- .sgmc_renumber_chains(text)
  text <- .sgmc_renumber(text, "replicas ([0-9]+) and ([0-9]+)", function(m) {
    k <- as.integer(regmatches(m, regexpr("[0-9]+", m)))
    sprintf("replicas %d and %d", k + 1L, k + 2L)
  })
  .sgmc_renumber(text, "coordinate [0-9]+", function(m) {
    variables[as.integer(sub("coordinate ", "", m)) + 1L]
  })
}

# `text` with every match of `pattern` replaced by rename(match).
.sgmc_renumber <- function(text, pattern, rename) {
  m <- gregexpr(pattern, text)
  hits <- regmatches(text, m)[[1]]
  if (length(hits) == 0) return(text)
  regmatches(text, m) <- list(vapply(hits, rename, "", USE.NAMES = FALSE))
  text
}

# The warning sgmc_sample() and sgmc_resume() end with when a check fails:
# class "sgmc_untrusted", with the verdict in $verdict.
.sgmc_warn_untrusted <- function(draws) {
  v <- draws$verdict
  if (!is.null(v) && !v$trusted) {
    warning(structure(class = c("sgmc_untrusted", "warning", "condition"),
                      list(message = paste0("do not trust this run's estimates (sgmc_verdict()): ",
                                            v$reasons),
                           call = NULL, verdict = v)))
  }
  invisible(draws)
}
