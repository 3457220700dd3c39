# A fit converts to every posterior format, to bayesplot and to coda as
# Stan's draws do: every chain, lp__ = minus the energy, and for contour
# samplers the importance weights as posterior's .log_weight.

fit_sgld <- unconverged_ok(sgmc_sample(sgmc_gaussian(c(0, 1)), "sgld", 300, step_size = 0.05, n_chains = 2,
                                       threads = 1, seed = 3))
fit_csgld <- unconverged_ok(sgmc_sample(sgmc_target("mix1d", 0.1, 0.1), "csgld", 3000, step_size = 0.1,
                                        contour_m = 20, contour_u1 = 2, contour_du = 1, n_chains = 2,
                                        threads = 1, seed = 4))

# posterior's .log_weight as stored (weights.draws is a method of stats::weights).
log_weight <- function(d) stats::weights(d, log = TRUE, normalize = FALSE)

expect_generics <- function(fit) {
  variables <- c(fit$variables, "lp__")
  weighted <- !is.null(fit$log_weights)
  da <- posterior::as_draws(fit)
  expect_s3_class(da, "draws_array")
  expect_equal(as.numeric(posterior::extract_variable(da, "lp__")), -as.numeric(fit$energy))
  expect_equal(as.numeric(posterior::extract_variable(da, fit$variables[1])), as.numeric(fit$draws[, , 1]))
  if (weighted) {
    # Normalised per chain: the fit's log-weights less each chain's log-sum-exp.
    lse <- apply(fit$log_weights, 2, function(v) max(v) + log(sum(exp(v - max(v)))))
    expect_equal(as.numeric(log_weight(da)),
                 as.numeric(sweep(fit$log_weights, 2, lse)))
  }
  formats <- list(posterior::as_draws_array, posterior::as_draws_df, posterior::as_draws_matrix,
                  posterior::as_draws_list)
  for (as_format in formats) {
    d <- as_format(fit)
    expect_identical(posterior::variables(d), variables)
    expect_equal(c(posterior::niterations(d), posterior::nchains(d)), c(fit$n_draws, 2))
    expect_identical(".log_weight" %in% posterior::variables(d, reserved = TRUE), weighted)
    expect_equal(log_weight(d), log_weight(da))
  }
  rv <- posterior::as_draws_rvars(fit)
  expect_identical(posterior::variables(rv), c("x", "lp__"))
  expect_equal(posterior::ndraws(rv), 2 * fit$n_draws)
  expect_identical(".log_weight" %in% posterior::variables(rv, reserved = TRUE), weighted)
  expect_identical(posterior::variables(posterior::as_draws_df(fit, lp = FALSE)), fit$variables)

  s <- posterior::summarise_draws(fit)
  expect_identical(s$variable, variables)
  expect_equal(as.numeric(s$mean[1]), mean(fit$draws[, , 1]))
  expect_equal(as.numeric(s$mean[length(variables)]), -mean(fit$energy))

  skip_if_not_installed("bayesplot")
  expect_s3_class(bayesplot::mcmc_trace(fit), "ggplot")

  skip_if_not_installed("coda")
  m <- coda::as.mcmc.list(fit)
  expect_equal(coda::nchain(m), 2)
  expect_equal(coda::niter(m), fit$n_draws)
  expect_identical(coda::varnames(m), variables)
  expect_equal(as.numeric(m[[2]][, "lp__"]), -fit$energy[, 2])
}

test_that("an unweighted fit (sgld) converts to posterior, bayesplot and coda", {
  expect_generics(fit_sgld)
})

test_that("a weighted fit (csgld) carries its weights as .log_weight", {
  expect_generics(fit_csgld)
})
