# Models written in R run through ask/tell on R's thread; with the same seed
# they give the draws of the same built-in model.

test_that("a Gaussian written in R gives the draws of sgmc_gaussian()", {
  mu <- c(1, -2)
  prec <- c(1, 2) # diagonal covariance diag(1, 0.5)
  rg <- sgmc_model_r(energy = function(x, batch) sum(prec * (x - mu)^2) / 2,
                     gradient = function(x, batch) prec * (x - mu), dim = 2)
  g <- sgmc_gaussian(mu, diag(1 / prec))
  for (s in c("sgld", "sghmc", "csgld")) {
    a <- unconverged_ok(sgmc_sample(g, s, 500, step_size = 0.02, contour_u1 = 0.5, contour_m = 10,
                                    x0 = c(0, 0), n_chains = 2, threads = 1, seed = 21))
    b <- unconverged_ok(sgmc_sample(rg, s, 500, step_size = 0.02, contour_u1 = 0.5, contour_m = 10,
                                    x0 = c(0, 0), n_chains = 2, seed = 21))
    expect_equal(b$draws, a$draws, tolerance = 1e-10, ignore_attr = TRUE)
    expect_equal(b$energy, a$energy, tolerance = 1e-10)
    if (s == "csgld") expect_equal(b$log_weights, a$log_weights, tolerance = 1e-8)
  }
})

test_that("logistic regression written in R gives the draws of sgmc_logistic()", {
  d <- pima()
  x <- d$x[1:60, ]
  y <- d$y[1:60]
  s <- 5
  rl <- r_logistic(x, y, s)
  bl <- sgmc_logistic(x, y, prior_sd = s)
  expect_equal(bl$dim, 8)
  a <- unconverged_ok(sgmc_sample(bl, "sgld", 300, step_size = 1e-3, batch_size = 10, n_chains = 2, threads = 1,
                                  seed = 5))
  b <- unconverged_ok(sgmc_sample(rl, "sgld", 300, step_size = 1e-3, batch_size = 10, n_chains = 2, seed = 5))
  expect_equal(b$draws, a$draws, tolerance = 1e-9, ignore_attr = TRUE)
  expect_equal(dimnames(a$draws)$variable, c(colnames(x), "(Intercept)"))
})

test_that("an R model's errors are re-raised with context and do not crash", {
  bad <- sgmc_model_r(function(x, batch) if (x[1] > 0.5) stop("boom") else sum(x^2) / 2,
                      function(x, batch) x, dim = 1)
  err <- expect_error(sgmc_sample(bad, "sgld", 1000, step_size = 0.5, x0 = 0, seed = 1),
                      class = "sgmc_model_error")
  expect_match(conditionMessage(err), "the model failed at chain 0, step [0-9]+: the energy function failed: boom")
  wrong_len <- sgmc_model_r(function(x, batch) 0, function(x, batch) c(1, 2, 3), dim = 2)
  expect_error(sgmc_sample(wrong_len, "sgld", 10, step_size = 1e-3), "gradient function must return 2 numbers")
  nonfinite <- sgmc_model_r(function(x, batch) NaN, function(x, batch) x, dim = 2)
  expect_error(sgmc_sample(nonfinite, "sgld", 10, step_size = 1e-3), "non-finite")
  inf_grad <- sgmc_model_r(function(x, batch) 0, function(x, batch) c(Inf, 0), dim = 2)
  expect_error(sgmc_sample(inf_grad, "sgld", 10, step_size = 1e-3), "non-finite")
  chr <- sgmc_model_r(function(x, batch) "a", function(x, batch) x, dim = 2)
  expect_error(sgmc_sample(chr, "sgld", 10, step_size = 1e-3), "energy function must return 1 number")
  # The package still works afterwards.
  expect_s3_class(unconverged_ok(sgmc_sample(sgmc_target("mix1d"), "sgld", 100, step_size = 1e-3, x0 = 0)),
                  "sgmc_draws")
})

test_that("one start per chain reaches the right chain, for built-in and R models", {
  x0 <- rbind(c(1, 2), c(30, 40))
  g <- sgmc_gaussian(c(0, 0), diag(2))
  r <- sgmc_model_r(function(x, batch) sum(x^2) / 2, function(x, batch) x, dim = 2)
  for (model in list(g, r)) {
    d <- unconverged_ok(sgmc_sample(model, "sgld", 1, step_size = 1e-12, n_chains = 2, x0 = x0, threads = 1))
    expect_equal(unname(d$draws[1, , ]), x0)
  }
})

# Models whose R arithmetic is the library's, operation for operation: a
# one-dimensional Gaussian (U = x^2 / 2) and linear regression on one datum
# through the origin with a flat prior and sigma = 1 (U = r^2 / 2 with
# r = a beta - y), so that an R model's draws equal the built-in model's
# bit for bit.
r_gaussian_1d <- function() {
  sgmc_model_r(function(x, batch) 0.5 * (x * x), function(x, batch) x, dim = 1)
}
one_datum <- list(a = 1.5, y = 0.25)
r_one_datum <- function() {
  residual <- function(beta) one_datum$a * beta - one_datum$y
  sgmc_model_r(function(x, batch) 0.5 * (residual(x) * (residual(x) * 1)),
               function(x, batch) residual(x) * 1 * one_datum$a, dim = 1, data_size = 1)
}
builtin_one_datum <- function() {
  sgmc_linear(matrix(one_datum$a), one_datum$y, intercept = FALSE, coef_prior = "flat",
              sigma_prior = "known", sigma_scale = 1)
}
expect_same_draws <- function(r, builtin, sampler, ...) {
  a <- unconverged_ok(sgmc_sample(builtin, sampler, ..., threads = 1))
  b <- unconverged_ok(sgmc_sample(r, sampler, ...))
  expect_identical(unname(b$draws), unname(a$draws), info = sampler)
  expect_identical(b$energy, a$energy, info = sampler)
  expect_identical(b$log_weights, a$log_weights, info = sampler)
  invisible(b)
}

test_that("resgld runs on an R model with the built-in model's draws, bit for bit", {
  b <- expect_same_draws(r_gaussian_1d(), sgmc_gaussian(0, matrix(1)), "resgld", 400,
                         step_size = 0.05, temperature_max = 4, n_chains = 3, x0 = 0.5, seed = 8)
  expect_true(sgmc_swap_stats(b)$accepts[1] > 0)
})

test_that("icsgld runs on an R model with the built-in model's draws, bit for bit", {
  contour <- list("icsgld", 400, step_size = 0.05, contour_u1 = 0.05, contour_du = 0.1,
                  contour_m = 20, n_chains = 3, x0 = 0.5, seed = 6)
  do.call(expect_same_draws, c(list(r_one_datum(), builtin_one_datum()), contour))
  # With a variance-reduced energy (control points) and with a pilot.
  do.call(expect_same_draws, c(list(r_one_datum(), builtin_one_datum()), contour,
                               list(contour_vr_period = 5)))
  do.call(expect_same_draws, c(list(r_one_datum(), builtin_one_datum()), contour,
                               list(contour_pilot_steps = 100)))
})

test_that("every sampler runs on an R model with the built-in model's draws, bit for bit", {
  samplers <- c("sgld", "psgld", "sghmc", "cycsgld", "cycsghmc", "resgld", "csgld", "csghmc", "pcsgld",
                "ksgld", "icsgld", "icsghmc", "picsgld", "mhbt")
  for (s in samplers) {
    expect_same_draws(r_one_datum(), builtin_one_datum(), s, 300, step_size = 0.05, temperature_max = 4,
                      contour_u1 = 0.05, contour_du = 0.1, contour_m = 20, n_chains = 2, x0 = 0.5,
                      seed = 3)
  }
})

test_that("a fault of an icsgld R model returns the draws so far", {
  calls <- 0
  failing <- sgmc_model_r(function(x, batch) {
    calls <<- calls + 1
    if (calls == 100) stop("boom")
    0.5 * (x * x)
  }, function(x, batch) x, dim = 1)
  err <- expect_error(sgmc_sample(failing, "icsgld", 200, step_size = 0.05, contour_u1 = 0.05,
                                  contour_du = 0.1, contour_m = 20, n_chains = 2, x0 = 0.5, seed = 6),
                      class = "sgmc_fault")
  expect_s3_class(err, "sgmc_model_error")
  # Call 100 is chain 1's 50th evaluation: the chains take turns.
  expect_match(conditionMessage(err), "the model failed at chain 1, step 50: the energy function failed: boom")
  expect_s3_class(err$draws, "sgmc_draws")
  expect_equal(err$draws$draws_per_chain[2], 49)
})

test_that("Ctrl-C during an R model's run returns the draws so far with a warning", {
  calls <- 0
  interrupted <- sgmc_model_r(function(x, batch) {
    calls <<- calls + 1
    # What R signals on Ctrl-C.
    if (calls == 30) signalCondition(structure(class = c("interrupt", "condition"), list()))
    0.5 * (x * x)
  }, function(x, batch) x, dim = 1)
  expect_warning(d <- unconverged_ok(sgmc_sample(interrupted, "sgld", 100, step_size = 1e-3, x0 = 0.5,
                                                 n_chains = 1, seed = 1)),
                 "sgmc_sample\\(\\) was interrupted: the draws made so far are returned")
  expect_equal(d$draws_per_chain, 29)
})
