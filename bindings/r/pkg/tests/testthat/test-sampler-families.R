# The families of samplers come from the library at run time.
test_that("the library says which family a sampler belongs to", {
  expect_true(.sgmc_in_family("icsghmc", "interacting"))
  expect_true(.sgmc_in_family("ksgld", "contour"))
  expect_false(.sgmc_in_family("ksgld", "interacting"))
  expect_true(.sgmc_in_family("resgld", "replica_exchange"))
  expect_identical(.sgmc_family_text("cyclical"), "cycsgld, cycsghmc")
  expect_identical(.sgmc_family_text("interacting"), "icsgld, icsghmc, picsgld")
  expect_error(.sgmc_in_family("hmc", "contour"), "'sampler' = \"hmc\"", class = "sgmc_error")
})

test_that("the library says which options a resumed run may change", {
  expect_identical(c_sgmc_option_resumable("threads"), 1)
  expect_identical(c_sgmc_option_resumable("n_steps"), 0)
  expect_identical(c_sgmc_option_read_by("friction", "csghmc"), 1)
  expect_identical(c_sgmc_option_read_by("friction", "sgld"), 0)
})
