# R's posterior package reads the draws file of `sgmc run` as it is
# (docs/cli.md, "The draws file"): as_draws(read.csv(file, check.names = FALSE)).
# Arguments: the work directories of the runs cli_run_names (names from the
# config, one with a comma) and cli_run_csgld (a contour sampler's weights).
suppressPackageStartupMessages(library(posterior))
dirs <- commandArgs(trailingOnly = TRUE)
read_draws <- function(dir) as_draws(read.csv(file.path(dir, "draws.csv"), check.names = FALSE))
expect <- function(ok, what) if (!isTRUE(ok)) stop(what, call. = FALSE)

named <- read_draws(dirs[1])
expect(identical(variables(named), c("lp__", "alpha", "beta[1,2]", "gamma")),
       paste("variables:", paste(variables(named), collapse = ", ")))
expect(nchains(named) == 2 && ndraws(named) == 1200, "2 chains of 600 draws")

# .log_weight is posterior's weights: their weighted mean is the summary's.
weighted <- read_draws(dirs[2])
summary <- jsonlite::fromJSON(file.path(dirs[2], "summary.json"))
mean_w <- sum(weights(weighted) * extract_variable(weighted, "x[1]"))
expect(abs(mean_w - summary$weighted$mean) < 1e-9 * max(1, abs(mean_w)),
       sprintf("weighted mean %.17g, the summary's %.17g", mean_w, summary$weighted$mean))
cat("posterior reads the draws files:", variables(named), "and weights\n")
