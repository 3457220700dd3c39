# Runs the package's testthat suite against the installed package (CTest).
args <- commandArgs(trailingOnly = TRUE)
library(testthat)
library(sgmc)
res <- testthat::test_dir(args[1], package = "sgmc", load_package = "installed",
                          reporter = testthat::ProgressReporter$new(show_praise = FALSE),
                          stop_on_failure = TRUE)
invisible(res)
