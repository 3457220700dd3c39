# Faults of the model (docs/faults.md): on_fault = "error" stops the run
# with an "sgmc_fault" condition that carries the draws so far; "reject"
# counts the fault and retries the iteration; max_consecutive_faults ends a
# run whose model always fails.

# A data-free Gaussian in R whose evaluations (counted over the whole run;
# the chains take turns, one evaluation each per ask) fail as `faults`
# says: a named list from call number to "error", "nan" (energy) or "inf"
# (gradient).
flaky_model <- function(faults = list()) {
  calls <- 0
  what <- function() {
    calls <<- calls + 1
    f <- faults[[as.character(calls)]]
    if (is.null(f)) "" else f
  }
  now <- ""
  sgmc_model_r(energy = function(x, batch) {
                 now <<- what()
                 if (now == "error") stop("injected failure")
                 if (now == "nan") NaN else sum(x^2) / 2
               },
               gradient = function(x, batch) if (now == "inf") c(Inf, x[-1]) else x, dim = 2)
}

faults_at <- function(calls, kinds) setNames(as.list(kinds), as.character(calls))

test_that("an R model's fault under 'error' stops the run and keeps the draws so far", {
  free <- unconverged_ok(sgmc_sample(flaky_model(), "sgld", 50, step_size = 0.1, n_chains = 3, seed = 4))
  for (kind in c("error", "nan", "inf")) {
    # Call 29 is the second chain's (chain 1's) 10th evaluation.
    err <- expect_error(sgmc_sample(flaky_model(faults_at(29, kind)), "sgld", 50, step_size = 0.1,
                                    n_chains = 3, seed = 4),
                        class = "sgmc_fault")
    expect_match(conditionMessage(err), " at chain 1, step 10")
    if (kind == "error") {
      expect_s3_class(err, "sgmc_model_error")
      expect_match(conditionMessage(err), "the model failed at chain 1, step 10: the energy function failed: injected failure")
    } else {
      # A non-finite value is the library's to judge, as for built-in models.
      expect_s3_class(err, "sgmc_error_nonfinite")
      expect_match(conditionMessage(err), "the model returned a non-finite")
    }
    d <- err$draws
    expect_s3_class(d, "sgmc_draws")
    expect_equal(d$draws_per_chain, c(50, 9, 50)) # the others finished the round
    expect_equal(d$n_draws, 50)
    expect_identical(d$draws[1:9, 2, ], free$draws[1:9, 2, ])
    expect_identical(d$draws[, c(1, 3), ], free$draws[, c(1, 3), ])
    expect_true(all(is.na(d$draws[10:50, 2, ])))
    expect_equal(sgmc_faults(d), c(0, 0, 0))
  }
})

test_that("an R model's faults under 'reject' are counted and the run completes", {
  pattern <- faults_at(c(5, 6, 20, 30, 80), c("error", "nan", "inf", "error", "error"))
  a <- unconverged_ok(sgmc_sample(flaky_model(pattern), "sghmc", 50, step_size = 0.05, n_chains = 2, seed = 9,
                                  on_fault = "reject"))
  b <- unconverged_ok(sgmc_sample(flaky_model(pattern), "sghmc", 50, step_size = 0.05, n_chains = 2, seed = 9,
                                  on_fault = "reject"))
  free <- unconverged_ok(sgmc_sample(flaky_model(), "sghmc", 50, step_size = 0.05, n_chains = 2, seed = 9))
  # Odd calls are the first chain's, even calls the second's.
  expect_equal(sgmc_faults(a), c(1, 4))
  expect_equal(a$draws_per_chain, c(50, 50))
  expect_identical(a$draws, b$draws) # reproducible
  # Data-free without target noise: a rejected evaluation changes nothing,
  # so the draws are those of the fault-free run.
  expect_identical(a$draws, free$draws)
  expect_output(print(a), "rejected faults of the model per chain: 1 4")
})

test_that("max_consecutive_faults stops a model that always fails", {
  always <- sgmc_model_r(function(x, batch) stop("always"), function(x, batch) x, dim = 1)
  err <- expect_error(sgmc_sample(always, "sgld", 10, step_size = 1e-3, on_fault = "reject", max_consecutive_faults = 3,
                                  x0 = 0, n_chains = 1),
                      class = "sgmc_fault")
  expect_match(conditionMessage(err),
               "chain 0 faulted 3 times in a row at step 1 \\(max_consecutive_faults = 3\\); the last fault: the model failed at chain 0, step 1: the energy function failed: always")
  expect_equal(sgmc_faults(err$draws), 2)
  expect_equal(err$draws$n_draws, 0)
})

test_that("a built-in model's non-finite energy is a fault with the draws so far", {
  # A step size that diverges: |x| grows nine-fold per step until the
  # energy overflows.
  g <- sgmc_gaussian(c(0, 0), diag(2))
  err <- expect_error(sgmc_sample(g, "sgld", 1000, step_size = 10, n_chains = 2, threads = 2, seed = 3),
                      class = "sgmc_fault")
  expect_s3_class(err, "sgmc_error_nonfinite")
  expect_match(conditionMessage(err), "non-finite energy \\(inf\\) at chain 0, step [0-9]+")
  d <- err$draws
  expect_true(d$draws_per_chain[1] > 100 && d$draws_per_chain[1] < 1000)
  expect_true(all(is.finite(d$draws[seq_len(d$draws_per_chain[1]), 1, ])))
  # Under "reject" the point stays broken: the limit stops the run.
  err <- expect_error(sgmc_sample(g, "sgld", 1000, step_size = 10, n_chains = 2, threads = 2, seed = 3,
                                  on_fault = "reject"),
                      class = "sgmc_fault")
  expect_match(conditionMessage(err), "chain 0 faulted 10 times in a row")
  expect_equal(sgmc_faults(err$draws), c(9, 9))
  # The same draws as under "error": rejections changed no state.
  expect_equal(err$draws$draws_per_chain, d$draws_per_chain)
  # The library is fine afterwards.
  ok <- unconverged_ok(sgmc_sample(g, "sgld", 200, step_size = 0.1, seed = 3))
  expect_equal(ok$n_draws, 200)
  expect_equal(sgmc_faults(ok), rep(0, 4)) # n_chains' default
})

test_that("fault options are checked with the C message", {
  g <- sgmc_gaussian(c(0, 0), diag(2))
  expect_error(sgmc_sample(g, "sgld", 10, step_size = 1e-3, on_fault = "ignore"), "must be one of error\\|reject",
               class = "sgmc_error_invalid_argument")
  expect_error(sgmc_sample(g, "sgld", 10, step_size = 1e-3, max_consecutive_faults = 0), "max_consecutive_faults",
               class = "sgmc_error_invalid_argument")
})

test_that("sgmc_resume after a fault of the model returns the draws so far, as sgmc_sample does", {
  # The diverging run above, checkpointed every 10 iterations: the fault
  # leaves the last whole-round checkpoint, and the resumed run meets the
  # same fault at the same step.
  g <- sgmc_gaussian(c(0, 0), diag(2))
  f <- tempfile(fileext = ".ckpt")
  args <- list(g, "sgld", 1000, step_size = 10, n_chains = 2, threads = 1, seed = 3,
               checkpoint_file = f, checkpoint_every = 10, progress_every = 10)
  first <- expect_error(do.call(sgmc_sample, args), class = "sgmc_fault")
  expect_true(file.exists(f))
  again <- expect_error(sgmc_resume(g, f), class = "sgmc_fault")
  expect_s3_class(again, "sgmc_error_nonfinite")
  expect_match(conditionMessage(again), "non-finite energy \\(inf\\) at chain 0, step [0-9]+")
  expect_identical(again$draws$draws_per_chain, first$draws$draws_per_chain)
  expect_identical(again$draws$draws, first$draws$draws)
  unlink(f)
})
