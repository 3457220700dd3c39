# Checkpoint and resume from R: the resumed draws equal the uninterrupted
# run's bitwise; damaged or foreign files and changed options are refused.

# R cannot stop a run at a chosen step (the C and C++ tests resume from the
# middle of runs); here the checkpoint each run leaves at its end is read back
# through the whole R path, and writing checkpoints must not change the draws.
test_that("checkpointing leaves the draws alone and a resumed run returns them", {
  g <- sgmc_target("gauss25", grad_noise_sd = 0.2)
  for (s in c("sghmc", "resgld", "icsgld", "cycsgld")) {
    extra <- if (s == "resgld") list(temperature_max = 4) else list()
    args <- c(list(g, s, 600, step_size = 0.01, n_chains = 3, threads = 2, seed = 5,
                   x0 = c(0.5, -0.5)), extra)
    whole <- unconverged_ok(do.call(sgmc_sample, args))
    f <- tempfile(fileext = ".ckpt")
    first <- unconverged_ok(do.call(sgmc_sample, c(args, list(checkpoint_file = f, checkpoint_every = 250))))
    expect_identical(first$draws, whole$draws)
    resumed <- unconverged_ok(sgmc_resume(g, f, threads = 1))
    expect_identical(resumed$draws, whole$draws, info = s)
    expect_identical(resumed$sampler, s)
    unlink(f)
  }
})

test_that("bad checkpoints and mismatches are refused and change nothing", {
  g <- sgmc_target("gauss25")
  f <- tempfile(fileext = ".ckpt")
  d <- unconverged_ok(sgmc_sample(g, "sgld", 200, step_size = 0.01, threads = 1, checkpoint_file = f))
  before <- readBin(f, "raw", file.size(f))
  expect_error(sgmc_resume(g, paste0(f, ".missing")), class = "sgmc_error")
  csv <- tempfile(fileext = ".csv")
  writeLines(c("x,y", "1,2"), csv)
  expect_error(sgmc_resume(g, csv), "not an sgmc checkpoint", class = "sgmc_error")
  damaged <- before
  damaged[length(damaged) %/% 2] <- as.raw(bitwXor(as.integer(damaged[length(damaged) %/% 2]), 255L))
  writeBin(damaged, f)
  expect_error(sgmc_resume(g, f), "corrupt", class = "sgmc_error")
  expect_identical(readBin(f, "raw", file.size(f)), damaged)
  writeBin(before, f)
  expect_error(sgmc_resume(sgmc_gaussian(c(0, 0, 0), diag(3)), f), "written for dim = 2",
               class = "sgmc_error")
  expect_error(sgmc_resume(g, f, checkpoint_every = -1), "checkpoint_every", class = "sgmc_error")
  expect_error(sgmc_resume(g, c(f, f)), "'path' must be one file name")
  expect_identical(unconverged_ok(sgmc_resume(g, f))$draws, d$draws)
  unlink(c(f, csv))
})

test_that("a run of an R model stopped by a fault resumes from its checkpoint", {
  y <- seq(-1, 1, length.out = 20)
  # The energy fails once, at its call number `fail_at` (the chains take
  # turns: call 350 is the second chain's 175th).
  r_model <- function(fail_at = Inf) {
    calls <- 0
    sgmc_model_r(function(x, b) {
      calls <<- calls + 1
      if (calls == fail_at) stop("boom")
      sum((x - mean(y[b]))^2) / 2
    }, function(x, b) x - mean(y[b]), dim = 2, data_size = 20)
  }
  f <- tempfile(fileext = ".ckpt")
  run <- function(model, ...) unconverged_ok(sgmc_sample(model, "sghmc", 300, step_size = 0.05, batch_size = 5,
                                                         n_chains = 2, seed = 3, ...))
  whole <- run(r_model())
  # Rounds end at 100, 200, 300; the fault in the second round stops the
  # run before its checkpoint, so the file holds iteration 100.
  expect_error(run(r_model(fail_at = 350), checkpoint_file = f, checkpoint_every = 100),
               class = "sgmc_fault")
  expect_true(file.exists(f))
  resumed <- unconverged_ok(sgmc_resume(r_model(), f))
  expect_identical(resumed$draws, whole$draws)
  expect_identical(resumed$energy, whole$energy)
  # Another model's shape is refused.
  other <- sgmc_model_r(function(x, b) sum(x^2), function(x, b) 2 * x, dim = 3, data_size = 20)
  expect_error(sgmc_resume(other, f), "written for dim = 2")
  unlink(f)
})

test_that("an R model's resgld run resumes from the middle to the uninterrupted draws", {
  # Fails at call 500, in iteration 167 (three evaluations per iteration):
  # after the checkpoint at 100.
  model <- function(fail_at = Inf) {
    calls <- 0
    sgmc_model_r(function(x, b) {
      calls <<- calls + 1
      if (calls == fail_at) stop("boom")
      0.5 * (x * x)
    }, function(x, b) x, dim = 1)
  }
  f <- tempfile(fileext = ".ckpt")
  run <- function(m, ...) unconverged_ok(sgmc_sample(m, "resgld", 300, step_size = 0.05, temperature_max = 4,
                                                     n_chains = 3, x0 = 0.5, seed = 2, ...))
  whole <- run(model())
  expect_error(run(model(fail_at = 500), checkpoint_file = f, checkpoint_every = 100, progress_every = 100),
               class = "sgmc_fault")
  resumed <- unconverged_ok(sgmc_resume(model(), f))
  expect_identical(resumed$draws, whole$draws)
  expect_identical(resumed$energy, whole$energy)
  expect_identical(sgmc_swap_stats(resumed), sgmc_swap_stats(whole))
  unlink(f)
})
