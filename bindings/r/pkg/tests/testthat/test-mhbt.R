# MHBT with the full batch and c_n = N is exact Metropolis-Hastings: on
# Bayesian linear regression with known noise the posterior is Gaussian.
set.seed(5)
n <- 50
xs <- rnorm(n)
ys <- 1 + 2 * xs + rnorm(n)
a1 <- cbind(xs, 1)
prec <- crossprod(a1) + diag(2) / 100 # noise sd 1, prior sd 10
post_mean <- drop(solve(prec, crossprod(a1, ys)))
post_var <- diag(solve(prec))

test_that("mhbt (random walk, full batch, c_n = N) samples the exact posterior", {
  m <- sgmc_linear(matrix(xs), ys, prior_sd = 10, noise_sd = 1)
  fit <- sgmc_sample(m, "mhbt", 20000, proposal = "random_walk", rw_scale = 0.25, c_n = n,
                     burn_in = 500, x0 = post_mean, n_chains = 2, threads = 2, seed = 13)
  expect_mean_within(fit$draws, post_mean)
  v <- apply(fit$draws, 3, function(a) var(as.numeric(a)))
  expect_lt(max(abs(v - post_var) / post_var), 0.2)
  acc <- fit$acceptance
  expect_equal(nrow(acc), 2)
  expect_equal(acc$proposed, c(20000, 20000))
  expect_true(all(acc$rate > 0.1 & acc$rate < 0.9))
  expect_output(print(fit), "acceptance")
})

test_that("mhbt on a model written in R gives the built-in model's draws", {
  m <- sgmc_linear(matrix(xs), ys, prior_sd = 10, noise_sd = 1)
  r <- sgmc_model_r(
    energy = function(w, b) sum((ys[b] - a1[b, , drop = FALSE] %*% w)^2) / 2,
    gradient = function(w, b) -drop(crossprod(a1[b, , drop = FALSE], ys[b] - a1[b, , drop = FALSE] %*% w)),
    prior_energy = function(w) sum(w^2) / 200, prior_gradient = function(w) w / 100,
    dim = 2, data_size = n)
  args <- list("mhbt", 300, proposal = "rsgld", step_size = 1e-4, batch_size = 10, c_n = 10,
               rsgld_adaptive_beta = 1, n_chains = 2, seed = 3, x0 = c(1, 1))
  a <- unconverged_ok(do.call(sgmc_sample, c(list(m), args, threads = 1)))
  b <- unconverged_ok(do.call(sgmc_sample, c(list(r), args)))
  expect_equal(b$draws, a$draws, tolerance = 1e-9, ignore_attr = TRUE)
  expect_equal(b$acceptance, a$acceptance, tolerance = 1e-9)
})
