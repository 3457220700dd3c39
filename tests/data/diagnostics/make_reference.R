# Reference values of R-hat and ESS from R's `posterior` package for the
# diagnostics tests (tests/cpp/diagnostics/test_convergence_reference.cpp).
#
#   Rscript make_reference.R [out_dir [seed]]
#
# writes, for each case, <case>.csv (the draws: one row per draw, one column
# per chain) and expected.csv (one row per case: rhat, rhat_basic, ess_bulk,
# ess_tail, ess_basic; NA where posterior returns NA). The files kept beside
# this script were made with posterior 1.4.0 and the default seed; CTest
# runs the script again with another seed when R and posterior are present
# and compares the engine with its output.
suppressPackageStartupMessages(library(posterior))

args <- commandArgs(trailingOnly = TRUE)
out_dir <- if (length(args) >= 1) args[1] else "."
dir.create(out_dir, showWarnings = FALSE, recursive = TRUE)
set.seed(if (length(args) >= 2) as.integer(args[2]) else 20211)

ar1 <- function(n, phi) {
  x <- numeric(n)
  x[1] <- rnorm(1) / sqrt(1 - phi^2)
  for (i in 2:n) x[i] <- phi * x[i - 1] + rnorm(1)
  x
}

cases <- list(
  iid_normal = matrix(rnorm(4 * 500), 500, 4),
  ar1_strong = sapply(1:4, function(c) ar1(1000, 0.95)),
  ar1_antithetic = sapply(1:4, function(c) ar1(400, -0.6)),
  shifted_means = sweep(matrix(rnorm(4 * 300), 300, 4), 2, c(0, 0, 0.5, 2), "+"),
  heavy_tails = matrix(rt(4 * 400, df = 1), 400, 4),
  odd_length = matrix(rexp(3 * 101), 101, 3),
  ties = matrix(round(rnorm(4 * 100), 1), 100, 4),
  one_chain = matrix(ar1(600, 0.7), 600, 1),
  short = matrix(rnorm(2 * 7), 7, 2),
  four_draws = matrix(rnorm(3 * 4), 4, 3),
  constant = matrix(1.5, 50, 3)
)

fmt <- function(x) ifelse(is.na(x), "NA", sprintf("%.17g", x))
rows <- character()
for (name in names(cases)) {
  x <- cases[[name]]
  write.table(matrix(fmt(x), nrow(x)), file.path(out_dir, paste0(name, ".csv")),
              sep = ",", quote = FALSE, row.names = FALSE, col.names = FALSE)
  values <- suppressWarnings(c(rhat(x), rhat_basic(x), ess_bulk(x), ess_tail(x), ess_basic(x)))
  rows <- c(rows, paste(c(name, fmt(values)), collapse = ","))
}
writeLines(c("case,rhat,rhat_basic,ess_bulk,ess_tail,ess_basic", rows),
           file.path(out_dir, "expected.csv"))
