# What the automatic warm-up chose (docs/warm_up.md) is in the draws: as
# statistics, as fields, and in print() and summary().
gauss <- function() sgmc_gaussian(c(1, -1), diag(c(1, 0.01)))

test_that("a run without step_size says what its warm-up chose", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "sghmc", 2000, n_chains = 2, threads = 1, seed = 11))
  expect_true(all(c("step_size", "friction", "warm_up_search_steps", "warm_up_search_converged",
                    "warm_up_windows", "warm_up_curvature", "warm_up_noise") %in% sgmc_stats(fit)))
  for (k in 1:2) {
    expect_gt(sgmc_stat(fit, "step_size", chain = k), 0)
    expect_gt(sgmc_stat(fit, "friction", chain = k), 0)
    expect_gt(sgmc_stat(fit, "warm_up_search_steps", chain = k), 0)
    expect_true(sgmc_stat(fit, "warm_up_search_converged", chain = k) %in% c(0, 1))
    expect_gt(sgmc_stat(fit, "warm_up_windows", chain = k), 0)
    expect_gt(sgmc_stat(fit, "warm_up_curvature", chain = k), 0)
    expect_gte(sgmc_stat(fit, "warm_up_noise", chain = k), 0)
  }
  expect_equal(fit$step_size, c(sgmc_stat(fit, "step_size", 1), sgmc_stat(fit, "step_size", 2)))
  expect_equal(fit$warm_up$curvature, c(sgmc_stat(fit, "warm_up_curvature", 1),
                                        sgmc_stat(fit, "warm_up_curvature", 2)))
  expect_type(fit$warm_up$search_converged, "logical")
  line <- "warm-up: step_size [0-9]\\.[0-9]e[-+][0-9]+.*, friction .*, search [0-9].* iterations \\(.*converged.*\\), [0-9].* windows"
  expect_output(print(fit), line)
  expect_output(print(summary(fit)), line)
})

test_that("a run with step_size runs as set, without a warm-up", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "sgld", 2000, step_size = 1e-3, n_chains = 2, threads = 1, seed = 12))
  expect_equal(sgmc_stat(fit, "step_size", chain = 1), 1e-3)
  expect_equal(sgmc_stat(fit, "step_size", chain = 2), 1e-3)
  expect_false(any(c("warm_up_curvature", "friction") %in% sgmc_stats(fit)))
  expect_error(sgmc_stat(fit, "warm_up_curvature"), "warm_up_curvature")
  expect_null(fit$warm_up)
  expect_null(fit$friction)
  out <- capture.output(print(fit))
  expect_true(any(grepl("^  step_size 1\\.0e-03$", out)))
  expect_false(any(grepl("warm-up", out)))
})

test_that("psgld says the RMSprop decay it ran with, chosen or set", {
  fit <- unconverged_ok(sgmc_sample(gauss(), "psgld", 2000, n_chains = 2, threads = 1, seed = 14))
  expect_equal(fit$rms_decay, c(0.999, 0.999))
  expect_equal(sgmc_stat(fit, "rms_decay", chain = 2), 0.999)
  expect_output(print(fit), "warm-up: step_size .*, rms_decay 0\\.999, search")
  set <- unconverged_ok(sgmc_sample(gauss(), "psgld", 2000, step_size = 1e-3, rms_decay = 0.95, n_chains = 1,
                                    seed = 14))
  expect_equal(set$rms_decay, 0.95)
  expect_output(print(set), "step_size 1\\.0e-03, rms_decay 0\\.95")
  expect_null(unconverged_ok(sgmc_sample(gauss(), "sgld", 200, step_size = 1e-3, n_chains = 1))$rms_decay)
})

test_that("mhbt without step_size says its random walk's delta and acceptance", {
  x <- matrix(c(-1, 0.5, 2, -0.3, 1.2, -2, 0.7, 0.1), ncol = 2)
  y <- c(0, 1, 1, 0)
  fit <- unconverged_ok(sgmc_sample(sgmc_logistic(x, y, prior_sd = 1), "mhbt", 2000, n_chains = 2, threads = 1,
                                    seed = 13))
  expect_true(all(c("rw_scale", "warm_up_acceptance") %in% sgmc_stats(fit)))
  expect_equal(fit$rw_scale, c(sgmc_stat(fit, "rw_scale", 1), sgmc_stat(fit, "rw_scale", 2)))
  expect_true(all(fit$warm_up$acceptance > 0 & fit$warm_up$acceptance < 1))
  expect_output(print(fit), "warm-up: rw_scale [0-9]\\.[0-9]e[-+][0-9]+.*, acceptance 0\\.[0-9]+")
})
