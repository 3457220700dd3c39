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
