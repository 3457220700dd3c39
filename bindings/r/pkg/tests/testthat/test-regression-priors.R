# sgmc_linear() and sgmc_logistic() with the posteriordb priors: each prior,
# with and without an intercept, gives the draws of the same model written
# in R by hand (so the C model's energies and gradients agree with it); old
# calls are unchanged; bad values are named with their values.

# U0's term in t = log sigma and its slope, as docs/models.md states them.
sigma_term <- function(prior, s, t) {
  u <- exp(2 * t) / s^2
  switch(prior,
         lognormal = c(t^2 / (2 * s^2), t / s^2),
         flat = c(-t, -1),
         half_normal = c(u / 2 - t, u - 1),
         half_cauchy = c(log1p(u) - t, 2 * u / (1 + u) - 1),
         known = c(0, 0))
}

r_linear <- function(x, y, intercept, coef_prior, coef_scale, sigma_prior, sigma_scale) {
  a <- if (intercept) cbind(x, 1) else x
  k <- ncol(a)
  sampled <- sigma_prior != "known"
  t_of <- function(v) if (sampled) v[k + 1] else log(sigma_scale)
  resid <- function(v, batch) drop(a[batch, , drop = FALSE] %*% v[1:k]) - y[batch]
  sgmc_model_r(
    energy = function(v, batch) {
      t <- t_of(v)
      sum(resid(v, batch)^2) * exp(-2 * t) / 2 + if (sampled) length(batch) * t else 0
    },
    gradient = function(v, batch) {
      t <- t_of(v)
      r <- resid(v, batch)
      g <- drop(crossprod(a[batch, , drop = FALSE], r)) * exp(-2 * t)
      if (sampled) c(g, length(batch) - sum(r^2) * exp(-2 * t)) else g
    },
    prior_energy = function(v) {
      coef <- if (coef_prior == "normal") sum(v[1:k]^2) / (2 * coef_scale^2) else 0
      coef + if (sampled) sigma_term(sigma_prior, sigma_scale, v[k + 1])[1] else 0
    },
    prior_gradient = function(v) {
      g <- if (coef_prior == "normal") v[1:k] / coef_scale^2 else numeric(k)
      if (sampled) c(g, sigma_term(sigma_prior, sigma_scale, v[k + 1])[2]) else g
    },
    dim = k + sampled, data_size = nrow(a))
}

linear_data <- function() {
  set.seed(5)
  x <- matrix(rnorm(60), 30, 2)
  list(x = x, y = drop(0.5 + x %*% c(1.5, -1) + rnorm(30, sd = 0.3)))
}

test_that("each prior matches the same model written in R", {
  d <- linear_data()
  for (intercept in c(TRUE, FALSE)) for (coef_prior in c("flat", "normal"))
    for (sigma_prior in c("known", "lognormal", "flat", "half_normal", "half_cauchy")) {
      built_in <- sgmc_linear(d$x, d$y, prior_sd = 2.5, intercept = intercept, coef_prior = coef_prior,
                              sigma_prior = sigma_prior, sigma_scale = 0.8)
      by_hand <- r_linear(d$x, d$y, intercept, coef_prior, 2.5, sigma_prior, 0.8)
      expect_equal(built_in$dim, by_hand$dim)
      expect_equal(built_in$names,
                   c("x1", "x2", if (intercept) "(Intercept)", if (sigma_prior != "known") "log_sigma"))
      args <- list("sgld", 100, step_size = 1e-3, batch_size = 5, x0 = rep(0.1, built_in$dim), seed = 7)
      a <- unconverged_ok(do.call(sgmc_sample, c(list(built_in), args, threads = 1)))
      b <- unconverged_ok(do.call(sgmc_sample, c(list(by_hand), args)))
      label <- paste(intercept, coef_prior, sigma_prior)
      expect_equal(b$draws, a$draws, tolerance = 1e-9, ignore_attr = TRUE, label = label)
      expect_equal(b$energy, a$energy, tolerance = 1e-9, ignore_attr = TRUE, label = label)
    }
})

test_that("old calls give the old model", {
  d <- linear_data()
  old <- sgmc_linear(d$x, d$y, prior_sd = 3, noise_sd = 0, log_noise_prior_sd = 1.5)
  new <- sgmc_linear(d$x, d$y, prior_sd = 3, sigma_prior = "lognormal", sigma_scale = 1.5)
  expect_equal(old$names, new$names)
  args <- list("sgld", 100, step_size = 1e-3, x0 = rep(0, 4), seed = 2, threads = 1)
  expect_identical(unconverged_ok(do.call(sgmc_sample, c(list(old), args)))$draws,
                   unconverged_ok(do.call(sgmc_sample, c(list(new), args)))$draws)
  # sigma from noise_sd when only the coefficients' prior changes.
  expect_equal(sgmc_linear(d$x, d$y, coef_prior = "flat", noise_sd = 0.5)$dim, 3)
})

test_that("bad priors are named with their values", {
  d <- linear_data()
  expect_error(sgmc_linear(d$x, d$y, sigma_prior = "normal"),
               "argument 'sigma_prior' = 1 (SGMC_PRIOR_NORMAL)", fixed = TRUE,
               class = "sgmc_error_invalid_argument")
  expect_error(sgmc_linear(d$x, d$y, coef_prior = "half_cauchy"),
               "argument 'coef_prior' = 5 (SGMC_PRIOR_HALF_CAUCHY)", fixed = TRUE)
  expect_error(sgmc_linear(d$x, d$y, sigma_prior = "half_normal", sigma_scale = -2),
               "argument 'sigma_scale' = -2: must be finite and > 0", fixed = TRUE)
  expect_error(sgmc_linear(d$x, d$y, sigma_prior = "cauchy"), "'sigma_prior' = \"cauchy\"", fixed = TRUE)
  expect_error(sgmc_linear(d$x, d$y, intercept = NA), "'intercept' = NA", fixed = TRUE)
})

test_that("logistic regression without intercept or with a flat prior matches R", {
  d <- pima()
  x <- d$x[1:60, 1:3]
  y <- d$y[1:60]
  for (intercept in c(TRUE, FALSE)) for (coef_prior in c("flat", "normal")) {
    built_in <- sgmc_logistic(x, y, prior_sd = 2, intercept = intercept, coef_prior = coef_prior)
    by_hand <- r_logistic(x, y, 2, intercept = intercept, flat = coef_prior == "flat")
    expect_equal(built_in$dim, by_hand$dim)
    args <- list("sgld", 100, step_size = 1e-2, batch_size = 5, x0 = rep(0.1, by_hand$dim), seed = 7)
    a <- unconverged_ok(do.call(sgmc_sample, c(list(built_in), args, threads = 1)))
    b <- unconverged_ok(do.call(sgmc_sample, c(list(by_hand), args)))
    expect_equal(b$draws, a$draws, tolerance = 1e-9, ignore_attr = TRUE)
  }
  expect_error(sgmc_logistic(x, y, coef_prior = "half_normal"),
               "argument 'coef_prior' = 4 (SGMC_PRIOR_HALF_NORMAL)", fixed = TRUE)
})
