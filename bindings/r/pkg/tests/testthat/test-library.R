test_that("the loaded library says its version and which instruction-set copy it is", {
  expect_match(sgmc_version(), "^[0-9]+[.][0-9]+[.][0-9]+$")
  # glibc's loader picks the copy (docs/building.md); every one is a level name.
  expect_true(sgmc_isa_level() %in% c("baseline", "x86-64-v2", "x86-64-v3", "x86-64-v4", "native"))
})
