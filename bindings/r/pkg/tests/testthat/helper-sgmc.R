# Monte Carlo tolerance: k standard errors of a mean from draws with an
# effective sample size ess (from posterior::ess_bulk).
mc_tol <- function(sd, ess, k = 5) k * sd / sqrt(ess)

expect_mean_within <- function(draws_arr, mu, k = 5, extra = 0) {
  for (j in seq_along(mu)) {
    v <- draws_arr[, , j]
    ess <- posterior::ess_bulk(v)
    tol <- mc_tol(sd(v), ess, k) + extra
    expect_lt(abs(mean(v) - mu[j]), tol, label = sprintf("|mean - %g| of variable %d (tol %.3g, ess %.0f)", mu[j], j, tol, ess))
  }
}

# Standardised Pima training data shipped with the package.
pima <- function() {
  d <- utils::read.csv(system.file("extdata", "pima_tr.csv", package = "sgmc"))
  y <- d$type
  x <- scale(as.matrix(d[setdiff(names(d), "type")]))
  list(x = x, y = y)
}

# Logistic regression written in R (the built-in model's energy, docs/models.md):
# parameters (w, b), or w alone without the intercept; prior N(0, prior_sd^2 I),
# or none when flat.
r_logistic <- function(x, y, prior_sd, intercept = TRUE, flat = FALSE) {
  a1 <- if (intercept) cbind(x, 1) else x
  sgmc_model_r(
    energy = function(w, batch) {
      z <- drop(a1[batch, , drop = FALSE] %*% w)
      sum(pmax(z, 0) + log1p(exp(-abs(z))) - y[batch] * z)
    },
    gradient = function(w, batch) {
      z <- drop(a1[batch, , drop = FALSE] %*% w)
      drop(crossprod(a1[batch, , drop = FALSE], 1 / (1 + exp(-z)) - y[batch]))
    },
    prior_energy = function(w) if (flat) 0 else sum(w^2) / (2 * prior_sd^2),
    prior_gradient = function(w) if (flat) 0 * w else w / prior_sd^2,
    dim = ncol(a1), data_size = nrow(a1))
}

# Runs too short to converge (tests of the plumbing, not of the estimates):
# the verdict's warning is expected and muffled.
unconverged_ok <- function(expr) {
  withCallingHandlers(expr, sgmc_untrusted = function(w) invokeRestart("muffleWarning"))
}
