# The cost per iteration of a model written in R against a built-in one,
# side by side in one run: SGLD on two dimensions, one chain, the R model's
# four functions trivial so that what is timed is the ask/tell loop.
# Usage: Rscript bench.R [n_steps = 1e5] [repeats = 5]; best of `repeats`.
library(sgmc)
args <- commandArgs(trailingOnly = TRUE)
n_steps <- if (length(args) >= 1) as.numeric(args[1]) else 1e5
repeats <- if (length(args) >= 2) as.integer(args[2]) else 5L

trivial <- sgmc_model_r(energy = function(x, batch) 0, gradient = function(x, batch) c(0, 0),
                        prior_energy = function(x) 0, prior_gradient = function(x) c(0, 0), dim = 2)
builtin <- sgmc_gaussian(c(0, 0), diag(2))

# Seconds per iteration, the best of `repeats` runs.
per_step <- function(run) min(replicate(repeats, system.time(run())[["elapsed"]])) / n_steps
sample_with <- function(model) {
  function() sgmc_sample(model, "sgld", n_steps, step_size = 1e-3, n_chains = 1, seed = 1, threads = 1)
}
# The user's four functions called as the loop calls them, without the
# library: the part of an R model's iteration no binding can remove.
functions_alone <- function() {
  f <- trivial$r_functions
  x <- list(c(0, 0))
  b <- list(integer(0))
  for (k in seq_len(n_steps)) {
    f$energy(x[[1]], b[[1]])
    f$gradient(x[[1]], b[[1]])
    f$prior_energy(x[[1]])
    f$prior_gradient(x[[1]])
  }
}
# The binding's two C calls per ask (ask, tell) with the values told
# fixed: the library's ask/tell and the binding's C shims, no R functions.
ask_tell_alone <- function() {
  sgmc <- asNamespace("sgmc")
  run <- sgmc$c_sgmc_run_create(sgmc_options(sampler = "sgld", n_steps = n_steps, step_size = 1e-3, n_chains = 1,
                                             seed = 1),
                                2, 0, c(0, 0))
  zero <- 0
  grad <- matrix(0, 2, 1)
  while (!is.null(.Call(sgmc$R_swig_c_sgmc_r_run_ask, run, 2, NULL, FALSE)))
    .Call(sgmc$R_swig_c_sgmc_r_run_tell, run, TRUE, zero, grad, zero, grad, FALSE, "")
}

t_builtin <- per_step(sample_with(builtin))
t_r <- per_step(sample_with(trivial))
t_functions <- per_step(functions_alone)
t_ask_tell <- per_step(ask_tell_alone)
us <- function(t) sprintf("%8.2f", 1e6 * t)
cat(sprintf("SGLD, d = 2, one chain, %g iterations, best of %d: microseconds per iteration\n", n_steps, repeats))
cat("built-in Gaussian                      ", us(t_builtin), "\n")
cat("R model, four trivial functions        ", us(t_r), "\n")
cat("  its four R functions alone           ", us(t_functions), "\n")
cat("  the binding's loop (R model - those) ", us(t_r - t_functions), "\n")
cat("    ask and tell called from R         ", us(t_ask_tell), "\n")
cat("    the R code of the loop             ", us(t_r - t_functions - t_ask_tell), "\n")
