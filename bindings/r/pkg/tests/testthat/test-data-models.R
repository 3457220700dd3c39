# Built-in models on data from R matrices, data frames and CSV files.

test_that("linear regression from a data frame recovers the coefficients", {
  set.seed(1)
  n <- 400
  df <- data.frame(a = rnorm(n), b = rnorm(n))
  y <- 1 + 2 * df$a - df$b + rnorm(n, sd = 0.5)
  m <- sgmc_linear(df, y, prior_sd = 10, noise_sd = 0)
  expect_equal(m$dim, 4)
  fit <- sgmc_sample(m, "sgld", 20000, step_size = 2e-4, batch_size = 50, burn_in = 2000,
                     x0 = c(0, 0, 0, 0), n_chains = 2, threads = 2, seed = 3)
  expect_equal(dimnames(fit$draws)$variable, c("a", "b", "(Intercept)", "log_sigma"))
  est <- colMeans(fit$draws, dims = 2)
  ols <- coef(lm(y ~ a + b, data = df))
  expect_lt(max(abs(est[1:3] - ols[c(2, 3, 1)])), 0.05)
  expect_lt(abs(exp(est[4]) - 0.5), 0.05)
})

test_that("an MLP classifier and regression run on matrices", {
  set.seed(2)
  x <- matrix(rnorm(200), 100, 2)
  y <- as.numeric(x[, 1] * x[, 2] > 0)
  m <- sgmc_mlp(x, y, n_hidden = 4, n_classes = 2)
  expect_equal(m$dim, 4 * 3 + 2 * 5)
  fit <- unconverged_ok(sgmc_sample(m, "sghmc", 2000, step_size = 1e-3, batch_size = 20,
                                    x0 = rnorm(m$dim, sd = 0.3), threads = 1, seed = 4))
  expect_true(all(is.finite(fit$draws)))
  # Named as the library packs them: W1 row by row, b1, W2, b2.
  expect_equal(dimnames(fit$draws)$variable[c(1, 2, 9, 13, 21, 22)],
               c("w1[1,1]", "w1[1,2]", "b1[1]", "w2[1,1]", "b2[1]", "b2[2]"))
  expect_equal(posterior::variables(posterior::as_draws_array(fit))[2], "w1[1,2]")
  expect_lt(mean(fit$energy[1801:2000, 1]), mean(fit$energy[1:50, 1]))
  r <- sgmc_mlp(x, x[, 1] + x[, 2], n_hidden = 3, type = "regression", noise_sd = 0.5)
  expect_equal(r$dim, 3 * 4 + 1)
  expect_error(sgmc_mlp(x, y + 5, n_hidden = 4, n_classes = 2), class = "sgmc_error_invalid_argument")
})

test_that("CSV data are read by the library", {
  f <- system.file("extdata", "breast_cancer.csv", package = "sgmc")
  d <- sgmc_read_csv(f, "benign")
  expect_equal(c(d$n, d$p), c(569, 30))
  m <- sgmc_logistic(d, prior_sd = 1)
  expect_equal(m$dim, 31)
  expect_equal(m$names[31], "(Intercept)")
  expect_error(sgmc_read_csv(f, "nope"), "nope")
  expect_error(sgmc_logistic(d, c(1, 0)), "either")
})

test_that("the variance-reduced contour energy works for R models as for built-in ones", {
  d <- pima()
  x <- d$x[1:80, ]
  y <- d$y[1:80]
  rl <- r_logistic(x, y, 1)
  bl <- sgmc_logistic(x, y, prior_sd = 1)
  args <- list("csgld", 300, step_size = 1e-3, batch_size = 10, contour_m = 20, contour_u1 = 30,
               contour_du = 2, contour_vr_period = 25, n_chains = 2, seed = 8)
  a <- unconverged_ok(do.call(sgmc_sample, c(list(bl), args, threads = 1)))
  b <- unconverged_ok(do.call(sgmc_sample, c(list(rl), args)))
  expect_equal(b$draws, a$draws, tolerance = 1e-9, ignore_attr = TRUE)
  expect_equal(b$log_weights, a$log_weights, tolerance = 1e-8)
  expect_equal(sgmc_contour_index(b), sgmc_contour_index(a))
})

test_that("harmonic cycle weights use the built-in model", {
  d <- pima()
  m <- sgmc_logistic(d$x, d$y, prior_sd = 5)
  fit <- unconverged_ok(sgmc_sample(m, "cycsgld", 4000, step_size = 5e-3, cycles = 4, batch_size = 20,
                                    n_chains = 2, threads = 2, seed = 2))
  w <- sgmc_cycle_weights(fit, "harmonic")
  expect_equal(colSums(w), c(1, 1))
  expect_true(all(w >= 0))
  rm <- sgmc_model_r(function(x, b) sum(x^2) / 2, function(x, b) x, dim = 1)
  fr <- unconverged_ok(sgmc_sample(rm, "cycsgld", 400, step_size = 0.1, x0 = 0, n_chains = 1))
  expect_error(sgmc_cycle_weights(fr, "harmonic"), "built-in")
  expect_equal(sum(sgmc_cycle_weights(fr)), 1)
})

test_that("float32 features give the double run to float precision, on request only", {
  f <- system.file("extdata", "pima_tr.csv", package = "sgmc")
  run <- function(data) {
    unconverged_ok(sgmc_sample(sgmc_logistic(data, prior_sd = 1), "sgld", 200, step_size = 1e-6,
                               batch_size = 50, x0 = rep(0, 8), threads = 1, seed = 2))$energy[, 1]
  }
  e64 <- run(sgmc_read_csv(f, "type"))
  e32 <- run(sgmc_read_csv(f, "type", features = "float32"))
  expect_identical(run(sgmc_read_csv(f, "type", features = "double")), e64)
  expect_false(identical(e32, e64))
  expect_lt(max(abs(e32 - e64) / abs(e64)), 1e-5)
  d <- utils::read.csv(f)
  x32 <- sgmc_data(as.matrix(d[1:7]), d$type, features = "float32")
  expect_equal(x32$features, "float32")
  expect_equal(run(x32), e32)
  expect_error(sgmc_data(as.matrix(d[1:7]), d$type, features = "single"),
               "'features' = \"single\": must be \"double\" or \"float32\"", fixed = TRUE)
  expect_error(sgmc_data(matrix(c(1, -1e39), 2, 1), c(0, 1), features = "float32"),
               class = "sgmc_error_invalid_argument")
})

test_that("an MLP on float32 features computes in float, close to the double run", {
  f <- system.file("extdata", "pima_tr.csv", package = "sgmc")
  run <- function(data) {
    unconverged_ok(sgmc_sample(sgmc_mlp(data, n_hidden = 4, n_classes = 2), "sgld", 200, step_size = 1e-6,
                               batch_size = 50, x0 = rep(0, 42), threads = 1, seed = 2))$energy[, 1]
  }
  e64 <- run(sgmc_read_csv(f, "type"))
  e32 <- run(sgmc_read_csv(f, "type", features = "float32"))
  expect_false(identical(e32, e64))
  expect_lt(max(abs(e32 - e64) / abs(e64)), 1e-5)
})
