# Importance weights, resampling and posterior interop on the bimodal mix1d
# target 0.4 N(-6, 1) + 0.6 N(4, 1) (mean 0, variance 1 + 24 = 25).

res_mix <- sgmc_sample(sgmc_target("mix1d", 0.1, 0.1), "csgld", 200000, step_size = 0.1, thin = 10,
                       contour_m = 50, contour_u1 = 2, contour_du = 1, n_chains = 2, threads = 2,
                       seed = 31, x0 = 0, theta_thin = 50000)

test_that("CSGLD weights recover both modes of mix1d", {
  ws <- sgmc_weighted_summary(res_mix, probs = c(0.2, 0.5, 0.8))
  expect_lt(abs(ws$mean - 0), 0.8)
  expect_lt(abs(ws$sd - 5), 0.5)
  lw <- sgmc_log_weights(res_mix)
  expect_equal(dim(lw), c(20000, 2))
  expect_true(all(is.finite(lw)))
  lwb <- sgmc_log_weights(res_mix, kind = "bin", theta = "running")
  expect_false(isTRUE(all.equal(lw, lwb)))
  idx <- sgmc_contour_index(res_mix)
  expect_true(all(idx >= 1 & idx <= 50))
  tr <- sgmc_theta_trace(res_mix, 2)
  expect_equal(dim(tr), c(4, 50))
  expect_equal(tr[4, ], res_mix$theta[, 2], tolerance = 1e-12)
})

test_that("systematic resampling gives unweighted draws with the weighted law", {
  rs <- sgmc_resample(res_mix, n = 5000, seed = 3)
  expect_s3_class(rs, "draws_array")
  expect_equal(dim(rs), c(5000, 2, 1))
  v <- as.numeric(rs)
  # Mass of the right mode: 0.6.
  expect_lt(abs(mean(v > 0) - 0.6), 0.08)
  # Each draw is picked floor(n w) or ceil(n w) times.
  lw <- res_mix$log_weights[, 1]
  w <- exp(lw - max(lw)); w <- w / sum(w)
  picks <- tabulate(match(rs[, 1, 1], res_mix$draws[, 1, 1]), nbins = length(w))
  ok <- picks >= floor(5000 * w) - 1 & picks <= ceiling(5000 * w) + 1 # ties of equal values aside
  expect_gt(mean(ok), 0.99)
  expect_identical(sgmc_resample(res_mix, n = 100, seed = 9), sgmc_resample(res_mix, n = 100, seed = 9))
  expect_error(sgmc_resample(res_mix, n = 0), "'n'")
})

test_that("draws convert to posterior and summarise", {
  da <- as_draws_array(res_mix)
  expect_true(".log_weight" %in% posterior::variables(da, reserved = TRUE))
  s <- posterior::summarise_draws(as_draws_array(res_mix, weights = FALSE))
  expect_equal(s$variable, c("x[1]", "lp__"))
  g <- sgmc_sample(sgmc_gaussian(c(0, 1)), "sgld", 4000, step_size = 0.05, n_chains = 4, threads = 2, seed = 2)
  s2 <- posterior::summarise_draws(as_draws_array(g, lp = FALSE))
  expect_equal(nrow(s2), 2)
  expect_true(all(s2$rhat < 1.05))
  expect_equal(dim(as.array(g)), c(4000, 4, 3))
  expect_output(print(g), "sgld")
  expect_output(print(summary(g)), "ess_bulk")
  expect_output(print(summary(res_mix)), "importance-weighted")
  expect_output(print(res_mix), "contour")
})
