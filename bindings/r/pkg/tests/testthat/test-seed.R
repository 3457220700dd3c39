# seed = NULL draws the seed from R's RNG: set.seed() reproduces a run, two
# runs without it differ, and an explicit seed ignores R's RNG.

run <- function(...) unconverged_ok(sgmc_sample(sgmc_gaussian(c(0, 1)), "sgld", 50, step_size = 0.05,
                                                n_chains = 2, threads = 1, ...))

test_that("without a seed, runs follow R's RNG", {
  expect_false(identical(run()$draws, run()$draws))
  set.seed(5)
  a <- run()
  set.seed(5)
  b <- run()
  expect_identical(a$draws, b$draws)
  expect_identical(a$seed, b$seed)
  expect_identical(run(seed = a$seed)$draws, a$draws)
})

test_that("an explicit seed gives the same draws whatever R's RNG state, and leaves it alone", {
  set.seed(1)
  a <- run(seed = 1)
  set.seed(2)
  state <- .Random.seed
  b <- run(seed = 1)
  expect_identical(.Random.seed, state)
  expect_identical(a$draws, b$draws)
  expect_equal(a$seed, 1)
  # seed = 1, sgmc_sample()'s old default, is the C library's: the draws of
  # a low-level run that sets no seed.
  ll <- asNamespace("sgmc")
  opts <- sgmc_options(sampler = "sgld", n_steps = 50, step_size = 0.05, n_chains = 2, threads = 1)
  h <- ll$c_sgmc_sample(sgmc_gaussian(c(0, 1))$handle, opts, c(0, 0, 0, 0))
  expect_identical(ll$c_sgmc_draws_copy(h, 1, 2 * a$n_draws), as.numeric(t(a$draws[, 2, ])))
})

test_that("sgmc_resample without a seed follows R's RNG too", {
  fit <- unconverged_ok(sgmc_sample(sgmc_target("mix1d", 0.1, 0.1), "csgld", 2000, step_size = 0.1,
                                    contour_m = 20, contour_u1 = 2, contour_du = 1, threads = 1, seed = 2))
  set.seed(7)
  a <- sgmc_resample(fit, n = 50)
  set.seed(7)
  expect_identical(sgmc_resample(fit, n = 50), a)
  expect_identical(sgmc_resample(fit, n = 50, seed = 3), sgmc_resample(fit, n = 50, seed = 3))
})
