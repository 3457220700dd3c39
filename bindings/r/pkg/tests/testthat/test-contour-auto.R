# The automatic partition of the contour samplers and their verdict (SPEC
# §4.4, docs/contour.md) through R: the partition is readable, a run that
# converged says so, a misconfigured one warns, and models written in R
# get the same partition as built-in ones.

test_that("icsgld chooses its partition and gets mix1d's mode masses", {
  # Seed 2: a right run the verdict passes on the baseline and x86-64-v3
  # copies of libsgmc (seed 3's was a false alarm on the baseline only;
  # tests/c/test_capi_contour_verdict.c).
  f <- sgmc_sample(sgmc_target("mix1d"), "icsgld", 2e5, step_size = 0.1, n_chains = 4,
                   threads = 1, seed = 2, thin = 10)
  p <- sgmc_contour_partition(f)
  expect_equal(nrow(p), 4)
  expect_true(all(p$automatic))
  expect_equal(p$pilot_steps, rep(40000, 4))      # max(n_steps / 5, min(2000, n_steps / 2))
  expect_equal(length(unique(p$u1)), 1)           # the chains share one partition
  expect_gt(p$u1[1], 1.43)                        # mix1d's lowest energy: no unreachable subregion
  expect_lt(p$u1[1], 3)
  expect_gte(p$m[1], 4)
  v <- sgmc_contour_verdict(f)
  expect_true(v$converged, info = v$reasons)
  expect_identical(v$reasons, "")
  # The run's verdict adds how far the open top subregion moves the
  # estimates, over the one theta the chains share.
  checks <- sgmc_verdict(f)$checks
  top <- checks[checks$name == "contour_top_influence", ]
  expect_equal(nrow(top), 1)
  expect_true(top$passed)
  expect_equal(top$limit, 0.05)
  expect_identical(top$where, "all chains (shared theta)")
  # The right mode's mass, 0.6, from the pooled weighted draws; the
  # tolerance is 5 Monte Carlo errors with Kish's ESS discounted by the
  # chains' autocorrelation (bulk ESS / draws).
  x <- f$draws[, , 1]
  w <- exp(f$log_weights - max(f$log_weights))
  right <- sum(w * (x > -1)) / sum(w)
  kish <- sum(w)^2 / sum(w^2)
  ess <- kish * min(1, posterior::ess_bulk(x) / length(x))
  expect_lt(abs(right - 0.6), 5 * sqrt(0.24 / ess))
  d <- sgmc_contour_diagnostics(f)
  expect_identical(d$theta, "all chains")
  expect_true(d$pass)
  expect_setequal(attr(d, "checks")$name, c("theta_max", "visit_tv", "multiplier_out",
                                            "theta_drift", "kish_share", "weighted_rhat",
                                            "weighted_ess"))
})

test_that("pcsgld without a step_size gives its pilot half the run", {
  # The pilot's first stage holds pSGLD's warm-up, whose metric needs the
  # half of the run psgld gives it (docs/contour.md); with a step_size set
  # there is no warm-up and the pilot is max(n_steps / 5, min(2000, n_steps / 2)).
  auto <- suppressWarnings(sgmc_sample(sgmc_target("mix1d"), "pcsgld", 1e4, n_chains = 1,
                                       threads = 1, seed = 1))
  expect_equal(sgmc_contour_partition(auto)$pilot_steps, 5000)
  set <- suppressWarnings(sgmc_sample(sgmc_target("mix1d"), "pcsgld", 1e4, step_size = 0.1,
                                      n_chains = 1, threads = 1, seed = 1))
  expect_equal(sgmc_contour_partition(set)$pilot_steps, 2000)
})

test_that("a thin lump at u1 ends sgmc_sample with an sgmc_untrusted warning", {
  expect_warning(
    f <- sgmc_sample(sgmc_target("mix1d"), "csgld", 2e5, step_size = 0.1, contour_u1 = 1,
                     contour_du = 0.1, contour_m = 60, n_chains = 1, threads = 1, seed = 1),
    class = "sgmc_untrusted")
  v <- sgmc_contour_verdict(f)
  expect_false(v$converged)
  expect_match(v$reasons, "chain 1: theta_max = ")
  p <- sgmc_contour_partition(f)
  expect_false(p$automatic)
  expect_equal(c(p$u1, p$du, p$m, p$pilot_steps), c(1, 0.1, 60, 0))
  d <- sgmc_contour_diagnostics(f)
  expect_false(d$pass[1])
  w <- tryCatch(sgmc_sample(sgmc_target("mix1d"), "csgld", 2e5, step_size = 0.1, contour_u1 = 1,
                            contour_du = 0.1, contour_m = 60, n_chains = 1, threads = 1, seed = 1),
                sgmc_untrusted = function(w) w)
  expect_identical(w$verdict, sgmc_verdict(f))
  checks <- w$verdict$checks
  expect_false(checks$passed[checks$name == "contour_theta_max"])
  expect_identical(checks$where[checks$name == "contour_theta_max"], "chain 1")
})

test_that("chains of csgld choose their own partitions; theta is padded to the largest m", {
  f <- unconverged_ok(sgmc_sample(sgmc_target("mix1d"), "csgld", 20000, step_size = 0.1,
                                  n_chains = 3, threads = 1, seed = 4))
  p <- sgmc_contour_partition(f)
  expect_true(all(p$automatic))
  th <- sgmc_theta(f)
  expect_equal(dim(th), c(max(p$m), 3))
  for (c in 1:3) {
    expect_equal(sum(!is.na(th[, c])), p$m[c])
    expect_equal(sum(th[, c], na.rm = TRUE), 1, tolerance = 1e-12)
  }
  d <- sgmc_contour_diagnostics(f)
  expect_identical(d$theta, c("chain 1", "chain 2", "chain 3", "across chains"))
  expect_true(is.na(d$theta_max[4]) && !is.na(d$weighted_rhat[4]))
})

test_that("a model written in R gets the automatic partition of the same built-in model", {
  mu <- c(1, -2)
  prec <- c(1, 2)
  rg <- sgmc_model_r(energy = function(x, batch) sum(prec * (x - mu)^2) / 2,
                     gradient = function(x, batch) prec * (x - mu), dim = 2)
  g <- sgmc_gaussian(mu, diag(1 / prec))
  a <- unconverged_ok(sgmc_sample(g, "csgld", 2000, step_size = 0.02, x0 = c(0, 0), n_chains = 2,
                                  threads = 1, seed = 21))
  b <- unconverged_ok(sgmc_sample(rg, "csgld", 2000, step_size = 0.02, x0 = c(0, 0), n_chains = 2,
                                  seed = 21))
  expect_equal(sgmc_contour_partition(b), sgmc_contour_partition(a), tolerance = 1e-10)
  expect_equal(b$draws, a$draws, tolerance = 1e-10, ignore_attr = TRUE)
  expect_identical(sgmc_contour_verdict(b)$converged, sgmc_contour_verdict(a)$converged)
})

test_that("bad contour requests are R errors naming the argument and value", {
  s <- unconverged_ok(sgmc_sample(sgmc_target("mix1d"), "sgld", 100, step_size = 1e-3, threads = 1))
  expect_error(sgmc_contour_partition(s), "sampler 'sgld' has no importance weights")
  expect_error(sgmc_contour_verdict(s), "sampler 'sgld'")
  expect_error(sgmc_contour_diagnostics(list()), "'x' must be an sgmc_draws")
  expect_error(sgmc_sample(sgmc_target("mix1d"), "csgld", 1000, contour_partition = "auto",
                           contour_u1 = 2),
               "contour_partition")
  expect_error(sgmc_sample(sgmc_target("mix1d"), "csgld", 20, step_size = 1e-3), "'n_steps' = 20")
  expect_error(sgmc_sample(sgmc_target("mix1d"), "ksgld", 1000, contour_partition = "auto"),
               "contour_partition")
})
