# The verdict of every run (docs/verdict.md): trusted runs stay quiet, a
# run with a step that inflates the spread warns with class
# "sgmc_untrusted", and the checks read in R's terms.

test_that("a small step on a Gaussian is trusted, silently", {
  m <- sgmc_gaussian(c(0, 0), diag(c(1, 0.25)))
  expect_silent(fit <- sgmc_sample(m, "sgld", 60000, step_size = 0.01, burn_in = 12000,
                                   n_chains = 4, threads = 1, seed = 3, progress = FALSE))
  v <- sgmc_verdict(fit)
  expect_true(v$trusted)
  expect_identical(v$reasons, "")
  expect_identical(v$checks$name, c("rhat", "ess_bulk", "ess_tail", "energy_drift", "step_bias",
                                    "mean_bias", "fault_share"))
  expect_true(all(v$checks$passed))
  expect_output(print(fit), "verdict: trusted \\(7 checks pass\\)")
})

test_that("a step that inflates the variance fivefold warns, naming the check and variable", {
  m <- sgmc_gaussian(c(0, 0), diag(c(1, 0.25)))
  w <- tryCatch(sgmc_sample(m, "sgld", 60000, step_size = 0.4, burn_in = 12000, n_chains = 4,
                            threads = 1, seed = 3, progress = FALSE),
                sgmc_untrusted = function(w) w)
  expect_s3_class(w, "sgmc_untrusted")
  expect_match(conditionMessage(w), "step_bias = ")
  checks <- w$verdict$checks
  bias <- checks[checks$name == "step_bias", ]
  expect_false(bias$passed)
  expect_gt(bias$value, 2)
  expect_match(bias$where, "^chain [1-4], x\\[2\\] \\(4\\.")
})

test_that("sgmc_verdict rejects what is not a run's draws", {
  expect_error(sgmc_verdict(list()), "'x' must be an sgmc_draws object")
})
