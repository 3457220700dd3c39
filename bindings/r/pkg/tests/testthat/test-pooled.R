# Pooled weighted estimates of the interacting contour samplers, whose chains
# share one theta, on mix1d = 0.4 N(-6, 1) + 0.6 N(4, 1) (mean 0, sd 5).

res_ic <- sgmc_sample(sgmc_target("mix1d", 0.1, 0.1), "icsgld", 200000, step_size = 0.2, thin = 100,
                      n_chains = 4, threads = 2, seed = 3, x0 = 0, contour_m = 50, contour_u1 = 2,
                      contour_du = 1, contour_pilot_steps = 2000)

# Effective sample size of a weighted estimate from correlated draws: Kish's
# ESS of the weights, discounted by the autocorrelation of the draws
# (posterior's bulk ESS over the number of draws).
weighted_ess <- function(x, kish_ess) {
  kish_ess * min(1, posterior::ess_bulk(x$draws[, , 1]) / length(x$draws[, , 1]))
}

# The draws of all chains, chain 1's first: the order of the pooled indices.
pooled_draws <- function(x) as.vector(x$draws[, , 1])

test_that("the pooled weighted mean of icsgld on mix1d is within Monte Carlo error of 0", {
  s <- sgmc_weighted_summary(res_ic, probs = c(0.25, 0.75))
  expect_true(attr(s, "pooled"))
  ess <- attr(s, "kish_ess")
  expect_length(ess, 1)
  expect_gt(ess, 100)
  tol <- 4 * s$sd / sqrt(weighted_ess(res_ic, ess))
  expect_lt(abs(s$mean - 0), tol, label = sprintf("|pooled mean| = %.3f (tol %.3f)", abs(s$mean), tol))
  expect_lt(abs(s$sd - 5), 0.5)
  # Quartiles of the mixture: one in each mode.
  expect_lt(s$q25, -4)
  expect_gt(s$q75, 3)
  expect_null(s$mcse_mean)
  expect_identical(sgmc_weighted_summary(res_ic, probs = c(0.25, 0.75), pooled = TRUE), s)
  per_chain <- sgmc_weighted_summary(res_ic, pooled = FALSE)
  expect_false(attr(per_chain, "pooled"))
  expect_length(attr(per_chain, "kish_ess"), 4)
  expect_output(print(summary(res_ic)), "chains pooled")
})

test_that("pooled resampling picks the C indices into the draws of all chains", {
  n <- 4000
  rs <- sgmc_resample(res_ic, n = n, seed = 5)
  expect_s3_class(rs, "draws_array")
  expect_equal(dim(rs), c(n, 1, 1))
  idx <- attr(rs, "index")
  expect_identical(idx, sgmc:::c_sgmc_r_draws_resample(res_ic$handle, -1, 0, 0, 5, n) + 1)
  all <- pooled_draws(res_ic)
  expect_identical(as.numeric(rs), all[idx])
  # Systematic resampling picks draw k floor(n w_k) or ceil(n w_k) times,
  # w_k normalised over all chains (their weights share one theta); the
  # 1e-6 allows for n w_k computed in another order than in C.
  lw <- as.vector(sgmc_log_weights(res_ic))
  w <- exp(lw - max(lw))
  w <- w / sum(w)
  picks <- tabulate(idx, nbins = length(all))
  expect_true(all(picks >= floor(n * w - 1e-6) & picks <= ceiling(n * w + 1e-6)))
  expect_gt(max(idx), res_ic$n_draws) # not only chain 1
  # The mass of the right mode, 0.6.
  tol <- 4 * sqrt(0.24 / weighted_ess(res_ic, attr(sgmc_weighted_summary(res_ic), "kish_ess")))
  expect_lt(abs(mean(as.numeric(rs) > 0) - 0.6), tol)
})

test_that("bad pooled requests are R errors naming the argument and its value", {
  cs <- unconverged_ok(sgmc_sample(sgmc_target("mix1d", 0.1, 0.1), "csgld", 2000, step_size = 0.1, n_chains = 2,
                                   contour_m = 50, contour_u1 = 2, seed = 1, x0 = 0, threads = 1))
  expect_error(sgmc_weighted_summary(cs, pooled = TRUE), "'pooled' = TRUE: sampler 'csgld' has a theta per chain")
  expect_error(sgmc_resample(cs, pooled = TRUE), "'pooled' = TRUE: sampler 'csgld'")
  expect_false(attr(sgmc_weighted_summary(cs), "pooled"))
  g <- unconverged_ok(sgmc_sample(sgmc_gaussian(0), "sgld", 100, step_size = 0.1, seed = 1))
  expect_error(sgmc_resample(g, pooled = TRUE), "sampler 'sgld' has no importance weights")
  expect_error(sgmc_resample(res_ic, pooled = "yes"), "'pooled' = \"yes\": must be TRUE or FALSE")
  expect_error(sgmc_resample(res_ic, n = 0), "'n' = 0: must be a whole number >= 1")
  expect_error(sgmc_resample(res_ic, n = 2.5), "'n' = 2.5")
  expect_error(sgmc_weighted_summary(res_ic, probs = c(0.5, 1.5)), "'probs' = c\\(0.5, 1.5\\): must be numbers in \\[0, 1\\]")
  expect_error(sgmc_weighted_summary(res_ic, probs = NA_real_), "'probs' = NA")
})
