library(testthat)
library(sgmc)
test_check("sgmc")
