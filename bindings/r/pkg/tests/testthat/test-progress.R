# progress = TRUE: a cli progress bar, moved from the library's progress
# callback (built-in models) or from the ask/tell loop (R models). Every
# other test runs with it off (the default is interactive()).

# The lines of cli's "logger" progress handler while expr runs, and expr's value.
# (Which updates cli draws depends on its timer; the last line says where the
# bar ended: "<done>/<total> terminated".)
with_progress_log <- function(expr) {
  old <- options(cli.progress_show_after = 0, cli.progress_handlers_only = "logger")
  on.exit(options(old))
  value <- NULL
  log <- utils::capture.output(value <- expr)
  list(log = log, value = value)
}

test_that("progress must be TRUE or FALSE", {
  g <- sgmc_target("gauss25")
  expect_error(sgmc_sample(g, "sgld", 10, step_size = 1e-3, progress = NA), "'progress' = NA: must be TRUE or FALSE")
  expect_error(sgmc_sample(g, "sgld", 10, step_size = 1e-3, progress = "yes"), "'progress' = \"yes\"")
  expect_error(sgmc_sample(g, "sgld", 10, step_size = 1e-3, progress = c(TRUE, FALSE)), "'progress'")
  expect_error(sgmc_resume(g, tempfile(), progress = 1), "'progress' = 1: must be TRUE or FALSE")
})

test_that("progress = TRUE shows a bar for a built-in model, with the same draws", {
  g <- sgmc_gaussian(c(0, 1), diag(2))
  run <- function(progress) unconverged_ok(sgmc_sample(g, "sgld", 3000, step_size = 0.05, n_chains = 2, threads = 1,
                                                       seed = 3, progress_every = 500, progress = progress))
  shown <- with_progress_log(run(TRUE))
  expect_match(shown$log, "0/3000 created", all = FALSE)
  expect_match(shown$log, "3000/3000 terminated", all = FALSE)
  expect_identical(shown$value$draws, run(FALSE)$draws)
})

test_that("progress = TRUE shows a bar for an R model and for a resumed run", {
  m <- sgmc_model_r(function(x, batch) sum(x^2) / 2, function(x, batch) x, dim = 2)
  f <- tempfile(fileext = ".ckpt")
  on.exit(unlink(f))
  shown <- with_progress_log(sgmc_sample(m, "sghmc", 2000, step_size = 0.05, seed = 4, progress_every = 500,
                                         checkpoint_file = f, progress = TRUE))
  expect_match(shown$log, "0/2000 created", all = FALSE)
  expect_match(shown$log, "1500/2000 terminated", all = FALSE) # the last round's report before the end
  expect_identical(shown$value$draws, sgmc_sample(m, "sghmc", 2000, step_size = 0.05, seed = 4,
                                                  progress_every = 500, progress = FALSE)$draws)
  resumed <- with_progress_log(sgmc_resume(m, f, progress = TRUE))
  expect_match(resumed$log, "created", all = FALSE)
  expect_identical(resumed$value$draws, shown$value$draws)
})

test_that("a jump out of the progress callback, as Ctrl-C makes, stops a built-in run with the draws so far", {
  g <- sgmc_gaussian(c(0, 1), diag(2))
  opts <- sgmc_options(sampler = "sgld", n_steps = 5000, step_size = 0.05, seed = 1, progress_every = 1000)
  res <- sgmc:::c_sgmc_r_sample(g$handle, opts, c(0, 0), function(done) if (done >= 2000) invokeRestart("abort"))
  expect_equal(res$status, 1) # SGMC_CANCELLED
  expect_equal(sgmc:::c_sgmc_r_was_interrupted(), 1)
  expect_equal(sgmc:::c_sgmc_draws_shape(res$out)$n_draws, 2000)
  expect_error(sgmc:::c_sgmc_r_sample(g$handle, opts, c(0, 0), "tick"), "'tick': must be NULL or a function")
})
