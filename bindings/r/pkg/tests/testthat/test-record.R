# Named columns and statistics: any sampler's parts read by name, equal to
# what the family readers give.
gauss <- function() sgmc_gaussian(c(0, 0), diag(2))

test_that("every run has energy, step, temperature, iterations and faults", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "sgld", 300, n_chains = 2, seed = 3))
  expect_equal(sgmc_columns(fit), c("energy", "step"))
  expect_true(all(c("temperature", "iterations", "faults") %in% sgmc_stats(fit)))
  expect_identical(sgmc_column(fit, "energy", chain = 2), fit$energy[, 2])
  expect_identical(sgmc_column(fit, "step"), fit$steps[, 1])
  expect_equal(sgmc_stat(fit, "iterations", chain = 2), 300)
  expect_equal(sgmc_stat(fit, "faults"), sgmc_faults(fit)[1])
  expect_error(sgmc_column(fit, "log_weight"), "'name' = .*log_weight.*they have energy, step")
  expect_error(sgmc_stat(fit, "theta", chain = 3), "'chain' must be a whole number in 1..2")
  expect_error(sgmc_column(fit, 1), "'name' must be one string")
})

test_that("a contour run's columns and statistics are its weights, subregions and theta", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "csgld", 400, n_chains = 1, seed = 4))
  expect_true(all(c("subregion", "log_weight") %in% sgmc_columns(fit)))
  expect_identical(sgmc_column(fit, "log_weight"), sgmc_log_weights(fit)[, 1])
  expect_identical(sgmc_column(fit, "subregion") + 1, sgmc_contour_index(fit)[, 1])
  expect_identical(sgmc_stat(fit, "theta"), sgmc_theta(fit)[, 1])
  expect_equal(sgmc_stat(fit, "contour_m"), length(sgmc_stat(fit, "theta")))
})

test_that("run-wide statistics read the same from every chain", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "resgld", 300, n_chains = 3, temperature_max = 4, seed = 5))
  expect_equal(sgmc_stat(fit, "swap_attempts", chain = 3), sgmc_stat(fit, "swap_attempts"))
  expect_equal(sgmc_stat(fit, "swap_attempts"), sgmc_swap_stats(fit)$attempts)
  expect_equal(sapply(1:3, function(k) sgmc_stat(fit, "temperature", chain = k)), sgmc_temperatures(fit))
  cyc <- unconverged_ok(sgmc_sample(gauss(), "cycsgld", 400, seed = 6))
  expect_equal(sgmc_stat(cyc, "cycles"), cyc$n_cycles)
  expect_identical(sgmc_column(cyc, "cycle") + 1, sgmc_cycles(cyc)[, 1])
  xs <- c(-1, 0, 1, 2)
  mh <- unconverged_ok(sgmc_sample(sgmc_linear(matrix(xs), 1 + xs, prior_sd = 10, noise_sd = 1), "mhbt", 200,
                                   proposal = "random_walk", c_n = 4, seed = 7))
  expect_equal(sgmc_stat(mh, "mhbt_proposed"), mh$acceptance$proposed[1])
  expect_equal(sgmc_stat(mh, "mhbt_accepted"), mh$acceptance$accepted[1])
})
